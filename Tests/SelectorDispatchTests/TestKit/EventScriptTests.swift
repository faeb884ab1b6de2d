import Testing

@testable import SelectorDispatchTesting

@Suite struct EventScriptTests {
  @Test func readsEventsAndSkipsBlankAndCommentLines() throws {
    let script = EventScript(
      Array(
        """
        # launch
        {"selector": "applicationDidBecomeActive:", "params": ["app"]}

           # indented comment
        {"params": [], "selector": "ping"}\r
        {"selector": "applicationWillTerminate:", "params": [1]}
        """.utf8))
    #expect(script.problems.isEmpty)
    #expect(
      script.events.map(\.selector) == [
        "applicationDidBecomeActive:", "ping", "applicationWillTerminate:",
      ])
    #expect(script.events.map(\.line) == [2, 5, 6])
    #expect(script.events[0].selectorColumn == 14)
    #expect(script.events[0].params.map(\.value) == ["app"])
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let line: String
    let column: Int
    let mentions: String
    var testDescription: String { line }
  }

  @Test(arguments: [
    Bad(line: "not json", column: 1, mentions: "not JSON"),
    Bad(line: "{\"selector\": \"a:\", \"params\": [1,]}", column: 33, mentions: "not JSON"),
    Bad(line: "[1]", column: 1, mentions: "expected an event object"),
    Bad(line: "{\"params\": []}", column: 1, mentions: "no \"selector\""),
    Bad(line: "{\"selector\": 3}", column: 14, mentions: "must be a string"),
    Bad(line: "{\"selector\": \"a:\", \"params\": 3}", column: 30, mentions: "must be an array"),
    Bad(
      line: "{\"selector\": \"a\", \"extra\": 1}", column: 28, mentions: "unknown member \"extra\""),
    Bad(
      line: #"{"selector": "a:", "params": [1], "selector": "b:"}"#, column: 35,
      mentions: #"the key "selector" appears twice"#),
    Bad(
      line: #"{"selector": "a:", "params": [1], "params": [2]}"#, column: 35,
      mentions: #"the key "params" appears twice"#),
    Bad(
      line: #"{"selector": "a:", "params": [{"k": [{"x": 1, "x": 2}]}]}"#, column: 47,
      mentions: #"the key "x" appears twice"#),
  ])
  func badLinesBecomeProblemsWithTheirPosition(_ bad: Bad) throws {
    let script = EventScript(
      Array(("{\"selector\": \"ok\"}\n" + bad.line + "\n{\"selector\": \"ok\"}").utf8))
    #expect(script.events.count == 2, "the other lines still count")
    let problem = try #require(script.problems.first)
    #expect(problem.line == 2)
    #expect(problem.column == bad.column)
    #expect(problem.message.contains(bad.mentions), "\(problem.message)")
    #expect(problem.description.hasPrefix("2:\(bad.column): error: "))
  }

  @Test func aLineOfMoreValuesThanTheLimitIsAProblemAtTheFirstOneTooMany() throws {
    let limit = EventLogReader.maximumValuesPerLine
    // The event object, the selector's string and the params array: 3 values
    // (member names are not values).
    func line(_ count: Int) -> String {
      #"{"selector": "a:", "params": ["# + repeatElement("1", count: count).joined(separator: ",")
        + "]}"
    }
    let atTheLimit = EventScript(Array(line(limit - 3).utf8))
    #expect(atTheLimit.problems.isEmpty)
    #expect(atTheLimit.events.first?.params.count == limit - 3)
    let past = EventScript(Array((line(limit - 2) + "\n" + #"{"selector": "ok"}"#).utf8))
    #expect(past.events.map(\.selector) == ["ok"], "the next line still counts")
    let problem = try #require(past.problems.first)
    let column = #"{"selector": "a:", "params": ["#.utf8.count + 2 * (limit - 3) + 1
    #expect(problem.column == column, "at the value past the limit")
    #expect(
      problem.message
        == "the line holds more than 65536 JSON values, the limit for one event; it was skipped")
  }

  @Test func survivesGarbage() {
    var garbage: [UInt8] = []
    var state: UInt32 = 12345
    for _ in 0..<100_000 {
      state = state &* 1_103_515_245 &+ 12345
      garbage.append(UInt8(truncatingIfNeeded: state >> 16))
    }
    let script = EventScript(garbage)
    #expect(script.events.isEmpty)
    #expect(!script.problems.isEmpty)
    #expect(EventScript([]).lines.isEmpty)
  }
}

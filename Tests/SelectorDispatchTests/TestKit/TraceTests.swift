import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import selector_dispatch

@Suite struct TraceTests {
  func call(_ service: String, _ answer: Any?, _ nanoseconds: UInt64) -> EventRecorder.Call {
    EventRecorder.Call(
      service: service, selector: "application:openURL:options:", params: [], answer: answer,
      nanoseconds: nanoseconds)
  }

  @Test func readableShowsEachServiceInCallOrderThenTheResult() throws {
    let trace = Trace(
      selector: "application:openURL:options:", params: ["app"], fold: "firstTrue",
      calls: [call("logging", nil, 2_000), call("deep-links", true, 1_234_567)],
      result: .success(true))
    #expect(
      trace.readable() == """
        application:openURL:options:
          fold firstTrue: services run in order until one answers true
            1. logging           no opinion                  0.002 ms
            2. deep-links        true                        1.235 ms
          = true
        """)
  }

  @Test func readableAndJSONShowThePriorityEachHandlerRanAtWhenKnown() {
    let selector = "application:openURL:options:"
    let trace = Trace(
      selector: selector, params: ["app"], fold: "firstTrue",
      calls: [
        .init(
          service: "logging", selector: selector, params: [], answer: nil, nanoseconds: 2_000,
          priority: 100),
        .init(
          service: "deep-links", selector: selector, params: [], answer: true,
          nanoseconds: 4_000, priority: -5),
        // A service that unregistered during the event: no priority, and its columns stay.
        .init(
          service: "gone", selector: selector, params: [], answer: false, nanoseconds: 1_000),
      ],
      result: .success(true))
    #expect(
      trace.readable() == """
        application:openURL:options:
          fold firstTrue: services run in order until one answers true
            1. logging           (100)  no opinion                  0.002 ms
            2. deep-links        (-5)   true                        0.004 ms
            3. gone                     false                       0.001 ms
          = true
        """)
    #expect(
      trace.json(timings: false).jsonText.contains(
        #""calls":[{"service":"logging","priority":100,"answer":null},"#
          + #"{"service":"deep-links","priority":-5,"answer":true},"#
          + #"{"service":"gone","answer":false}]"#))
  }

  @Test func readableShowsErrorsAndCompletions() {
    let failed = Trace(
      selector: "a:", params: [1], fold: "all", calls: [],
      result: .failure(DispatchError.arityMismatch(selector: "a:", expected: 1, actual: 2)),
      completion: .some("newData"))
    let readable = failed.readable(completionKind: .backgroundFetch)
    #expect(readable.contains("(no service handles it)"))
    #expect(readable.contains("\n  error: `a:` takes 1 argument"))
    #expect(
      readable.hasSuffix(
        "\n  completion: \"newData\" (newData if any service's reply is newData, else failed if "
          + "any is, else noData)"))
  }

  @Test func readableKeepsEachPartOfTheInputOnItsLine() {
    let trace = Trace(
      selector: "sceneDidBecomeActive:", params: ["x"], fold: "broadcast",
      calls: [call("bad\nservice\u{1B}[31m", "a\nb", 1_000)],
      result: .failure(
        DispatchError.handlerFailed(selector: "a:", service: "s", reason: "two\nlines")),
      diagnostics: [], scene: "main\n  = true")
    let lines = trace.readable().split(separator: "\n")
    #expect(lines.count == 4, "the header, the fold, one call and the error: \(lines)")
    #expect(lines[0].hasSuffix(#"scene "main\n  = true""#))
    #expect(lines[2].contains(#"bad\nservice\u001B[31m"#))
    #expect(lines[3].hasSuffix(#": two\nlines"#))
    #expect(!trace.readable().contains("\u{1B}"))
  }

  @Test func jsonHasEveryFieldAndCanDropTimings() throws {
    let trace = Trace(
      line: 3, selector: "application:openURL:options:",
      params: ["app", URL(string: "myapp://x")!, [String: Any]()], fold: "firstTrue",
      calls: [call("deep-links", true, 42)], result: .success(true))
    #expect(
      trace.json().jsonText
        == #"{"line":3,"selector":"application:openURL:options:","params":["app","myapp://x",{}],"#
        + #""fold":"firstTrue","calls":[{"service":"deep-links","answer":true,"nanoseconds":42}],"#
        + #""result":true}"#)
    #expect(!trace.json(timings: false).jsonText.contains("nanoseconds"))
  }

  @Test func profileGroupsByServiceAndNamesTheSlowest() throws {
    var profile = Profile()
    profile.add([call("crash", nil, 3_000_000), call("push", true, 1_000)])
    profile.add([call("crash", nil, 1_000_000)])
    #expect(profile.rows.map(\.service) == ["crash", "push"])
    #expect(profile.rows[0].calls == 2)
    #expect(profile.rows[0].totalNanoseconds == 4_000_000)
    #expect(profile.rows[0].meanNanoseconds == 2_000_000)
    #expect(profile.rows[0].maxNanoseconds == 3_000_000)
    #expect(profile.table.contains("crash"))
    #expect(profile.table.hasSuffix("slowest service: crash, 4.000 ms in all"))
  }

  @Test func encodingCoversTheEventLogTypes() {
    let value = JSONValue(
      encoding: [
        "url": URL(string: "https://example.com/a")!, "data": Data([1, 2, 3]), "n": 3,
        "flag": false, "nested": [1.5, nil, "s"] as [Any?], "closure": { () in } as Any,
      ] as [String: Any])
    #expect(
      value.jsonText
        == #"{"closure":null,"data":"AQID","flag":false,"n":3,"nested":[1.5,null,"s"],"#
        + #""url":"https://example.com/a"}"#)
  }

  @Test func hugeDurationsRenderWithoutOverflow() {
    #expect(Transcript.milliseconds(.max) == "18446744073709.552 ms")
    #expect(Transcript.milliseconds(499) == "0.000 ms")
    #expect(Transcript.milliseconds(500) == "0.001 ms")
    var profile = Profile()
    profile.add([call("slow", nil, .max), call("slow", nil, .max)])
    #expect(profile.rows[0].totalNanoseconds == .max, "saturates instead of wrapping")
    #expect(profile.table.hasSuffix("slowest service: slow, 18446744073709.552 ms in all"))
  }
}

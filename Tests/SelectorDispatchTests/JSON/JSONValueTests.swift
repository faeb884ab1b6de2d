import SelectorDispatch
import Testing

@Suite struct JSONValueTests {
  func parse(_ text: String) throws(JSONValue.ParseError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8)).value
  }

  @Test func parsesEveryKindOfValue() throws {
    #expect(try parse("null") == .null)
    #expect(try parse(" true ") == .bool(true))
    #expect(try parse("false") == .bool(false))
    #expect(try parse("-12") == .integer(-12))
    #expect(try parse("1.5e2") == .double(150))
    #expect(try parse("99999999999999999999") == .double(1e20))
    #expect(try parse(#""a\"b\\c\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c\né😀"))
    #expect(try parse("\"é\"") == .string("é"))
    let object = try parse(#"{"a": [1, {"b": null}], "c": "d"}"#)
    #expect(object["c"]?.value == .string("d"))
    #expect(object["a"]?.offset == 6)
    guard case .array(let elements) = object["a"]?.value else {
      Issue.record("expected an array")
      return
    }
    #expect(elements.map(\.offset) == [7, 10])
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let text: String
    let offset: Int
    let mentions: String
    var testDescription: String { text.debugDescription }
  }

  @Test(arguments: [
    Bad(text: "", offset: 0, mentions: "end of input"),
    Bad(text: "{", offset: 1, mentions: "member name"),
    Bad(text: "[1,]", offset: 3, mentions: "expected a JSON value"),
    Bad(text: "[1 2]", offset: 3, mentions: "expected ',' or ']'"),
    Bad(text: "{\"a\" 1}", offset: 5, mentions: "expected ':'"),
    Bad(text: "tru", offset: 0, mentions: "'true'"),
    Bad(text: "01", offset: 0, mentions: "leading zeros"),
    Bad(text: "1.", offset: 2, mentions: "digit after '.'"),
    Bad(text: "\"abc", offset: 0, mentions: "unterminated string"),
    Bad(text: "\"a\u{1}\"", offset: 2, mentions: "control character"),
    Bad(text: "\"\\x\"", offset: 1, mentions: "invalid escape"),
    Bad(text: "\"\\ud800\"", offset: 7, mentions: "unpaired surrogate"),
    Bad(text: "{} x", offset: 3, mentions: "after the JSON value"),
    Bad(text: "1e999", offset: 0, mentions: "out of range"),
  ])
  func reportsTheOffsetOfTheFirstProblem(_ bad: Bad) {
    #expect {
      _ = try JSONValue.parse(Array(bad.text.utf8))
    } throws: { error in
      guard let error = error as? JSONValue.ParseError else { return false }
      return error.offset == bad.offset && error.reason.contains(bad.mentions)
    }
  }

  @Test func rejectsInvalidUTF8() {
    #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
    #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x22]) }
    #expect(throws: JSONValue.ParseError.self) {
      try JSONValue.parse([0x22, 0xE0, 0x80, 0x80, 0x22])
    }
  }

  @Test func refusesDeepNestingWithoutExhaustingTheStack() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect {
      _ = try JSONValue.parse(Array(deep.utf8))
    } throws: { error in
      (error as? JSONValue.ParseError)?.offset == JSONValue.maximumDepth
    }
    let fine = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
    #expect(throws: Never.self) { try JSONValue.parse(Array(fine.utf8)) }
  }

  @Test func encodingRoundTrips() throws {
    let text = #"{"a":[1,2.5,true,null],"b":"q\"\\\n\u0001é"}"#
    let value = try parse(text)
    #expect(value.jsonText == text)
    #expect(try parse(value.jsonText) == value)
  }

  @Test(arguments: [16, 100_000])  // short, and long enough to reserve room first
  func stringsRoundTripWhateverTheyHold(_ repeats: Int) throws {
    let piece = "plain \"q\" \\ \n\r\t\u{01}\u{7F}\u{85}\u{2028}\u{202E}é😀 £ end"
    let text = String(repeating: piece, count: repeats)
    let json = JSONValue.string(text).jsonText
    #expect(!json.unicodeScalars.contains(where: String.needsEscape), "escaped")
    #expect(json.hasPrefix(#""plain \"q\" \\ \n\r\t\u0001\u007F\u0085\u2028\u202Eé😀 £ end"#))
    #expect(try parse(json) == .string(text))
  }
}

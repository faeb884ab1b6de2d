import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct StringEscapingTests {
  @Test func controlSeparatorAndBidiCharactersAreEscapedZeroPadded() {
    let hostile = "a\u{1B}[31mred\u{0}\n\r\t\u{7F}\u{9B}\u{2028}\u{202E}é😀\\u001B"
    #expect(
      hostile.escapedForDisplay
        == #"a\u001B[31mred\u0000\n\r\t\u007F\u009B\u2028\u202Eé😀\u001B"#)
    #expect(hostile.escapedForDisplay.escapedForDisplay == hostile.escapedForDisplay)
    #expect("plain text".escapedForDisplay == "plain text")
  }

  @Test func errorDescriptionsCannotForgeALineOrColourTheTerminal() {
    let selector = "evil\n/tmp/x:1:1: error: forged\u{1B}[2J:"
    let messages = [
      DispatchError.unrecognizedSelector(selector: selector, suggestion: nil).description,
      DispatchError.handlerFailed(selector: "a:", service: "s\u{1B}", reason: "r\n").description,
      ManifestError.unknownService(
        index: 0, name: selector, position: nil, suggestion: nil
      ).description,
      EventScript.Problem(line: 1, column: 1, message: selector).description,
      JSONValue.string(selector + "\u{85}\u{2066}").jsonText,
    ]
    for message in messages {
      #expect(!message.unicodeScalars.contains { String.needsEscape($0) }, "\(message)")
    }
    #expect(messages[0].contains(#"evil\n/tmp/x:1:1: error: forged\u001B[2J:"#))
  }

  @Test func bytesAndSurrogatesInParseErrorsAreZeroPadded() throws {
    let surrogate = #expect(throws: JSONValue.ParseError.self) {
      try JSONValue.parse(Array(#"["\ud800"]"#.utf8))
    }
    #expect(surrogate?.reason.contains(#"\uD800"#) == true, "\(String(describing: surrogate))")
    let byte = #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x5B, 0x07]) }
    #expect(byte?.reason.contains("byte 0x07") == true, "\(String(describing: byte))")
  }
}

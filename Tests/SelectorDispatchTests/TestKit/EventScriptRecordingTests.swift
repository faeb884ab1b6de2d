import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch
@testable import selector_dispatch

/// Recording is lossless: a recorded event replays to the same event, and
/// recording the replay gives the same line.
@Suite struct EventScriptRecordingTests {
  /// A seeded generator of JSON params that fit a vocabulary entry.
  struct Generator {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }

    mutating func string() -> String {
      let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}",
        "é", "\u{202E}", "\u{2028}", "😀", "{", "]",
      ]
      var text = ""
      for _ in 0..<next(12) { text.unicodeScalars.append(alphabet[next(alphabet.count)]) }
      return text
    }

    mutating func value(depth: Int = 0) -> JSONValue {
      switch next(depth > 2 ? 5 : 7) {
      case 0: return .null
      case 1: return .bool(next(2) == 0)
      case 2: return .integer(next(2_000_001) - 1_000_000)
      case 3:
        let double = Double(next(1_000_000) - 500_000) / Double(1 + next(1000))
        return .double(next(5) == 0 ? double * 1e200 : double)
      case 4: return .string(string())
      case 5: return .array((0..<next(4)).map { _ in .init(value(depth: depth + 1), at: 0) })
      default: return object(depth: depth + 1)
      }
    }

    /// An object with unique, sorted keys: the order a recording writes.
    mutating func object(depth: Int) -> JSONValue {
      let keys = Set((0..<next(4)).map { _ in string() }).sorted()
      return .object(keys.map { ($0, .init(value(depth: depth), at: 0)) })
    }

    /// Params of the entry's declared types, as JSON.
    mutating func params(for entry: Vocabulary.Entry) -> [JSONValue] {
      let arity = entry.selector.utf8.count(where: { $0 == UInt8(ascii: ":") })
      return (0..<arity).map { index in
        let declared = index < entry.arguments.count ? entry.arguments[index].description : ""
        if entry.completion != nil && index == arity - 1 { return .null }
        if index == 0 && declared == "any" { return "app" }
        if declared.hasSuffix(" or nil") && next(3) == 0 { return .null }
        switch declared.replacingOccurrences(of: " or nil", with: "") {
        case "URL": return .string("myapp://host\(next(100))/path?q=\(next(1000))")
        case "Data":
          return .string(Data((0..<next(20)).map { _ in UInt8(next(256)) }).base64EncodedString())
        case "String", "Error": return .string(string())
        case "[String]": return .array((0..<next(4)).map { _ in .init(.string(string()), at: 0) })
        case "Dictionary": return object(depth: 1)
        default: return value()
        }
      }
    }
  }

  @Test func aRecordedEventReplaysToTheSameEventAndRecording() throws {
    let vocabulary = Vocabulary.applicationDelegate
    let entries = vocabulary.entries.filter { $0.replacement == nil }
    let injector = EventInjector(now: { 0 })
    try injector.dispatcher.register(
      service: "spy", handlers: injector.recorder.spy(service: "spy", on: entries.map(\.selector)))
    var generator = Generator(state: 0x5EED)
    for _ in 0..<500 {
      let entry = entries[generator.next(entries.count)]
      let params = generator.params(for: entry)
      let original = JSONValue.object([
        ("selector", .init(.string(entry.selector), at: 0)),
        ("params", .init(.array(params.map { .init($0, at: 0) }), at: 0)),
      ]).jsonText
      let first = try injector.inject(json: original).get()
      let recorded = EventScript.line(selector: first.selector, params: first.params)
      #expect(recorded == original, "recording \(original) gave \(recorded)")
      let replayed = try injector.inject(json: recorded).get()
      #expect(EventScript.line(selector: replayed.selector, params: replayed.params) == recorded)
      #expect(replayed.json(timings: false) == first.json(timings: false))
    }
  }

  @Test func nilIsNullNeverTheTextNil() throws {
    let inArray: [Any] = [Optional<Any>.none as Any, [Optional<Int>.none as Any]]
    #expect(JSONValue(encoding: inArray).jsonText == "[null,[null]]")
    let nested: Any = Optional<Int?>.some(.none) as Any
    #expect(JSONValue(encoding: nested) == .null)
    #expect(JSONValue(encoding: ["k": Optional<String>.none as Any]).jsonText == #"{"k":null}"#)
    #expect(JSONValue(encoding: Optional<Any>.some(5)).jsonText == "5")
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct ArgumentTypeTests {
  struct Key: RawRepresentable, Hashable, Sendable { let rawValue: String }
  struct NumberKey: RawRepresentable, Hashable, Sendable { let rawValue: Int }

  struct Case: Sendable, CustomTestStringConvertible {
    let type: ArgumentType
    let value: any Sendable
    let accepted: Bool
    var testDescription: String { "\(type) \(accepted ? "accepts" : "rejects") \(value)" }
  }

  static let url = URL(fileURLWithPath: "/tmp")
  static let noDictionary: [String: Int]? = nil
  static let noURL: URL? = nil

  @Test(arguments: [
    Case(type: .url, value: url, accepted: true),
    Case(type: .url, value: "file:///tmp", accepted: false),
    Case(type: .url, value: noURL, accepted: false),
    Case(type: .url.orNil, value: noURL, accepted: true),
    Case(type: .url.orNil, value: Optional(url), accepted: true),
    Case(type: .data, value: Data([1, 2]), accepted: true),
    Case(type: .data, value: [UInt8(1)], accepted: false),
    Case(type: .string, value: "x", accepted: true),
    Case(type: .string, value: Key(rawValue: "x"), accepted: true),
    Case(type: .string, value: NumberKey(rawValue: 1), accepted: false),
    Case(type: .string, value: 1, accepted: false),
    Case(type: .strings, value: ["a", "b"], accepted: true),
    Case(type: .strings, value: [1], accepted: false),
    Case(type: .error, value: CocoaError(.fileNoSuchFile), accepted: true),
    Case(type: .error, value: "failure", accepted: false),
    Case(type: .dictionary, value: [Key(rawValue: "k"): 1], accepted: true),
    Case(type: .dictionary, value: [String: Int](), accepted: true),
    Case(type: .dictionary, value: [1, 2], accepted: false),
    Case(type: .dictionary, value: noDictionary, accepted: false),
    Case(type: .dictionary.orNil, value: noDictionary, accepted: true),
    Case(type: .any, value: 1, accepted: true),
    Case(type: .any.orNil, value: noURL, accepted: true),
  ])
  func accepts(_ test: Case) {
    #expect(test.type.accepts(test.value) == test.accepted)
  }

  @Test func namesAreWhatErrorMessagesPrint() {
    #expect(ArgumentType.url.description == "URL")
    #expect(ArgumentType.dictionary.orNil.description == "Dictionary or nil")
    #expect(ArgumentType.any.orNil.description == "any", "any is never checked")
    let custom = ArgumentType("Int") { $0 is Int }
    #expect(custom.description == "Int" && custom.accepts(3) && !custom.accepts("3"))
  }
}

import Foundation
import SelectorDispatch

extension EventInjector {
  /// Why an event's argument could not become the value its selector
  /// declares, and where in the line.
  struct ConversionFailure: Error {
    let offset: Int
    let message: String
  }

  /// The value an event's argument becomes: the declared type's, made
  /// from the JSON, or the JSON as plain Swift values where nothing is
  /// declared.
  func convert(
    _ param: JSONValue.Located, at index: Int, of entry: Vocabulary.Entry?, isCompletion: Bool
  ) throws -> Any {
    if isCompletion { return () }  // replaced by the injector's own completion
    guard let entry, index < entry.arguments.count else { return Self.natural(param.value) }
    let declared = entry.arguments[index]
    guard let test = declared.test else {
      return index == 0 ? application : Self.natural(param.value)
    }
    if declared.allowsNil, param.value == .null { return Optional<Any>.none as Any }
    func fail(_ expected: String, actual: String? = nil) -> ConversionFailure {
      ConversionFailure(
        offset: param.offset,
        message: "argument \(index) of `\(entry.selector)` must be \(expected), "
          + "but the event has \(actual ?? param.value.kind)")
    }
    switch (test, param.value) {
    case (.url, .string(let text)):
      guard !text.isEmpty, let url = URL(string: text) else {
        throw fail("a URL string", actual: "\(Self.quoted(text)), which is not a URL")
      }
      return url
    case (.url, _): throw fail("a URL string")
    case (.data, .string(let text)):
      guard let data = Data(base64Encoded: text) else {
        throw fail("base64 text", actual: "\(Self.quoted(text)), which is not base64")
      }
      return data
    case (.data, _): throw fail("base64 text")
    case (.string, .string(let text)): return text
    case (.string, _): throw fail("a string")
    case (.strings, .array(let elements)):
      let strings = elements.compactMap { if case .string(let s) = $0.value { s } else { nil } }
      guard strings.count == elements.count else { throw fail("an array of strings") }
      return strings
    case (.strings, _): throw fail("an array of strings")
    case (.error, .string(let text)): return InjectedError(description: text)
    case (.error, _): throw fail("a string describing the error")
    case (.dictionary, .object): return Self.natural(param.value)
    case (.dictionary, _): throw fail("an object")
    case (.scene, .string(let name)) where !name.isEmpty:
      guard name.utf8.count <= Self.maximumSceneNameLength else {
        throw fail(
          "a scene's name of at most \(Self.maximumSceneNameLength) bytes",
          actual: "a name of \(name.utf8.count) bytes, \(Self.quoted(name))")
      }
      return scene(name)
    case (.scene, _): throw fail("a string naming the scene")
    case (.urlContexts, .array(let elements)):
      var contexts = Set<OpenURLContext>()
      for element in elements {
        let url: URL?
        if case .string(let text) = element.value, !text.isEmpty {
          url = URL(string: text)
        } else {
          url = nil
        }
        guard let url else {
          let found =
            if case .string(let text) = element.value { "\"\(text)\", which is not a URL" } else {
              element.value.kind
            }
          throw ConversionFailure(
            offset: element.offset,
            message: "argument \(index) of `\(entry.selector)` must be an array of URL strings, "
              + "but an element is \(found)")
        }
        contexts.insert(OpenURLContext(url: url))
      }
      return contexts
    case (.urlContexts, _): throw fail("an array of URL strings")
    case (.custom, _): return Self.natural(param.value)
    }
  }

  /// A string from the log as JSON, shortened to keep a message readable.
  private static func quoted(_ text: String) -> String {
    let limit = 60
    let json = JSONValue.string(text).jsonText
    guard json.count > limit else { return json }
    return String(json.prefix(limit - 1)) + "…"
  }

  /// JSON as plain Swift values.
  static func natural(_ value: JSONValue) -> Any {
    switch value {
    case .null: Optional<Any>.none as Any
    case .bool(let bool): bool
    case .integer(let int): int
    case .double(let double): double
    case .string(let string): string
    case .array(let elements): elements.map { natural($0.value) }
    case .object(let members):
      Dictionary(members.map { ($0.key, natural($0.value.value)) }, uniquingKeysWith: { $1 })
    }
  }
}

import Foundation
import SelectorDispatch

extension JSONValue {
  /// Encodes a dispatched parameter or answer as JSON, for traces and event
  /// logs.
  ///
  /// `nil` and `()` become `null`; booleans, integers, floating-point numbers
  /// and strings map directly; a `URL` becomes its absolute string and
  /// `Data` its base64 text, a `Set<OpenURLContext>` its sorted URL strings
  /// (the forms an event log's params take); arrays
  /// and dictionaries recurse, dictionary keys sorted so that output is
  /// deterministic; a `RawRepresentable` becomes its raw value; an `Error`
  /// its description. Anything else — an application object, a closure —
  /// becomes its description as a string for objects, and `null` for
  /// functions.
  ///
  /// - Parameter value: The value to encode.
  package init(encoding value: Any?) {
    self = Self.encode(value, depth: 0)
  }

  private static func encode(_ value: Any?, depth: Int) -> JSONValue {
    // An `Any` can hold an optional (a `nil` param or answer in an `[Any]`):
    // unwrap every level so that `nil` is `null`, never the text "nil".
    guard let value = flattened(value), depth < maximumDepth else { return .null }
    switch value {
    case is Void: return .null
    case let bool as Bool: return .bool(bool)
    case let int as Int: return .integer(int)
    case let int as any BinaryInteger:
      return Int(exactly: int).map(JSONValue.integer) ?? .string("\(int)")
    case let double as Double: return double.isFinite ? .double(double) : .string("\(double)")
    case let float as Float: return .double(Double(float))
    case let string as String: return .string(string)
    case let url as URL: return .string(url.absoluteString)
    case let data as Data: return .string(data.base64EncodedString())
    case let contexts as Set<OpenURLContext>:
      // As an event log writes them: the URL strings, sorted, so that
      // output is deterministic.
      return .array(contexts.map(\.url.absoluteString).sorted().map { .init(.string($0), at: 0) })
    case let array as [Any?]:
      return .array(array.map { .init(encode($0, depth: depth + 1), at: 0) })
    case let array as [Any]:
      return .array(array.map { .init(encode($0, depth: depth + 1), at: 0) })
    case let dictionary as [String: Any]:
      return .object(
        dictionary.keys.sorted().map {
          ($0, .init(encode(dictionary[$0], depth: depth + 1), at: 0))
        })
    case let dictionary as [AnyHashable: Any]:
      let keyed = dictionary.map { ("\($0.key.base)", $0.value) }.sorted { $0.0 < $1.0 }
      return .object(keyed.map { ($0.0, .init(encode($0.1, depth: depth + 1), at: 0)) })
    case let result as BackgroundFetchResult: return .string("\(result)")
    case let raw as any RawRepresentable: return encode(raw.rawValue, depth: depth + 1)
    case let error as any Error: return .string("\(error)")
    default:
      let text = "\(value)"
      return text == "(Function)" ? .null : .string(text)
    }
  }

  /// The value inside any number of optional layers, or `nil`.
  private static func flattened(_ value: Any?) -> Any? {
    guard var current = value else { return nil }
    while let box = current as? any OptionalBox {
      guard let inner = box.unwrapped else { return nil }
      current = inner
    }
    return current
  }
}

/// An optional seen through `Any`, so its layers can be removed.
private protocol OptionalBox {
  var unwrapped: Any? { get }
}

extension Optional: OptionalBox {
  fileprivate var unwrapped: Any? { self.map { $0 as Any } }
}

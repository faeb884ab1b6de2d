/// A JSON value with the byte offset where it starts, as read from a
/// manifest or an event log line.
///
/// `package` access: the manifest loader and the test kit's event logs share
/// this one parser; it is not part of the public API.
///
/// The parser is small and strict (RFC 8259), works on bytes so that invalid
/// UTF-8 is an error rather than a repair, refuses an object that repeats a
/// key (manifests and event logs both must), never recurses deeper than
/// `JSONValue/maximumDepth`, and reports the exact offset of the first
/// problem, so a tool can print `FILE:LINE:COLUMN`.
package enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number without fraction or exponent that fits in `Int`.
  case integer(Int)
  /// Any other number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array; each element keeps its offset.
  case array([Located])
  /// An object, members in source order; each value keeps its offset.
  case object([(key: String, value: Located)])

  /// A value and the 0-based byte offset where it starts in the input.
  package struct Located: Equatable, Sendable {
    /// The value.
    package let value: JSONValue
    /// Where the value starts, in bytes from the start of the input.
    package let offset: Int

    /// Creates a located value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - offset: Where it starts in the input.
    package init(_ value: JSONValue, at offset: Int) {
      self.value = value
      self.offset = offset
    }
  }

  /// How deeply arrays and objects may nest before parsing stops with an
  /// error instead of exhausting the stack.
  package static let maximumDepth = 100

  /// A parse failure: what was wrong and the byte offset where it was found.
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    /// The 0-based byte offset of the problem.
    package let offset: Int
    /// What was wrong and what was expected.
    package let reason: String
    /// What kind of problem it is.
    package var kind = Kind.syntax

    /// What kind of problem a `ParseError` is.
    package enum Kind: Sendable {
      /// The text breaks the JSON grammar.
      case syntax
      /// The text is JSON but breaks a limit the caller set: too many
      /// values, or nested too deep.
      case limit
      /// The text is JSON but an object repeats a key, which RFC 8259 leaves
      /// undefined; the error is at the second one.
      case repeatedKey
    }
    /// The reason, as a sentence.
    package var description: String { reason }
  }

  /// Tells whether two values are equal, member order included.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: `true` when both have the same structure and contents.
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a.map(\.value) == b.map(\.value)
    case (.object(let a), .object(let b)):
      return a.map(\.key) == b.map(\.key) && a.map(\.value.value) == b.map(\.value.value)
    default: return false
    }
  }

  /// Parses one complete JSON text.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 bytes; surrounding whitespace is allowed.
  ///   - maximumDepth: How deeply arrays and objects may nest; at most
  ///     `JSONValue/maximumDepth`. Formats that need only a few levels,
  ///     such as manifests, pass a smaller limit.
  ///   - maximumValues: How many values (scalars, arrays and objects, the
  ///     document itself included) the text may hold, so that a short text
  ///     of tiny values (`[1,1,…]`, about 40 bytes of memory per 2 bytes of
  ///     input) cannot take memory many times its size.
  /// - Returns: The value, located at its first byte.
  /// - Throws: `ParseError` with the offset of the first problem; a broken
  ///   limit is at the value that broke it, and a repeated key at its second
  ///   occurrence, each with its `ParseError/kind`.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func parse<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, maximumDepth: Int = JSONValue.maximumDepth, maximumValues: Int = .max
  ) throws(ParseError) -> Located {
    var parser = JSONParser(
      Array(bytes), maximumDepth: min(maximumDepth, Self.maximumDepth),
      maximumValues: maximumValues)
    return try parser.parseDocument()
  }

  /// The member named `key` of an object, or `nil`.
  ///
  /// - Parameter key: The member name.
  /// - Returns: The first member with that name, or `nil` for other values.
  package subscript(key: String) -> Located? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A short name for the kind of value, for error messages.
  package var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

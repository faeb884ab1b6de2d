/// A validated, interned Objective-C-style selector such as
/// `application:didFinishLaunchingWithOptions:`.
///
/// Make a key once for an event you dispatch often and pass it to
/// ``Dispatcher/dispatch(_:params:fold:)``: the key is validated and interned when
/// it is created, so dispatching through it skips validation and string
/// hashing. Like Objective-C's `sel_registerName`, interning lasts for the
/// life of the process, so a key made before a service registers still
/// reaches that service.
///
/// ```swift
/// let launch = try SelectorKey("application:didFinishLaunchingWithOptions:")
/// launch.arity  // 2
/// ```
///
/// The grammar is Objective-C's: a unary selector is one identifier
/// (`init`); a keyword selector is one or more keywords that each end in
/// `:`, the first of which is an identifier and the later ones may be empty
/// (`foo::`). An identifier is an ASCII letter or `_` followed by ASCII
/// letters, digits or `_`.
public struct SelectorKey: Hashable, Sendable, CustomStringConvertible {
  /// The selector text.
  public let description: String

  /// The number of arguments the selector takes: the number of `:`.
  public let arity: Int

  /// The process-wide interned identity of ``description``.
  let id: Int

  /// Validates and interns a selector.
  ///
  /// - Parameter text: The selector, such as `applicationDidEnterBackground:`.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``
  ///   naming the first offending byte, when `text` does not follow the
  ///   selector grammar.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String) throws {
    let arity = try Self.validate(text)
    self.init(validated: text, arity: arity)
  }

  /// Interns text that has already been validated.
  init(validated text: String, arity: Int) {
    self.description = text
    self.arity = arity
    self.id = Self.intern(text)
  }

  /// Tells whether two keys name the same selector.
  ///
  /// - Parameters:
  ///   - lhs: A key.
  ///   - rhs: Another key.
  /// - Returns: `true` when both keys have the same text.
  public static func == (lhs: SelectorKey, rhs: SelectorKey) -> Bool {
    lhs.id == rhs.id
  }

  /// Hashes the key's interned identity.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}

extension SelectorKey {
  /// Checks `text` against the selector grammar and counts its arguments,
  /// without interning it: text from outside (an event log) leaves nothing
  /// behind.
  ///
  /// Walks the UTF-8 bytes once, in place; never builds `Character`s.
  ///
  /// - Parameter text: The candidate selector.
  /// - Returns: The arity: the number of `:`.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``.
  package static func validate(_ text: String) throws(DispatchError) -> Int {
    var contiguous = text
    switch contiguous.withUTF8(scan) {
    case .valid(let arity):
      return arity
    case .colonFirst(let offset):
      throw malformed(text, offset, "a selector must begin with an identifier, not ':'")
    case .digitFirst(let offset):
      throw malformed(text, offset, "an identifier cannot begin with a digit")
    case .unexpected(let offset):
      throw malformed(
        text, offset,
        "unexpected \(describeCharacter(in: text, atOffset: offset)); "
          + "expected an ASCII letter, digit, '_' or ':'")
    case .empty:
      throw malformed(text, 0, "the selector is empty; expected an identifier such as 'init'")
    case .lastKeywordWithoutColon(let offset):
      throw malformed(
        text, offset,
        "the last keyword has no ':'; every keyword of a selector with arguments ends in ':'")
    }
  }

  /// What `scan(_:)` found: the arity, or the first problem and its offset.
  private enum Scan {
    case valid(arity: Int)
    case colonFirst(Int)
    case digitFirst(Int)
    case unexpected(Int)
    case empty
    case lastKeywordWithoutColon(Int)
  }

  /// Walks a selector's UTF-8 bytes once, in place.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
    var arity = 0
    var keywordLength = 0  // bytes in the keyword being read
    for offset in bytes.indices {
      switch bytes[offset] {
      case UInt8(ascii: ":"):
        if arity == 0 && keywordLength == 0 { return .colonFirst(offset) }
        arity += 1
        keywordLength = 0
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "_"):
        keywordLength += 1
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if keywordLength == 0 { return .digitFirst(offset) }
        keywordLength += 1
      default:
        return .unexpected(offset)
      }
    }
    if bytes.isEmpty { return .empty }
    if arity > 0 && keywordLength > 0 { return .lastKeywordWithoutColon(bytes.count) }
    return .valid(arity: arity)
  }

  private static func malformed(_ text: String, _ offset: Int, _ reason: String) -> DispatchError {
    .malformedSelector(selector: text, offset: offset, reason: reason)
  }

  /// Names the character that starts at a UTF-8 offset, for error messages.
  private static func describeCharacter(in text: String, atOffset offset: Int) -> String {
    let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    guard let scalar = text.unicodeScalars[index...].first else { return "end of text" }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    switch scalar {
    case "\0": return "NUL (\(code))"
    case " ": return "space (\(code))"
    case _ where !scalar.isASCII: return "non-ASCII character '\(scalar)' (\(code))"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: return "control character (\(code))"
    default: return "'\(scalar)' (\(code))"
    }
  }
}

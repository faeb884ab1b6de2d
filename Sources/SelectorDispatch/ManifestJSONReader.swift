/// A strict JSON reader (RFC 8259) for manifests that records where every
/// value begins, so errors can name a line and column.
///
/// It never traps: nesting is limited to ``maximumDepth``, strings must be
/// valid UTF-8, duplicate keys are refused, and everything after the
/// document but white space is an error. It runs in linear time.
struct ManifestJSONReader {
  /// Far deeper than any manifest (which needs three levels), and shallow
  /// enough that recursion can never exhaust the stack.
  static let maximumDepth = 32

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A UTF-8 byte order mark is allowed and skipped.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
      lineStart = 3
    }
  }

  /// Reads the single JSON value the bytes hold.
  mutating func readDocument() throws(ManifestError) -> ManifestValue {
    skipWhitespace()
    let value = try readValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else {
      throw error("unexpected \(describeByte()) after the end of the document")
    }
    return value
  }

  private var position: Manifest.Position {
    Manifest.Position(line: line, column: index - lineStart + 1)
  }

  private func error(_ reason: String) -> ManifestError {
    .malformed(format: "JSON", position: position, reason: reason)
  }

  private func describeByte() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  private mutating func readValue(depth: Int) throws(ManifestError) -> ManifestValue {
    let start = position
    guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return ManifestValue(kind: .object(try readObject(depth: depth + 1)), position: start)
    case UInt8(ascii: "["):
      return ManifestValue(kind: .array(try readArray(depth: depth + 1)), position: start)
    case UInt8(ascii: "\""):
      return ManifestValue(kind: .string(try readString()), position: start)
    case UInt8(ascii: "t"):
      try readLiteral("true")
      return ManifestValue(kind: .bool(true), position: start)
    case UInt8(ascii: "f"):
      try readLiteral("false")
      return ManifestValue(kind: .bool(false), position: start)
    case UInt8(ascii: "n"):
      try readLiteral("null")
      return ManifestValue(kind: .null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return ManifestValue(kind: .number(try readNumber()), position: start)
    default:
      throw error("unexpected \(describeByte()); expected a value")
    }
  }

  private mutating func readLiteral(_ word: StaticString) throws(ManifestError) {
    let start = index
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard index < bytes.count, bytes[index] == expected else {
        index = start
        throw error("unexpected \(describeByte()); expected a value")
      }
      index += 1
    }
  }

  private mutating func readObject(depth: Int) throws(ManifestError) -> [ManifestValue.Member] {
    guard depth <= Self.maximumDepth else {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
    index += 1  // {
    var members: [ManifestValue.Member] = []
    var keys = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeByte()); expected a key in double quotes")
      }
      let keyPosition = position
      let key = try readString()
      guard keys.insert(key).inserted else {
        throw .malformed(
          format: "JSON", position: keyPosition, reason: "the key \"\(key)\" appears twice")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeByte()); expected ':' after a key")
      }
      index += 1
      skipWhitespace()
      members.append(ManifestValue.Member(key: key, value: try readValue(depth: depth)))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return members
      } else {
        throw error("unexpected \(describeByte()); expected ',' or '}'")
      }
    }
  }

  private mutating func readArray(depth: Int) throws(ManifestError) -> [ManifestValue] {
    guard depth <= Self.maximumDepth else {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
    index += 1  // [
    var elements: [ManifestValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try readValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return elements
      } else {
        throw error("unexpected \(describeByte()); expected ',' or ']'")
      }
    }
  }

  private mutating func readNumber() throws(ManifestError) -> String {
    let start = index
    func digits(_ reader: inout ManifestJSONReader) -> Int {
      let first = reader.index
      while reader.index < reader.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index])
      {
        reader.index += 1
      }
      return reader.index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits(&self) == 0 {
      throw error("unexpected \(describeByte()); expected a digit")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error("unexpected \(describeByte()); expected a digit") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw error("unexpected \(describeByte()); expected a digit") }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func readString() throws(ManifestError) -> String {
    let start = position
    index += 1  // "
    var text: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw error("unexpected end of file inside a string; expected '\"'")
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let string = String(validating: text, as: UTF8.self) else {
          throw .malformed(format: "JSON", position: start, reason: "the string is not valid UTF-8")
        }
        return string
      case UInt8(ascii: "\\"):
        index += 1
        try readEscape(into: &text)
      case 0..<0x20:
        throw error("unexpected \(describeByte()) inside a string; escape control characters")
      default:
        text.append(byte)
        index += 1
      }
    }
  }

  private mutating func readEscape(into text: inout [UInt8]) throws(ManifestError) {
    guard index < bytes.count else { throw error("unexpected end of file after '\\'") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      var value = try readHex4()
      if (0xD800..<0xDC00).contains(value) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate must be followed by a \\u low surrogate") }
        index += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("a high surrogate must be followed by a \\u low surrogate")
        }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else {
        throw error("\\u escape of a lone low surrogate")
      }
      text.append(contentsOf: Array(String(scalar).utf8))
    default:
      index -= 1
      throw error("unexpected \(describeByte()) after '\\'; expected one of \"\\/bfnrtu")
    }
  }

  private mutating func readHex4() throws(ManifestError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
        throw error("unexpected \(describeByte()); expected a hexadecimal digit")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

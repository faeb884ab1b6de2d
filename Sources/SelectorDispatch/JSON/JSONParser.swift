/// The recursive-descent parser behind `JSONValue/parse(_:)`.
struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private let maximumDepth: Int
  private var depth = 0
  private let maximumValues: Int
  private var values = 0

  init(_ bytes: [UInt8], maximumDepth: Int = JSONValue.maximumDepth, maximumValues: Int = .max) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.maximumValues = maximumValues
  }

  typealias ParseError = JSONValue.ParseError

  mutating func parseDocument() throws(ParseError) -> JSONValue.Located {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw error(
        "unexpected \(describe(bytes[index])) after the JSON value; expected the end of the input")
    }
    return value
  }

  private func error(_ reason: String, at offset: Int? = nil) -> ParseError {
    ParseError(offset: offset ?? index, reason: reason)
  }

  private func describe(_ byte: UInt8) -> String {
    switch byte {
    case 0x20...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
    default: "byte \(Self.hex(byte))"
    }
  }

  /// `0x07`: a byte in two upper-case hex digits.
  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func parseValue() throws(ParseError) -> JSONValue.Located {
    let start = index
    guard index < bytes.count else { throw error("unexpected end of input; expected a JSON value") }
    values += 1
    if values > maximumValues {
      var limit = error("more than \(maximumValues) JSON values")
      limit.kind = .limit
      throw limit
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .init(try parseObject(), at: start)
    case UInt8(ascii: "["): return .init(try parseArray(), at: start)
    case UInt8(ascii: "\""): return .init(.string(try parseString()), at: start)
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .init(.bool(true), at: start)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .init(.bool(false), at: start)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .init(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .init(try parseNumber(), at: start)
    default:
      throw error("unexpected \(describe(bytes[index])); expected a JSON value")
    }
  }

  private mutating func expectWord(_ word: String) throws(ParseError) {
    let start = index
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw error("invalid literal; expected '\(word)'", at: start)
      }
      index += 1
    }
  }

  private mutating func enter() throws(ParseError) {
    depth += 1
    if depth > maximumDepth {
      var limit = error("JSON nested more than \(maximumDepth) levels deep")
      limit.kind = .limit
      throw limit
    }
  }

  private mutating func parseArray() throws(ParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1  // [
    var elements: [JSONValue.Located] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("unexpected \(describe(bytes[index])) in array; expected ',' or ']'")
      }
    }
  }

  private mutating func parseObject() throws(ParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1  // {
    var members: [(key: String, value: JSONValue.Located)] = []
    var keys = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error(
          index < bytes.count
            ? "unexpected \(describe(bytes[index])) in object; expected a member name in quotes"
            : "unexpected end of input; expected a member name")
      }
      let keyStart = index
      let key = try parseString()
      guard keys.insert(key).inserted else {
        var repeated = error("the key \"\(key)\" appears twice", at: keyStart)
        repeated.kind = .repeatedKey
        throw repeated
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after the member name \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("unexpected \(describe(bytes[index])) in object; expected ',' or '}'")
      }
    }
  }

  private mutating func parseNumber() throws(ParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ index: inout Int, _ bytes: [UInt8]) -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - first
    }
    let integerStart = index
    let integerDigits = digits(&index, bytes)
    guard integerDigits > 0 else { throw error("expected a digit", at: index) }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      throw error("numbers cannot have leading zeros", at: integerStart)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits(&index, bytes) > 0 else { throw error("expected a digit after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&index, bytes) > 0 else { throw error("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      throw error("the number \(text.prefix(40)) is out of range", at: start)
    }
    return .double(value)
  }

  private mutating func parseString() throws(ParseError) -> String {
    let start = index
    index += 1  // opening quote
    // Bytes are validated one by one but copied a run at a time: a run ends
    // only at an escape or the closing quote, and holds valid UTF-8.
    var text = ""
    var run = index
    while true {
      guard index < bytes.count else {
        throw error("unterminated string; expected a closing '\"'", at: start)
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        text += String(decoding: bytes[run..<index], as: UTF8.self)
        index += 1
        return text
      case UInt8(ascii: "\\"):
        text += String(decoding: bytes[run..<index], as: UTF8.self)
        index += 1
        text.unicodeScalars.append(try parseEscape())
        run = index
      case 0x00..<0x20:
        throw error("control character \(describe(byte)) in a string; escape it")
      case 0x00..<0x80:
        index += 1
      default:
        _ = try parseUTF8Scalar()
      }
    }
  }

  private mutating func parseEscape() throws(ParseError) -> Unicode.Scalar {
    guard index < bytes.count else { throw error("unterminated escape sequence") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("unpaired surrogate \(String.hexEscape(high))") }
        index += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("invalid low surrogate \(String.hexEscape(low))")
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw error("unpaired surrogate \(String.hexEscape(high))")
      }
      return scalar
    default:
      throw error("invalid escape: \(describe(byte)) after a backslash", at: index - 2)
    }
  }

  private mutating func parseHex4() throws(ParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw error("expected four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Decodes one multi-byte UTF-8 scalar, rejecting invalid sequences.
  private mutating func parseUTF8Scalar() throws(ParseError) -> Unicode.Scalar {
    let start = index
    let lead = bytes[index]
    let (count, minimum, initial): (Int, UInt32, UInt32) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
      default: (0, 0, 0)
      }
    guard count > 0, start + count <= bytes.count else {
      throw error("invalid UTF-8 (byte \(Self.hex(lead)))")
    }
    var value = initial
    for offset in 1..<count {
      let byte = bytes[start + offset]
      guard byte & 0xC0 == 0x80 else {
        throw error(
          "invalid UTF-8 (byte \(Self.hex(byte)))", at: start + offset)
      }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw error("invalid UTF-8 sequence")
    }
    index += count
    return scalar
  }
}

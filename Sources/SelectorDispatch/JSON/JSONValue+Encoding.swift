extension JSONValue {
  /// The value as compact JSON text on one line, members in order.
  ///
  /// Non-ASCII text is written as-is (UTF-8); quotes, backslashes, control
  /// characters (C0, DEL and C1), line separators and bidirectional format
  /// characters are escaped, so printed JSON cannot act on a terminal.
  /// Doubles use Swift's shortest round-tripping form.
  package var jsonText: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .double(let value): output += "\(value)"
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(member.key, to: &output)
        output += ":"
        member.value.value.write(to: &output)
      }
      output += "}"
    }
  }

  /// Writes `text` quoted, copying each run of characters that need no
  /// escape at once rather than scalar by scalar.
  private static func writeString(_ text: String, to output: inout String) {
    let scalars = text.unicodeScalars
    if text.utf8.count >= 1 << 16 {
      // Room for the whole string at once: growing by doubling would hold
      // the old and the new copy of a long trace together.
      // At most one escape per byte that is a control, a quote, a backslash,
      // DEL, or the first byte of a C1 control (0xC2) or of a separator or
      // bidirectional character (0xE2).
      var contiguous = text
      let escapes = contiguous.withUTF8 { bytes in
        bytes.reduce(0) { count, byte in
          let escapable =
            byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2
            || byte == 0xE2
          return count + (escapable ? 1 : 0)
        }
      }
      output.reserveCapacity(output.utf8.count + text.utf8.count + 6 * escapes + 2)
    }
    output += "\""
    var run = scalars.startIndex
    for index in scalars.indices {
      let escape: String
      switch scalars[index] {
      case "\"": escape = "\\\""
      case "\\": escape = "\\\\"
      case "\n": escape = "\\n"
      case "\r": escape = "\\r"
      case "\t": escape = "\\t"
      case let scalar where String.needsEscape(scalar): escape = String.hexEscape(scalar)
      default: continue
      }
      output += Substring(scalars[run..<index])
      output += escape
      run = scalars.index(after: index)
    }
    output += Substring(scalars[run...])
    output += "\""
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  /// Creates a string value.
  ///
  /// - Parameter value: The string.
  package init(stringLiteral value: String) { self = .string(value) }
  /// Creates an integer value.
  ///
  /// - Parameter value: The integer.
  package init(integerLiteral value: Int) { self = .integer(value) }
  /// Creates a boolean value.
  ///
  /// - Parameter value: The boolean.
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  /// Creates `null`.
  ///
  /// - Parameter nilLiteral: Nothing.
  package init(nilLiteral: ()) { self = .null }
}

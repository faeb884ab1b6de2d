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

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where String.needsEscape(scalar): output += String.hexEscape(scalar)
      default: output.unicodeScalars.append(scalar)
      }
    }
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

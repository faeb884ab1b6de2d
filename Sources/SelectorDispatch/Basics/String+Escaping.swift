extension String {
  /// The text with every character that could act on a terminal or forge a
  /// line written as an escape, for error messages and traces.
  ///
  /// Line feed, carriage return and tab become `\n`, `\r` and `\t`; the
  /// other C0 controls, DEL, the C1 controls, the line and paragraph
  /// separators and the bidirectional formatting characters (which can
  /// reorder what a reader sees) become `\u` and four upper-case hex
  /// digits, zero padded, as in `\u001B`. Everything else, backslashes
  /// included, is kept, so escaping twice changes nothing. Swift strings hold
  /// only valid Unicode: bytes that were not valid UTF-8 have already become
  /// U+FFFD, and are printed as that.
  package var escapedForDisplay: String {
    guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
    var output = ""
    output.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where Self.needsEscape(scalar): output += Self.hexEscape(scalar)
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// Whether a scalar is a control, separator or bidirectional format
  /// character that `escapedForDisplay` escapes.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `\u` and the scalar's value in four upper-case hex digits, zero padded.
  package static func hexEscape(_ scalar: Unicode.Scalar) -> String {
    hexEscape(scalar.value)
  }

  /// `\u` and a code unit or scalar value in at least four upper-case hex
  /// digits, zero padded, as in `\uD800`.
  package static func hexEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
  }
}

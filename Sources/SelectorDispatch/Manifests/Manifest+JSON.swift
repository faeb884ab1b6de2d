extension Manifest {
  /// Far deeper than any manifest (which needs three levels), and shallow
  /// enough that recursion can never exhaust the stack.
  static let maximumJSONDepth = 32

  /// Reads a JSON manifest with the package's shared parser
  /// (`JSONValue/parse(_:maximumDepth:)`) and converts it to the common
  /// value form, with the line and column where every value begins.
  ///
  /// A UTF-8 byte order mark is skipped; columns count from after it. A
  /// repeated key is refused by the parser, at the second one.
  ///
  /// - Parameter bytes: The whole file.
  /// - Returns: The document.
  /// - Throws: ``ManifestError/malformed(format:position:reason:)``.
  /// - Complexity: O(*n* log *n*) in the size of `bytes`.
  static func readJSON(_ bytes: [UInt8]) throws(ManifestError) -> ManifestValue {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let lines = LineTable(body)
    let root: JSONValue.Located
    do {
      root = try JSONValue.parse(body, maximumDepth: maximumJSONDepth)
    } catch {
      let hint =
        looksLikeOpenStep(body)
        ? "; this looks like an OpenStep property list, which is not supported: convert it "
          + "with `plutil -convert xml1 FILE`" : ""
      throw .malformed(
        format: "JSON", position: lines.position(of: error.offset), reason: error.reason + hint)
    }
    return try JSONConversion(bytes: body, lines: lines).value(root)
  }

  /// Whether a dictionary's first key is followed by `=` (or is unquoted),
  /// as in OpenStep's `{ services = (Push); }`, where JSON has `"key":`.
  private static func looksLikeOpenStep(_ bytes: [UInt8]) -> Bool {
    let significant = bytes.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    var iterator = significant.makeIterator()
    guard iterator.next() == UInt8(ascii: "{"), let first = iterator.next() else { return false }
    guard first == UInt8(ascii: "\"") else {
      return first != UInt8(ascii: "}")
    }
    var escaped = false
    while let byte = iterator.next() {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        return iterator.next() == UInt8(ascii: "=")
      }
    }
    return false
  }
}

/// Converts parsed JSON to `ManifestValue`.
private struct JSONConversion {
  let bytes: [UInt8]
  let lines: LineTable

  func value(_ located: JSONValue.Located) throws(ManifestError) -> ManifestValue {
    let kind: ManifestValue.Kind
    switch located.value {
    case .null: kind = .null
    case .bool(let flag): kind = .bool(flag)
    case .integer, .double: kind = .number(numberText(at: located.offset))
    case .string(let text): kind = .string(text)
    case .array(let elements):
      var values: [ManifestValue] = []
      values.reserveCapacity(elements.count)
      for element in elements { values.append(try value(element)) }
      kind = .array(values)
    case .object(let members):
      var converted: [ManifestValue.Member] = []
      converted.reserveCapacity(members.count)
      for member in members {
        converted.append(ManifestValue.Member(key: member.key, value: try value(member.value)))
      }
      kind = .object(converted)
    }
    return ManifestValue(kind: kind, position: lines.position(of: located.offset))
  }

  /// A number as written, so messages and integer checks see `1e2`, not
  /// `100.0`.
  private func numberText(at offset: Int) -> String {
    let end = bytes[offset...].firstIndex { !Self.numberBytes.contains($0) } ?? bytes.endIndex
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private static let numberBytes = Set("+-.0123456789eE".utf8)
}

/// Turns byte offsets into 1-based lines and columns (in UTF-8 bytes).
private struct LineTable {
  /// The offset where each line starts; line 1 starts at 0.
  private let starts: [Int]

  init(_ bytes: [UInt8]) {
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    self.starts = starts
  }

  func position(of offset: Int) -> Manifest.Position {
    // The last line that starts at or before `offset`.
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= offset { low = middle } else { high = middle }
    }
    return Manifest.Position(line: low + 1, column: offset - starts[low] + 1)
  }
}

/// Checks an XML property list for what Foundation's parser lets through:
/// a dictionary that repeats a key (Foundation keeps one value silently)
/// and anything but white space, comments and processing instructions after
/// the closing `</plist>`.
///
/// It runs after Foundation has parsed the same bytes, so it can assume
/// well-formed XML and only scans tags; it keeps a stack, never recurses,
/// and runs in O(*n*) time.
struct ManifestXMLPropertyListChecker {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// One open element: its name, and for a `dict` the keys seen so far
  /// with the line of each.
  private struct Element {
    let name: [UInt8]
    var keys: [String: Int] = [:]
  }

  mutating func check() throws(ManifestError) {
    var stack: [Element] = []
    var key: (text: [UInt8], line: Int)?
    var rootClosed = false
    while index < bytes.count {
      let start = index
      guard bytes[index] == UInt8(ascii: "<") else {
        let text = scan(to: UInt8(ascii: "<"))
        if key != nil { key?.text += text }
        if rootClosed, text.contains(where: { !Self.isSpace($0) }) { throw trailing(at: start) }
        continue
      }
      if starts(with: "<?") {
        skip(past: "?>")
      } else if starts(with: "<!--") {
        skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        index += 9
        let text = scan(toSequence: "]]>")
        if key != nil { key?.text += text }
        if rootClosed { throw trailing(at: start) }
      } else if starts(with: "<!") {
        skipDeclaration()
      } else if starts(with: "</") {
        index += 2
        let name = scanName()
        skip(past: ">")
        if name == Array("key".utf8), let finished = key, stack.count >= 2 {
          try Self.record(
            Self.decodeEntities(finished.text), line: finished.line, in: &stack[stack.count - 2])
          key = nil
        }
        _ = stack.popLast()
        if stack.isEmpty { rootClosed = true }
      } else {
        if rootClosed { throw trailing(at: start) }
        index += 1
        let name = scanName()
        skip(past: ">")
        let selfClosing = index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
        if !selfClosing {
          stack.append(Element(name: name))
          if name == Array("key".utf8) { key = ([], line(at: start)) }
        } else if name == Array("key".utf8), !stack.isEmpty {
          // `<key/>` is the empty key, as `<key></key>` is.
          try Self.record("", line: line(at: start), in: &stack[stack.count - 1])
        }
      }
    }
  }

  /// Notes a key of `parent`, if it is a dictionary, refusing one it has
  /// already seen.
  private static func record(
    _ key: String, line: Int, in parent: inout Element
  ) throws(ManifestError) {
    guard parent.name == Array("dict".utf8) else { return }
    if let first = parent.keys[key] {
      throw .malformed(
        format: "property list", position: Manifest.Position(line: line),
        reason: "a dictionary repeats the key `\(key)` (first on line \(first)); "
          + "give each key once")
    }
    parent.keys[key] = line
  }

  private func trailing(at offset: Int) -> ManifestError {
    .malformed(
      format: "property list", position: Manifest.Position(line: line(at: offset)),
      reason: "unexpected content after the end of the property list (`</plist>`)")
  }

  private func line(at offset: Int) -> Int {
    1 + bytes[..<min(offset, bytes.count)].count(where: { $0 == UInt8(ascii: "\n") })
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private func starts(with prefix: String) -> Bool {
    bytes[index...].starts(with: prefix.utf8)
  }

  private mutating func scan(to byte: UInt8) -> [UInt8] {
    let start = index
    while index < bytes.count, bytes[index] != byte { index += 1 }
    return Array(bytes[start..<index])
  }

  private mutating func scan(toSequence end: String) -> [UInt8] {
    let start = index
    while index < bytes.count, !starts(with: end) { index += 1 }
    let text = Array(bytes[start..<index])
    index = min(bytes.count, index + end.utf8.count)
    return text
  }

  private mutating func skip(past end: String) {
    _ = scan(toSequence: end)
  }

  /// Skips `<!DOCTYPE …>`, including an internal subset in brackets.
  private mutating func skipDeclaration() {
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: "]") { depth -= 1 }
      if byte == UInt8(ascii: ">") && depth <= 0 { return }
    }
  }

  private mutating func scanName() -> [UInt8] {
    let start = index
    while index < bytes.count, !Self.isSpace(bytes[index]),
      bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
    {
      index += 1
    }
    return Array(bytes[start..<index])
  }

  /// The text of a `<key>`, with the five XML entities and character
  /// references decoded, so that `a&amp;b` and `a&#38;b` are the same key.
  private static func decodeEntities(_ text: [UInt8]) -> String {
    let raw = String(decoding: text, as: UTF8.self)
    guard raw.contains("&") else { return raw }
    var output = ""
    var rest = raw[...]
    while let ampersand = rest.firstIndex(of: "&") {
      output += rest[..<ampersand]
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: ampersand)..<semicolon]
      let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
      if let replacement = named[String(name)] {
        output += replacement
      } else if name.hasPrefix("#x"), let value = UInt32(name.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        output.unicodeScalars.append(scalar)
      } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()),
        let scalar = Unicode.Scalar(value)
      {
        output.unicodeScalars.append(scalar)
      } else {
        output += rest[ampersand...semicolon]
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return output + rest
  }
}

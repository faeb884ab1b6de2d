import Foundation

extension Manifest {
  /// Parses a manifest, without resolving or registering anything.
  ///
  /// Data that begins with `{` or `[` (after an optional byte order mark
  /// and white space) is read as JSON; anything else as a property list
  /// (XML or binary; OpenStep text property lists are refused). Both shapes
  /// described in ``Manifest`` are accepted. Entry names must be unique,
  /// disabled entries included, and so must the keys of every dictionary:
  /// a repeated key, or anything after the document, is an error in either
  /// format.
  ///
  /// Pure and safe on any input: it never traps, refuses data larger than
  /// ``maximumSize`` and nesting deeper than 32 levels, and runs in
  /// O(*n* log *n*) time (the log factor finds the line of each value).
  ///
  /// - Parameter data: The manifest file's contents.
  /// - Returns: The manifest's entries.
  /// - Throws: ``ManifestError/tooLarge(bytes:limit:)``,
  ///   ``ManifestError/malformed(format:position:reason:)`` for bad JSON or
  ///   plist syntax, ``ManifestError/unexpectedShape(path:position:expected:actual:)``,
  ///   ``ManifestError/invalidEntry(index:name:field:position:expected:actual:)``,
  ///   ``ManifestError/unknownKey(index:name:key:position:suggestion:)`` or
  ///   ``ManifestError/duplicateEntry(index:name:position:firstIndex:)``.
  /// - Complexity: O(*n* log *n*) in the size of `data`.
  public static func parse(_ data: Data) throws -> Manifest {
    guard data.count <= maximumSize else {
      throw ManifestError.tooLarge(bytes: data.count, limit: maximumSize)
    }
    let bytes = [UInt8](data)
    let root: ManifestValue
    if Self.looksLikeJSON(bytes) {
      root = try Self.readJSON(bytes)
    } else {
      root = try Self.readPropertyList(data)
    }
    return try Manifest(root: root)
  }

  /// The keys an entry dictionary may have.
  private static let entryKeys = ["enabled", "name", "priority"]

  /// Checks the shape of a parsed document and builds the manifest.
  private init(root: ManifestValue) throws(ManifestError) {
    let list: [ManifestValue]
    switch root.kind {
    case .array(let elements):
      list = elements
    case .object(let members):
      for member in members where member.key != "services" {
        throw .unknownKey(
          index: nil, name: nil, key: member.key, position: member.value.position,
          suggestion: Suggestion.nearest(to: member.key, among: ["services"]))
      }
      guard let services = members.first?.value else {
        throw .unexpectedShape(
          path: "the manifest", position: root.position,
          expected: "a dictionary with a `services` array", actual: "a dictionary without one")
      }
      guard case .array(let elements) = services.kind else {
        throw .unexpectedShape(
          path: "`services`", position: services.position, expected: "an array",
          actual: services.summary)
      }
      list = elements
    default:
      throw .unexpectedShape(
        path: "the manifest", position: root.position,
        expected: "an array of service names or a dictionary with a `services` array",
        actual: root.summary)
    }
    var entries: [Entry] = []
    entries.reserveCapacity(list.count)
    var firstIndex: [String: Int] = [:]
    for (index, element) in list.enumerated() {
      let entry = try Self.entry(element, index: index)
      if let first = firstIndex.updateValue(firstIndex[entry.name] ?? index, forKey: entry.name) {
        throw .duplicateEntry(
          index: index, name: entry.name, position: entry.position, firstIndex: first)
      }
      entries.append(entry)
    }
    self.init(entries: entries)
  }

  /// Reads one element of the list: a name, or a dictionary.
  private static func entry(_ element: ManifestValue, index: Int) throws(ManifestError) -> Entry {
    let members: [ManifestValue.Member]
    switch element.kind {
    case .string(let name):
      return Entry(name: try checkedName(name, element, index: index), position: element.position)
    case .object(let fields):
      members = fields
    default:
      throw .invalidEntry(
        index: index, name: nil, field: nil, position: element.position,
        expected: "a service name or a dictionary with a `name`", actual: element.summary)
    }
    var name: String?
    if let value = members.first(where: { $0.key == "name" })?.value {
      guard case .string(let text) = value.kind else {
        throw .invalidEntry(
          index: index, name: nil, field: "name", position: value.position,
          expected: "a string", actual: value.summary)
      }
      name = try checkedName(text, value, index: index)
    }
    guard let name else {
      throw .invalidEntry(
        index: index, name: nil, field: "name", position: element.position,
        expected: "a string", actual: "missing")
    }
    var entry = Entry(name: name, position: element.position)
    for member in members {
      let (key, value) = (member.key, member.value)
      switch key {
      case "name":
        continue
      case "priority":
        let text: String? = if case .number(let text) = value.kind { text } else { nil }
        guard let text, let priority = Int(text) else {
          // A whole number too large for `Int` is an integer, only out of range.
          let isWhole = text?.drop { $0 == "-" }.allSatisfy { ("0"..."9").contains($0) } ?? false
          throw .invalidEntry(
            index: index, name: name, field: key, position: value.position,
            expected: isWhole ? "an integer from \(Int.min) to \(Int.max)" : "an integer",
            actual: isWhole ? "\(value.summary), which is out of range" : value.summary)
        }
        entry.priority = priority
      case "enabled":
        guard case .bool(let enabled) = value.kind else {
          throw .invalidEntry(
            index: index, name: name, field: key, position: value.position,
            expected: "true or false", actual: value.summary)
        }
        entry.isEnabled = enabled
      default:
        throw .unknownKey(
          index: index, name: name, key: key, position: value.position,
          suggestion: Suggestion.nearest(to: key, among: entryKeys))
      }
    }
    return entry
  }

  private static func checkedName(_ name: String, _ value: ManifestValue, index: Int)
    throws(ManifestError) -> String
  {
    guard !name.isEmpty else {
      throw .invalidEntry(
        index: index, name: nil, field: "name", position: value.position,
        expected: "a non-empty string", actual: "empty")
    }
    return name
  }

  /// Whether the first byte that is not a byte order mark or white space
  /// opens a JSON array or object.
  private static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    let first = rest.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }
}

import Foundation

extension Manifest {
  /// The deepest property list converted; manifests need three levels.
  private static let maximumPropertyListDepth = 32

  /// Reads a property list and converts it to the common value form.
  ///
  /// Binary property lists go to `ManifestBinaryPropertyListReader`:
  /// Foundation on Linux crashes on some malformed ones. XML property lists
  /// go to `PropertyListSerialization`, which survives mutation fuzzing,
  /// then to `ManifestXMLPropertyListChecker`, which refuses the repeated
  /// keys and trailing content Foundation lets through, as the JSON reader
  /// does. OpenStep (old-style text) property lists are refused: Foundation
  /// keeps one value of a repeated key silently, and their dictionaries
  /// begin with `{` like JSON. Property lists carry no positions, except the
  /// line an error names.
  static func readPropertyList(_ data: Data) throws(ManifestError) -> ManifestValue {
    guard !data.isEmpty else {
      throw .malformed(format: "property list", position: nil, reason: "the file is empty")
    }
    let bytes = [UInt8](data)
    if ManifestBinaryPropertyListReader.recognizes(Array(bytes.prefix(8))) {
      var reader = try ManifestBinaryPropertyListReader(bytes)
      return try reader.readDocument()
    }
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    guard rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
    else {
      throw .malformed(
        format: "property list", position: nil,
        reason: "this is not JSON, an XML property list or a binary property list; OpenStep "
          + "(old-style text) property lists are not supported: convert one with "
          + "`plutil -convert xml1 FILE`")
    }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let reason =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        ?? error.localizedDescription
      throw .malformed(format: "property list", position: line(in: reason), reason: reason)
    }
    var checker = ManifestXMLPropertyListChecker(bytes)
    try checker.check()
    return try value(object, depth: 0)
  }

  /// Converts a Foundation property-list object.
  private static func value(_ object: Any, depth: Int) throws(ManifestError) -> ManifestValue {
    guard depth <= maximumPropertyListDepth else {
      throw .malformed(
        format: "property list", position: nil,
        reason: "nesting deeper than \(maximumPropertyListDepth) levels")
    }
    let kind: ManifestValue.Kind
    switch object {
    case let text as String:
      kind = .string(text)
    case let flag as Bool where isBoolean(object):
      kind = .bool(flag)
    case let number as NSNumber:
      kind = .number(number.stringValue)
    case let array as [Any]:
      var elements: [ManifestValue] = []
      elements.reserveCapacity(array.count)
      for element in array { elements.append(try value(element, depth: depth + 1)) }
      kind = .array(elements)
    case let dictionary as [AnyHashable: Any]:
      var members: [ManifestValue.Member] = []
      for (key, element) in dictionary {
        guard let key = key.base as? String else {
          throw .malformed(
            format: "property list", position: nil, reason: "a dictionary key is not a string")
        }
        members.append(ManifestValue.Member(key: key, value: try value(element, depth: depth + 1)))
      }
      members.sort { $0.key < $1.key }
      kind = .object(members)
    case is Data:
      kind = .other("data")
    case is Date:
      kind = .other("a date")
    default:
      kind = .other(String(describing: type(of: object)))
    }
    return ManifestValue(kind: kind, position: nil)
  }

  /// Whether a property-list object is a Boolean rather than a number that
  /// also casts to `Bool`.
  private static func isBoolean(_ object: Any) -> Bool {
    #if canImport(Darwin)
      // Apple platforms return Booleans as NSNumber (`__NSCFBoolean`).
      guard let number = object as? NSNumber else { return false }
      return CFGetTypeID(number) == CFBooleanGetTypeID()
    #else
      return type(of: object) == Bool.self
    #endif
  }

  /// The line a CoreFoundation parse error names, as in "… on line 3 …".
  private static func line(in reason: String) -> Position? {
    let words = reason.split(separator: " ")
    for (word, next) in zip(words, words.dropFirst()) where word == "line" {
      let digits = next.prefix { $0.isASCII && $0.isNumber }
      if let line = Int(digits), line > 0 { return Position(line: line) }
    }
    return nil
  }
}

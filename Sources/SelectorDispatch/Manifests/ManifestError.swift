/// An error from reading, resolving or registering a ``Manifest``.
///
/// Every case that concerns one entry names it by its 0-based index in the
/// manifest and by its name when it has one, with its position in the file
/// when the parser knows it. Payloads are plain values, and ``description``
/// is a sentence a person can act on.
public enum ManifestError: Error, Equatable, CustomStringConvertible {
  /// The manifest file is missing or cannot be read.
  case unreadableFile(path: String, reason: String)

  /// The manifest is larger than ``Manifest/maximumSize``.
  ///
  /// `bytes` is the file's size, or `limit + 1` when the size is not known
  /// in advance (a pipe or a device such as /dev/zero, read until it passed
  /// the limit): the message then says "more than `limit` bytes".
  case tooLarge(bytes: Int, limit: Int)

  /// The file is not valid JSON or not a valid property list.
  case malformed(format: String, position: Manifest.Position?, reason: String)

  /// The manifest itself, or its `services`, has the wrong shape.
  ///
  /// `path` says which part: `the manifest` or `services`.
  case unexpectedShape(
    path: String, position: Manifest.Position?, expected: String, actual: String)

  /// One field of an entry is missing or has the wrong type or value.
  ///
  /// `field` is `nil` when the entry itself is neither a name nor a
  /// dictionary.
  case invalidEntry(
    index: Int, name: String?, field: String?, position: Manifest.Position?, expected: String,
    actual: String)

  /// A dictionary has a key the manifest format does not know.
  ///
  /// `index` is `nil` for the top-level dictionary; `position` is where the
  /// key's value begins.
  case unknownKey(
    index: Int?, name: String?, key: String, position: Manifest.Position?, suggestion: String?)

  /// Two entries have the same name.
  case duplicateEntry(index: Int, name: String, position: Manifest.Position?, firstIndex: Int)

  /// The name is neither in the catalog nor a class that can be found.
  case unknownService(index: Int, name: String, position: Manifest.Position?, suggestion: String?)

  /// The name is a class that is not a ``LoadableService``; it was not
  /// created.
  case notAService(index: Int, name: String, position: Manifest.Position?, type: String)

  /// The service could not be registered, for example because a service
  /// with its name is already registered.
  case registrationFailed(
    index: Int, name: String, position: Manifest.Position?, reason: DispatchError)

  /// A sentence that says what was wrong, where, and what was expected.
  ///
  /// Control characters and bidirectional format characters from the file
  /// are escaped as `\\u001B`, so a manifest
  /// cannot forge a line or colour a terminal through a message.
  public var description: String { sentence.escapedForDisplay }

  private var sentence: String {
    switch self {
    case .unreadableFile(let path, let reason):
      return "cannot read the manifest at \(path): \(reason)"
    case .tooLarge(let bytes, let limit):
      let size = bytes == limit + 1 ? "more than \(limit)" : "\(bytes)"
      return "the manifest is \(size) bytes; manifests larger than \(limit) bytes are refused"
    case .malformed(let format, let position, let reason):
      return "the \(format) manifest is malformed\(Self.at(position)): \(reason)"
    case .unexpectedShape(let path, let position, let expected, let actual):
      return "\(path)\(Self.at(position)) must be \(expected), but it is \(actual)"
    case .invalidEntry(let index, let name, let field, let position, let expected, let actual):
      let subject = field.map { "`\($0)` of " } ?? ""
      return "\(subject)\(Self.entry(index, name, position)) must be \(expected), "
        + "but it is \(actual)"
    case .unknownKey(let index, let name, let key, let position, let suggestion):
      let owner = index.map { Self.entry($0, name, position) } ?? "the manifest\(Self.at(position))"
      let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
      return "\(owner) has an unknown key `\(key)`\(hint)"
    case .duplicateEntry(let index, let name, let position, let firstIndex):
      return "\(Self.entry(index, name, position)) repeats entry \(firstIndex); "
        + "list each service once"
    case .unknownService(let index, let name, let position, let suggestion):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      // The error cannot tell whether the catalog looked classes up, so
      // it names both reasons rather than claim the class does not exist.
      guard ServiceCatalog.isClassName(name) else {
        return "\(Self.entry(index, name, position)) names no known service: it is not in the "
          + "catalog, and it is not a class name (identifiers separated by dots), so no class "
          + "was looked up\(hint)"
      }
      return "\(Self.entry(index, name, position)) names no known service: it is not in the "
        + "catalog, and no class of that name was found or class lookup is off "
        + "(ServiceCatalog.allowsReflection); classes need their module, "
        + "as in MyApp.PushService\(hint)"
    case .notAService(let index, let name, let position, let type):
      return "\(Self.entry(index, name, position)) names \(type), which is not a "
        + "LoadableService; it was not created"
    case .registrationFailed(let index, let name, let position, let reason):
      return "\(Self.entry(index, name, position)) could not be registered: \(reason)"
    }
  }

  /// ` at line 3, column 7`, or nothing.
  private static func at(_ position: Manifest.Position?) -> String {
    position.map { " at \($0)" } ?? ""
  }

  /// `entry 2 ("PushService") at line 3, column 7`.
  private static func entry(_ index: Int, _ name: String?, _ position: Manifest.Position?)
    -> String
  {
    let label = name.map { " (\"\(Self.shorten($0))\")" } ?? ""
    return "entry \(index)\(label)\(at(position))"
  }

  /// Shortens very long names so a message stays readable.
  private static func shorten(_ name: String) -> String {
    let limit = 80
    guard name.utf8.count > limit else { return name }
    return String(decoding: name.utf8.prefix(limit), as: UTF8.self) + "…"
  }
}

import Foundation

/// The list of services to register, read from a file: the
/// module-manager pattern's `AppModulesRegister.plist`, or a richer JSON or plist form.
///
/// Two shapes are accepted, in JSON or in a property list (XML or binary):
///
/// - an array of names: `["PushService", "MyApp.LogService"]`;
/// - a dictionary whose `services` array holds names or entries with a
///   `name` (required), a `priority` (an integer; by default the service's
///   own) and `enabled` (a Boolean, by default `true`):
///
/// ```json
/// {"services": [{"name": "PushService", "priority": 10, "enabled": true}]}
/// ```
///
/// Loading is two steps: ``parse(_:)`` (pure, never crashes, safe on any
/// input) reads the file into entries, and
/// ``Dispatcher/register(_:catalog:)`` resolves the names and registers the
/// services, all or nothing. Data that begins with `{` or `[` (after
/// white space) is read as JSON, anything else as a property list.
public struct Manifest: Equatable, Sendable {
  /// One service the manifest names.
  public struct Entry: Equatable, Sendable {
    /// The name to resolve: a ``ServiceCatalog`` key, or a class's
    /// module-qualified name such as `MyApp.PushService`.
    public var name: String
    /// The registration priority; `nil` uses the service's own. It
    /// replaces the service's priority, not that of a handler with a
    /// priority of its own.
    public var priority: Int?
    /// Disabled entries are parsed and checked (shape, duplicates) but never
    /// resolved, created or registered.
    public var isEnabled: Bool
    /// Where the entry begins in the file, when the parser knows (JSON).
    public var position: Position?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - name: The name to resolve.
    ///   - priority: The registration priority; `nil` uses the service's own.
    ///   - isEnabled: Whether to register the service.
    ///   - position: Where the entry begins in its file, if known.
    public init(
      name: String, priority: Int? = nil, isEnabled: Bool = true, position: Position? = nil
    ) {
      self.name = name
      self.priority = priority
      self.isEnabled = isEnabled
      self.position = position
    }
  }

  /// A place in a manifest file: a 1-based line and, when known, a 1-based
  /// column counted in UTF-8 bytes.
  public struct Position: Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column in UTF-8 bytes, when known.
    public var column: Int?

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column in UTF-8 bytes, if known.
    public init(line: Int, column: Int? = nil) {
      self.line = line
      self.column = column
    }

    /// `line 3, column 7`, or `line 3` when the column is unknown.
    public var description: String {
      column.map { "line \(line), column \($0)" } ?? "line \(line)"
    }
  }

  /// The entries, in file order, disabled ones included.
  public var entries: [Entry]

  /// The largest manifest ``parse(_:)`` reads: 16 MiB.
  public static let maximumSize = 16 << 20

  /// Creates a manifest from entries.
  ///
  /// - Parameter entries: The entries, in registration order.
  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// Reads and parses a manifest file.
  ///
  /// - Parameter url: The file's URL.
  /// - Throws: ``ManifestError/unreadableFile(path:reason:)`` naming the
  ///   path when the file is missing or cannot be read, and otherwise what
  ///   ``parse(_:)`` throws.
  public init(contentsOf url: URL) throws {
    let path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ManifestError.unreadableFile(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw ManifestError.unreadableFile(path: path, reason: "it is a directory, not a file")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= Self.maximumSize else {
      throw ManifestError.tooLarge(bytes: size, limit: Self.maximumSize)
    }
    // Read at most one byte past the limit: a character device such as
    // /dev/zero reports size 0 and never ends.
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      data = try handle.read(upToCount: Self.maximumSize + 1) ?? Data()
    } catch {
      throw ManifestError.unreadableFile(path: path, reason: error.localizedDescription)
    }
    guard data.count <= Self.maximumSize else {
      throw ManifestError.tooLarge(bytes: data.count, limit: Self.maximumSize)
    }
    self = try Self.parse(data)
  }
}

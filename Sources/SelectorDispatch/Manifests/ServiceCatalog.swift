import Foundation

/// How a ``Manifest``'s names become services: an explicit table of
/// factories, and, failing that, classes found by name.
///
/// ```swift
/// var catalog = ServiceCatalog()
/// catalog.add(PushService.self)                       // "PushService"
/// catalog.add("Analytics") { Analytics(key: apiKey) }  // any factory
/// try dispatcher.register(Manifest(contentsOf: url), catalog: catalog)
/// ```
///
/// **Reflection.** A name the catalog does not hold is looked up with
/// `NSClassFromString`, which finds Swift classes by their module-qualified
/// name (`MyApp.PushService`), `NSObject` subclasses or not: tested on
/// Linux; on Apple platforms the Objective-C runtime resolves the name. The class is created with `init()` only if it is a
/// ``LoadableService``; any other class, such as `Foundation.FileHandle`,
/// is reported and never created. Only names made of identifiers separated
/// by dots are looked up. A name without a module, such as the module-manager
/// pattern's `AppModulePush`, is also tried in each of ``modules``. Set
/// ``allowsReflection`` to `false` to resolve through the catalog alone.
public struct ServiceCatalog {
  /// Whether names the catalog does not hold are looked up as classes.
  /// Defaults to `true`.
  public var allowsReflection: Bool

  /// Modules in which a name without a dot is also looked up, in order:
  /// with `["MyApp"]`, `AppModulePush` also tries `MyApp.AppModulePush`.
  /// The first class found decides. Empty by default.
  public var modules: [String] = []

  private var factories: [String: () -> any DispatchService]

  /// Creates a catalog.
  ///
  /// - Parameters:
  ///   - factories: Factories keyed by the name a manifest uses.
  ///   - allowsReflection: Whether other names are looked up as classes.
  public init(_ factories: [String: () -> any DispatchService] = [:], allowsReflection: Bool = true)
  {
    self.factories = factories
    self.allowsReflection = allowsReflection
  }

  /// The names the catalog holds, sorted.
  public var names: [String] { factories.keys.sorted() }

  /// Adds a factory, replacing any under the same name.
  ///
  /// - Parameters:
  ///   - name: The name a manifest uses.
  ///   - factory: Creates the service; called only when a manifest that
  ///     names it is registered, after every name has resolved.
  public mutating func add(_ name: String, factory: @escaping () -> any DispatchService) {
    factories[name] = factory
  }

  /// Adds a loadable service type under its type name, such as
  /// `PushService`, or another name.
  ///
  /// - Parameters:
  ///   - type: The service type, created with `init()`.
  ///   - name: The name a manifest uses; by default the type's name.
  public mutating func add<S: LoadableService>(_ type: S.Type, as name: String? = nil) {
    factories[name ?? String(describing: type)] = { S() }
  }

  /// What a name resolves to.
  enum Resolution {
    case factory(() -> any DispatchService)
    case unknown(suggestion: String?)
    case notAService(type: String)
  }

  /// Resolves a name without creating anything.
  func resolve(_ name: String) -> Resolution {
    if let factory = factories[name] { return .factory(factory) }
    if allowsReflection, Self.isClassName(name) {
      let qualified = name.utf8.contains(UInt8(ascii: ".")) ? [] : modules.map { "\($0).\(name)" }
      for candidate in [name] + qualified where Self.isClassName(candidate) {
        guard let found = NSClassFromString(candidate) else { continue }
        guard let type = found as? any LoadableService.Type else {
          return .notAService(type: String(reflecting: found))
        }
        return .factory { type.init() }
      }
    }
    return .unknown(suggestion: Suggestion.nearest(to: name, among: names))
  }

  /// Whether a name is dot-separated identifiers, at most 512 bytes: only
  /// such names reach the runtime's type lookup, which also accepts
  /// mangled names that could refer to arbitrary memory.
  static func isClassName(_ name: String) -> Bool {
    guard name.utf8.count <= 512 else { return false }
    var identifierLength = 0
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "_"):
        identifierLength += 1
      case UInt8(ascii: "0")...UInt8(ascii: "9") where identifierLength > 0:
        identifierLength += 1
      case UInt8(ascii: ".") where identifierLength > 0:
        identifierLength = 0
      default:
        return false
      }
    }
    return identifierLength > 0
  }
}

/// A service: a name, a priority and handlers, declared in one place.
///
/// ```swift
/// struct Push: DispatchService {
///   var priority: Int { 10 }
///   var handlers: HandlerTable {
///     on("application:didFinishLaunchingWithOptions:") {
///       (app: AnyObject, options: [String: Any]?) -> Bool in true
///     }
///     on("applicationDidEnterBackground:") { (app: AnyObject) in print("push: sleeping") }
///   }
/// }
/// try dispatcher.register(Push())
/// ```
///
/// ``handlers`` is read once, when the service is registered. A service
/// that a manifest names must also be a ``LoadableService``.
public protocol DispatchService {
  /// The name the service registers under, unique among registered
  /// services. Defaults to the type's name.
  var name: String { get }

  /// The priority of the service's handlers: higher priorities run first;
  /// equal priorities run in registration order. Defaults to 0. A handler
  /// may have its own instead, set with ``TypedHandler/priority(_:)``.
  var priority: Int { get }

  /// The service's handlers, by selector (one selector more than once, each
  /// at a priority of its own, to run at several points of its order), built with
  /// ``HandlerTableBuilder`` from `on(_:_:)` entries (or a whole table, such
  /// as a dictionary literal of ``SelectorHandler`` closures).
  ///
  /// The requirement carries ``HandlerTableBuilder``, so a witness whose
  /// body has no `return`, declared where the type states its conformance,
  /// is built with it without writing the attribute, as SwiftUI's `body`
  /// is; one declared elsewhere (another extension, a subclass's
  /// `override`) writes `@HandlerTableBuilder`. A body with `return` is an
  /// ordinary getter.
  @HandlerTableBuilder var handlers: HandlerTable { get }
}

extension DispatchService {
  /// The type's name, such as `PushService`.
  public var name: String { String(describing: Self.self) }

  /// 0: the default priority.
  public var priority: Int { 0 }
}

/// A service that can be created with no arguments, so that a
/// ``Manifest`` can name it and ``ServiceCatalog`` can create it.
///
/// A class that adopts it is found by its module-qualified name
/// (`MyApp.PushService`) through `NSClassFromString`, on Linux too, whether
/// or not it inherits from `NSObject`. A struct or enum must be added to
/// the catalog by name: only classes can be found reflectively.
public protocol LoadableService: DispatchService {
  /// Creates the service.
  init()
}

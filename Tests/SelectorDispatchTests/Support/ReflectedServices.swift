import Foundation

@testable import SelectorDispatch

// Services that a `ServiceCatalog` finds by their type's name, as an app's manifest names
// them: `ServiceCatalogTests`, `DispatcherManifestTests` and `ModuleManagerPatternTests` load them.

/// Counts how many times the classes below were created.
let creations = CallLog()

/// A plain Swift class, not an `NSObject`: found by `NSClassFromString` too.
final class ReflectedPush: LoadableService {
  init() { creations.record("ReflectedPush") }
  var priority: Int { 5 }
  var handlers: HandlerTable {
    on("applicationDidEnterBackground:") { (app: AnyObject) in creations.record("push.bg") }
  }
}

/// An `NSObject` subclass service.
final class ReflectedLog: NSObject, LoadableService {
  override init() {
    creations.record("ReflectedLog")
    super.init()
  }
  var handlers: HandlerTable {
    on("applicationDidEnterBackground:") { (app: AnyObject) in creations.record("log.bg") }
  }
}

/// A class with `init()` that is not a service: it must never be created.
final class NotAService {
  init() { creations.record("NotAService") }
}

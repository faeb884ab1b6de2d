import Foundation
import SelectorDispatch
import SelectorDispatchTesting  // `Transcript`: the output format the examples share with the demo

// The base-class-forwarding pattern (TDWAppDelegateService, LifeCycleService): the AppDelegate
// inherits from a base class that forwards each delegate method to a list of services the
// subclass provides.
//
// Here each forwarding method is one dispatch. Their bugs do not come back: launching folds the
// services' answers (both always returned true), it reaches the services' launch-with-options
// handlers (LifeCycleService called `applicationDidFinishLaunching:` instead), and a completion
// handler runs once however many services handle the event (TDWAppDelegateService passed it to
// every service).

/// Stands in for `UIApplication`, which does not exist on Linux.
final class Application {}

/// The base class: delegate methods with UIKit's shapes, each forwarding in one line.
class AppDelegateService {
  let dispatcher = Dispatcher(vocabulary: .applicationDelegate)

  /// LifeCycleService's overridable list (TDWAppDelegateService's `__services`); read once, at
  /// initialization.
  var services: [any DispatchService] { [] }

  init() {
    do {
      try dispatcher.register(contentsOf: services)
    } catch {
      print("could not register the services: \(error)")
    }
  }

  func application(_ application: AnyObject, didFinishLaunchingWithOptions options: [String: Any]?)
    -> Bool
  {
    forward("application:didFinishLaunchingWithOptions:", application, options as Any) as? Bool
      ?? true
  }

  func applicationDidEnterBackground(_ application: AnyObject) {
    forward("applicationDidEnterBackground:", application)
  }

  func application(
    _ application: AnyObject, handleEventsForBackgroundURLSession identifier: String,
    completionHandler: @escaping () -> Void
  ) {
    forward(
      "application:handleEventsForBackgroundURLSession:completionHandler:", application,
      identifier, completionHandler)
  }

  @discardableResult
  private func forward(_ selector: String, _ params: Any...) -> Any? {
    do {
      return try dispatcher.dispatch(selector: selector, params: params)
    } catch {
      print(Transcript.error(error))
      return nil
    }
  }
}

/// TDWAppDelegateService's TDWInitializeService.
struct InitializeService: DispatchService {
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (app: AnyObject, options: [String: Any]?) -> Bool in
      print("    InitializeService: configured")
      return true
    }
  }
}

/// TDWAppDelegateService's TDWLogService, which also finishes background transfers for its uploads.
struct LogService: DispatchService {
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (app: AnyObject, options: [String: Any]?) -> Bool in
      print("    LogService: logging started")
      return true
    }
    on("applicationDidEnterBackground:") { (app: AnyObject) in print("    LogService: flushed") }
    on("application:handleEventsForBackgroundURLSession:completionHandler:") {
      (app: AnyObject, session: String, done: @escaping () -> Void) in
      print("    LogService: \(session) finished, calling its own completion")
      done()
    }
  }
}

/// LifeCycleService's DependencyLoading, which also owns a background download session.
struct DownloadService: DispatchService {
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (app: AnyObject, options: [String: Any]?) -> Bool in
      print("    DownloadService: reachability started")
      return true
    }
    on("application:handleEventsForBackgroundURLSession:completionHandler:") {
      (app: AnyObject, session: String, done: @escaping () -> Void) in
      print("    DownloadService: \(session) finished, calling its own completion")
      done()
    }
  }
}

/// A service that must stop the launch, such as a failed database migration.
struct MigrationService: DispatchService {
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (app: AnyObject, options: [String: Any]?) -> Bool in
      print("    MigrationService: migration failed, vetoing the launch")
      return false
    }
  }
}

/// The app's delegate: it only lists its services.
final class AppDelegate: AppDelegateService {
  override var services: [any DispatchService] {
    [InitializeService(), LogService(), DownloadService()]
  }
}

/// Another app, whose migration vetoes the launch.
final class VetoedAppDelegate: AppDelegateService {
  override var services: [any DispatchService] { [InitializeService(), MigrationService()] }
}

@main
struct BaseClassForwardingExample {
  static func main() {
    print("Base-class forwarding: a base class forwards each delegate method in one line.")
    let app = Application()

    let delegate = AppDelegate()
    let launch = event("application:didFinishLaunchingWithOptions:", of: delegate)
    let launched = delegate.application(app, didFinishLaunchingWithOptions: nil)
    print(Transcript.result(launched, fold: launch) ?? "")

    _ = event("applicationDidEnterBackground:", of: delegate)
    delegate.applicationDidEnterBackground(app)

    _ = event(
      "application:handleEventsForBackgroundURLSession:completionHandler:", of: delegate)
    var systemCompletions = 0
    delegate.application(app, handleEventsForBackgroundURLSession: "uploads") {
      systemCompletions += 1
    }
    // TDWAppDelegateService called the system's completion once per service.
    print(
      systemCompletions == 1
        ? Transcript.completion((), kind: .void)
        : "  completion: called \(systemCompletions) times")

    let vetoed = VetoedAppDelegate()
    print()
    print("Another app, whose migration vetoes the launch:")
    let vetoedFold = event("application:didFinishLaunchingWithOptions:", of: vetoed)
    let vetoedLaunch = vetoed.application(app, didFinishLaunchingWithOptions: nil)
    print(Transcript.result(vetoedLaunch, fold: vetoedFold) ?? "")
  }

  /// Prints the header of the event the next delegate call forwards, with its fold.
  ///
  /// - Parameters:
  ///   - selector: The event's selector.
  ///   - delegate: The delegate whose dispatcher forwards it.
  /// - Returns: Its fold's name.
  static func event(_ selector: String, of delegate: AppDelegateService) -> String {
    let fold = delegate.dispatcher.fold(of: selector)
    print()
    print(Transcript.event(selector, fold: fold.description))
    return fold.description
  }
}

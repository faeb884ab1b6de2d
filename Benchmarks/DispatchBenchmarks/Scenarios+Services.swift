import SelectorDispatch

/// ``launch`` as a typed event, with the benchmark's stand-ins for UIKit's
/// types.
let launchEvent = Dispatcher.Event<(Application, [String: Any]?) -> Bool>(launch)

/// `application(_:didFinishLaunchingWithOptions:)` as the UIKit adapter
/// declares it (`.didFinishLaunching`): a main-actor event.
let mainActorLaunchEvent = Dispatcher.MainActorEvent<(Application, [String: Any]?) -> Bool>(
  launch)

/// How a benchmark service writes its handler for ``launch``.
enum LaunchHandler {
  /// `on(launch) { (app: Application, options: [String: Any]?) -> Bool in … }`.
  case selector
  /// `on(launchEvent) { app, options in … }`, a typed event.
  case event
  /// `on(mainActorLaunchEvent) { app, options in … }`, a typed main-actor
  /// event, as apps write handlers for the UIKit adapter.
  case mainActorEvent
}

/// A service as apps write one: a typed handler for ``launch``, and typed
/// handlers for the 39 other selectors.
struct LaunchService: DispatchService {
  let name: String
  let form: LaunchHandler
  let slot: Slot
  let stray: Slot

  var handlers: HandlerTable {
    switch form {
    case .selector:
      on(launch) { (app: Application, options: [String: Any]?) -> Bool in slot.hit() }
    case .event:
      on(launchEvent) { app, options in slot.hit() }
    case .mainActorEvent:
      on(mainActorLaunchEvent) { app, options in slot.hit() }
    }
    for selector in otherSelectors {
      on(selector) { (app: Application, value: Any) in stray.hit() }
    }
  }
}

/// How a scenario dispatches ``launch``.
enum LaunchDispatch: CaseIterable {
  /// `dispatch(selector:params:)`, then `as? Bool`.
  case string
  /// `dispatch(key, params:)`, then `as? Bool`.
  case key
  /// `dispatch(key, with: app, options, as: Bool.self)`.
  case typed
}

extension Scenarios {
  /// The rows of handlers written as services write them, at `n`
  /// services.
  static func serviceRows(_ n: Int) -> [(label: String, make: () -> Scenario)] {
    var rows: [(String, () -> Scenario)] = []
    for (form, name) in [(LaunchHandler.selector, "on()"), (.event, "typed event")] {
      for (path, pathName) in [
        (LaunchDispatch.string, "String"), (.key, "SelectorKey"), (.typed, "typed"),
      ] {
        let label = "services: \(name), \(pathName)"
        rows.append(("\(label) N=\(n)", { services(label, n, form, path) }))
      }
    }
    // The UIKit adapter's path, on Linux: its vocabulary, main-actor typed
    // handlers, and the typed dispatch by a key made once that its
    // `DelegateForwarder` makes for each forwarded method.
    let adapter = "services: main-actor event, vocabulary, typed"
    rows.append(("\(adapter) N=\(n)", { services(adapter, n, .mainActorEvent, .typed) }))
    return rows
  }

  /// `n` services whose ``launch`` handler is written as `form`, dispatched
  /// by `path`. The main-actor form's dispatcher declares the UIKit
  /// adapter's vocabulary, the application delegate's merged with the scene
  /// delegate's (``launch`` with fold `all`, the options checked); the
  /// others declare ``launch`` with fold `any`.
  static func services(
    _ name: String, _ n: Int, _ form: LaunchHandler, _ path: LaunchDispatch
  ) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher: Dispatcher
    do {
      if form == .mainActorEvent {
        dispatcher = Dispatcher(vocabulary: try .applicationDelegate.merging(.sceneDelegate))
      } else {
        dispatcher = Dispatcher()
        try dispatcher.declare(launch, fold: .any)
      }
      for index in 0..<n {
        try dispatcher.register(
          LaunchService(
            name: "service\(index)", form: form, slot: counters.slot(index),
            stray: counters.stray))
      }
    } catch {
      fatalError("cannot register: \(error)")
    }
    let app = Application()
    let launchOptions: [String: Any]? = makeLaunchOptions()
    let key: SelectorKey
    do { key = try SelectorKey(launch) } catch { fatalError("bad key: \(error)") }
    return Scenario(name: name, handlers: n, unit: .event, counters: counters) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          let answer: Bool?
          switch path {
          case .string:
            answer =
              try dispatcher.dispatch(selector: launch, params: [app, launchOptions as Any])
              as? Bool
          case .key:
            answer = try dispatcher.dispatch(key, params: [app, launchOptions as Any]) as? Bool
          case .typed:
            answer = try dispatcher.dispatch(key, with: app, launchOptions, as: Bool.self)
          }
          if answer == true { launched += 1 }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }
}

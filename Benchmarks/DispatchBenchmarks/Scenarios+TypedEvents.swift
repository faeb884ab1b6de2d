import SelectorDispatch

extension Dispatcher.MainActorEvent {
  /// `application(_:didFinishLaunchingWithOptions:)` as the UIKit adapter
  /// declares it (`.didFinishLaunching`), with the benchmark's stand-ins for
  /// UIKit's types.
  static var benchmarkLaunch: Dispatcher.MainActorEvent<(Application, [String: Any]?) -> Bool> {
    .init(launch)
  }
}

/// A service as an app writes it for the UIKit adapter: a typed main-actor
/// event's handler for ``launch``, and handlers for the 39 other selectors.
struct LaunchEventService: DispatchService {
  let name: String
  let slot: Slot
  let stray: Slot

  var handlers: HandlerTable {
    on(.benchmarkLaunch) { app, options in slot.hit() }
    for selector in otherSelectors {
      on(selector) { (app: Application, value: Any) in stray.hit() }
    }
  }
}

extension Scenarios {
  /// ``dispatchVocabulary(_:)`` (the adapter's path: by String, with the
  /// vocabulary's argument checks) whose handlers are typed main-actor
  /// events' handlers, as services write them: each call casts each
  /// argument out of `Any` and checks that it runs on the main actor.
  static func dispatchTypedEvent(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let stray = counters.stray
    for index in 0..<n {
      let service = LaunchEventService(
        name: "service\(index)", slot: counters.slot(index), stray: stray)
      do {
        try dispatcher.register(service)
      } catch {
        fatalError("cannot register: \(error)")
      }
    }
    return launches("dispatch: typed event", n, dispatcher, counters)
  }
}

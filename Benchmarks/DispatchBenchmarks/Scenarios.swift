import MallocCounter
import SelectorDispatch

/// The selector every dispatch scenario sends: two arguments, like
/// `application(_:didFinishLaunchingWithOptions:)`.
let launch = "application:didFinishLaunchingWithOptions:"

/// The other selectors of a table the size of UIApplicationDelegate's (39
/// of them, 40 with ``launch``).
let otherSelectors: [String] = (1...39).map { "applicationEvent\($0):with:" }

/// Stands in for `UIApplication`.
final class Application {}

/// Stands in for the launch options: two entries, as a real launch has.
func makeLaunchOptions() -> [String: Any] { ["url": "app://open", "source": "com.example"] }

// MARK: - The table of scenarios, and dispatch through the package

enum Scenarios {
  static let handlerCounts = [1, 10, 100]

  /// Every scenario, in table order, by label; each is made only when asked
  /// for, so profiling one does not pay for building the others.
  static func all() -> [(label: String, make: () -> Scenario)] {
    var scenarios: [(String, () -> Scenario)] = []
    for n in handlerCounts {
      scenarios += [
        ("hand-written N=\(n)", { handWrittenOpaque(n) }),
        ("hand-written, devirtualised N=\(n)", { handWritten(n) }),
        ("closures N=\(n)", { closures(n) }),
        ("naive table N=\(n)", { naiveTable(n) }),
        ("NotificationCenter N=\(n)", { notificationCenter(n) }),
        ("dispatch: String literal N=\(n)", { dispatchLiteral(n) }),
        ("dispatch: runtime String N=\(n)", { dispatchRuntimeString(n) }),
        ("dispatch: SelectorKey N=\(n)", { dispatchKey(n) }),
        ("dispatch: typed SelectorKey N=\(n)", { dispatchTypedKey(n) }),
        ("dispatch: typed String N=\(n)", { dispatchTypedString(n) }),
        ("dispatch: vocabulary N=\(n)", { dispatchVocabulary(n) }),
      ]
      scenarios += serviceRows(n)
      scenarios += AsyncScenarios.rows(n)
    }
    for selectors in [40, 10_000, 100_000] {
      scenarios.append(("scale: \(selectors) selectors N=1", { scale(selectors: selectors) }))
    }
    scenarios += unknownSelectorRows()
    let build = "build: 1000 services × 40 handlers N=1000"
    scenarios.append((build, { registration(services: 1_000, handlersPerService: 40) }))
    let manifest = "build: manifest of 1000 services × 40 handlers N=1000"
    scenarios.append((manifest, { manifestLoad(services: 1_000, handlersPerService: 40) }))
    return scenarios
  }

  /// A dispatcher with `n` services answering ``launch`` and the other 39
  /// selectors registered, as ``Dispatcher`` users build one.
  static func packageDispatcher(_ n: Int, _ counters: Counters) -> Dispatcher {
    let dispatcher = Dispatcher()
    let stray = counters.stray
    for index in 0..<n {
      let slot = counters.slot(index)
      var handlers: [String: SelectorHandler] = [launch: { _ in slot.hit() }]
      for selector in otherSelectors { handlers[selector] = { _ in stray.hit() } }
      do {
        try dispatcher.register(service: "service\(index)", handlers: HandlerTable(handlers))
      } catch {
        fatalError("cannot register: \(error)")
      }
    }
    return dispatcher
  }

  static func dispatchLiteral(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = packageDispatcher(n, counters)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "dispatch: String literal", handlers: n, unit: .event, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          let answer = try dispatcher.dispatch(
            selector: "application:didFinishLaunchingWithOptions:", params: [app, launchOptions],
            fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }

  static func dispatchRuntimeString(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = packageDispatcher(n, counters)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    // Built at run time, as a manifest or NSStringFromSelector would give it.
    let selector = ["application", "didFinishLaunchingWithOptions", ""].joined(separator: ":")
    precondition(selector == launch)
    return Scenario(
      name: "dispatch: runtime String", handlers: n, unit: .event, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          let answer = try dispatcher.dispatch(
            selector: selector, params: [app, launchOptions], fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }

  static func dispatchKey(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = packageDispatcher(n, counters)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    let key: SelectorKey
    do { key = try SelectorKey(launch) } catch { fatalError("bad key: \(error)") }
    return Scenario(name: "dispatch: SelectorKey", handlers: n, unit: .event, counters: counters) {
      count in
      var launched = 0
      for _ in 0..<count {
        do {
          let answer = try dispatcher.dispatch(key, params: [app, launchOptions], fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }

  /// Dispatch through `Dispatcher(vocabulary: .applicationDelegate)`: the
  /// declared fold (`all`) and the vocabulary's argument checks, by String.
  static func dispatchVocabulary(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let stray = counters.stray
    for index in 0..<n {
      let slot = counters.slot(index)
      var handlers: [String: SelectorHandler] = [launch: { _ in slot.hit() }]
      for selector in otherSelectors { handlers[selector] = { _ in stray.hit() } }
      do {
        try dispatcher.register(service: "service\(index)", handlers: HandlerTable(handlers))
      } catch {
        fatalError("cannot register: \(error)")
      }
    }
    return launches("dispatch: vocabulary", n, dispatcher, counters)
  }

  /// ``launch`` by String through `dispatcher`, the params array made on
  /// each event: the UIKit adapter's path until it dispatched typed events.
  static func launches(
    _ name: String, _ n: Int, _ dispatcher: Dispatcher, _ counters: Counters
  ) -> Scenario {
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(name: name, handlers: n, unit: .event, counters: counters) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          let answer = try dispatcher.dispatch(selector: launch, params: [app, launchOptions])
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }

  /// Heap allocations inside one dispatch, per fold, with 10 handlers and
  /// the params array made once (so only dispatch's own allocations count);
  /// `nil` when allocations are not counted here.
  static func foldAllocations() -> [(fold: String, allocations: Double)]? {
    guard malloc_counter_is_active() != 0 else { return nil }
    let folds: [(Fold, Any?)] = [
      (.any, false), (.all, true), (.firstTrue, false), (.firstNonNil, nil), (.last, 7),
      (.broadcast, ()), (.intersection, UInt(0b1010)), (.union, UInt(0b0101)),
      (.collect, 1),
    ]
    let params: [Any] = [Application(), makeLaunchOptions()]
    return folds.map { fold, answer in
      let dispatcher = Dispatcher()
      for index in 0..<10 {
        do {
          try dispatcher.register(service: "s\(index)", handlers: [launch: { _ in answer }])
        } catch {
          fatalError("cannot register: \(error)")
        }
      }
      let events = 1_000
      func run() {
        for _ in 0..<events {
          do {
            blackHole(try dispatcher.dispatch(selector: launch, params: params, fold: fold))
          } catch {
            fatalError("dispatch failed: \(error)")
          }
        }
      }
      run()
      let before = malloc_counter_allocations()
      run()
      let after = malloc_counter_allocations()
      return (fold.description, Double(after - before) / Double(events))
    }
  }
}

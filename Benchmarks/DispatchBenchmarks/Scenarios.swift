import Foundation
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

// MARK: - Hand-written forwarding (seeds 002 and 003)

/// A service protocol whose methods have default implementations, so a
/// service implements only the events it cares about.
protocol AppService: AnyObject {
  func didFinishLaunching(_ app: Application, _ options: [String: Any]) -> Bool
  func didBecomeActive(_ app: Application)
  func willResignActive(_ app: Application)
  func didEnterBackground(_ app: Application)
  func willEnterForeground(_ app: Application)
  func willTerminate(_ app: Application)
  func open(_ url: String, _ options: [String: Any]) -> Bool
}

extension AppService {
  func didFinishLaunching(_ app: Application, _ options: [String: Any]) -> Bool { false }
  func didBecomeActive(_ app: Application) {}
  func willResignActive(_ app: Application) {}
  func didEnterBackground(_ app: Application) {}
  func willEnterForeground(_ app: Application) {}
  func willTerminate(_ app: Application) {}
  func open(_ url: String, _ options: [String: Any]) -> Bool { false }
}

final class PushService: AppService {
  let slot: Slot
  init(slot: Slot) { self.slot = slot }
  func didFinishLaunching(_ app: Application, _ options: [String: Any]) -> Bool { slot.hit() }
}

final class AnalyticsService: AppService {
  let slot: Slot
  init(slot: Slot) { self.slot = slot }
  func didFinishLaunching(_ app: Application, _ options: [String: Any]) -> Bool { slot.hit() }
  func didEnterBackground(_ app: Application) { _ = slot.hit() }
}

/// The AppDelegate that forwards each event to every service by hand.
final class ForwardingDelegate {
  let services: [any AppService]
  init(services: [any AppService]) { self.services = services }

  /// ORs the answers, calling every service: no `result || call()`.
  @inline(never)
  func didFinishLaunching(_ app: Application, _ options: [String: Any]) -> Bool {
    var launched = false
    for service in services {
      let answer = service.didFinishLaunching(app, options)
      launched = launched || answer
    }
    return launched
  }
}

// MARK: - The floor: opaque closures

struct ClosureList {
  let handlers: [(Int, Int) -> Bool]

  @inline(never)
  func callAll(_ a: Int, _ b: Int) -> Bool {
    var result = false
    for handler in handlers {
      let answer = handler(a, b)
      result = result || answer
    }
    return result
  }
}

// MARK: - A naive string-keyed table

struct NaiveTable {
  let table: [String: [([Any]) -> Any?]]

  /// Looks up, counts the arity on every event, calls all and ORs.
  @inline(never)
  func dispatch(_ selector: String, _ params: [Any]) -> Bool {
    guard let handlers = table[selector] else { fatalError("unknown selector \(selector)") }
    var arity = 0
    for byte in selector.utf8 where byte == UInt8(ascii: ":") { arity += 1 }
    guard arity == params.count else { fatalError("arity mismatch for \(selector)") }
    var result = false
    for handler in handlers {
      let answer = handler(params) as? Bool ?? false
      result = result || answer
    }
    return result
  }
}

// MARK: - Building scenarios

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

  static func handWritten(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let services: [any AppService] = (0..<n).map { index in
      index % 2 == 0
        ? PushService(slot: counters.slot(index)) as any AppService
        : AnalyticsService(slot: counters.slot(index))
    }
    let delegate = ForwardingDelegate(services: services)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "hand-written, devirtualised", handlers: n, unit: .event, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count where delegate.didFinishLaunching(app, launchOptions) { launched += 1 }
      return launched
    }
  }

  static func closures(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let list = ClosureList(
      handlers: (0..<n).map { index in
        let slot = counters.slot(index)
        return { _, _ in slot.hit() }
      })
    return Scenario(name: "closures", handlers: n, unit: .event, counters: counters) { count in
      var launched = 0
      for event in 0..<count where list.callAll(event, 2) { launched += 1 }
      return launched
    }
  }

  static func naiveTable(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let stray = counters.stray
    var table: [String: [([Any]) -> Any?]] = [:]
    for selector in otherSelectors {
      table[selector] = (0..<n).map { _ in { _ in stray.hit() } }
    }
    table[launch] = (0..<n).map { index in
      let slot = counters.slot(index)
      return { _ in slot.hit() }
    }
    let naive = NaiveTable(table: table)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(name: "naive table", handlers: n, unit: .event, counters: counters) { count in
      var launched = 0
      for _ in 0..<count where naive.dispatch(launch, [app, launchOptions]) { launched += 1 }
      return launched
    }
  }

  /// Keeps a private center and its observers alive as long as the scenario.
  final class Observed {
    let center = NotificationCenter()
    var tokens: [any NSObjectProtocol] = []
    deinit { for token in tokens { center.removeObserver(token) } }
  }

  static func notificationCenter(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let stray = counters.stray
    let observed = Observed()
    for selector in otherSelectors {
      for _ in 0..<n {
        observed.tokens.append(
          observed.center.addObserver(forName: .init(selector), object: nil, queue: nil) { _ in
            _ = stray.hit()
          })
      }
    }
    let name = Notification.Name(launch)
    for index in 0..<n {
      let slot = counters.slot(index)
      observed.tokens.append(
        observed.center.addObserver(forName: name, object: nil, queue: nil) { _ in
          _ = slot.hit()
        })
    }
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(name: "NotificationCenter", handlers: n, unit: .event, counters: counters) {
      count in
      for _ in 0..<count {
        observed.center.post(
          name: name, object: app, userInfo: ["application": app, "options": launchOptions])
      }
      return count
    }
  }

  /// A dispatcher with `n` services answering ``launch`` and the other 39
  /// selectors registered, as ``Dispatcher`` users build one.
  static func packageDispatcher(_ n: Int, _ counters: Counters) -> Dispatcher {
    let dispatcher = Dispatcher()
    let stray = counters.stray
    for index in 0..<n {
      let slot = counters.slot(index)
      var handlers: [String: Handler] = [launch: { _ in slot.hit() }]
      for selector in otherSelectors { handlers[selector] = { _ in stray.hit() } }
      do {
        try dispatcher.register(service: "service\(index)", handlers: handlers)
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
      var handlers: [String: Handler] = [launch: { _ in slot.hit() }]
      for selector in otherSelectors { handlers[selector] = { _ in stray.hit() } }
      do {
        try dispatcher.register(service: "service\(index)", handlers: handlers)
      } catch {
        fatalError("cannot register: \(error)")
      }
    }
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(name: "dispatch: vocabulary", handlers: n, unit: .event, counters: counters) {
      count in
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

  /// A service whose table is made before timing.
  struct TableService: Service {
    let name: String
    let handlers: [String: Handler]
  }

  /// Parses a JSON manifest naming `services` catalog services and
  /// registers them all, all or nothing; checked with one dispatch.
  static func manifestLoad(services: Int, handlersPerService: Int) -> Scenario {
    let counters = Counters(handlers: services)
    let stray = counters.stray
    let selectors = (1..<handlersPerService).map { "manifestEvent\($0):with:" }
    var catalog = ServiceCatalog(allowsReflection: false)
    for index in 0..<services {
      let slot = counters.slot(index)
      var handlers: [String: Handler] = [launch: { _ in slot.hit() }]
      for selector in selectors { handlers[selector] = { _ in stray.hit() } }
      let service = TableService(name: "service\(index)", handlers: handlers)
      catalog.add(service.name) { service }
    }
    let entries = (0..<services).map { #"{"name": "service\#($0)", "priority": \#($0 % 4)}"# }
    let json = Data((#"{"services": ["# + entries.joined(separator: ",\n") + "]}").utf8)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "build: manifest of \(services) services × \(handlersPerService) handlers",
      handlers: services, unit: .build, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        let dispatcher = Dispatcher()
        do {
          try dispatcher.register(Manifest.parse(json), catalog: catalog)
          let answer = try dispatcher.dispatch(
            selector: launch, params: [app, launchOptions], fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("manifest load failed: \(error)")
        }
      }
      return launched
    }
  }

  /// String-literal dispatch to one handler, with `selectors` selectors
  /// registered in all.
  static func scale(selectors: Int) -> Scenario {
    let counters = Counters(handlers: 1)
    let dispatcher = packageDispatcher(1, counters)
    let stray = counters.stray
    var bulk: [String: Handler] = [:]
    for index in 0..<(selectors - 40) { bulk["scaleEvent\(index):with:"] = { _ in stray.hit() } }
    do {
      try dispatcher.register(service: "bulk", handlers: bulk)
    } catch {
      fatalError("cannot register: \(error)")
    }
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "scale: \(selectors) selectors", handlers: 1, unit: .event, counters: counters
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

  /// Builds a whole table: `services` services, each with a handler for
  /// ``launch`` and `handlersPerService - 1` other selectors, at mixed
  /// priorities. The handler dictionaries are made before timing; a build is
  /// checked with one dispatch of ``launch``.
  static func registration(services: Int, handlersPerService: Int) -> Scenario {
    let counters = Counters(handlers: services)
    let stray = counters.stray
    let selectors = (1..<handlersPerService).map { "registrationEvent\($0):with:" }
    let tables: [[String: Handler]] = (0..<services).map { index in
      let slot = counters.slot(index)
      var handlers: [String: Handler] = [launch: { _ in slot.hit() }]
      for selector in selectors { handlers[selector] = { _ in stray.hit() } }
      return handlers
    }
    let names = (0..<services).map { "service\($0)" }
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "build: \(services) services × \(handlersPerService) handlers", handlers: services,
      unit: .build, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        let dispatcher = Dispatcher()
        do {
          for index in 0..<services {
            try dispatcher.register(
              service: names[index], priority: index % 4, handlers: tables[index])
          }
          let answer = try dispatcher.dispatch(
            selector: launch, params: [app, launchOptions], fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("build failed: \(error)")
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

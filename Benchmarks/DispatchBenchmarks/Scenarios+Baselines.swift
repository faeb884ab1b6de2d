import Foundation
import SelectorDispatch

// MARK: - Hand-written forwarding (the base-class-forwarding pattern)

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

// MARK: - Building the baselines

/// The baselines the dispatcher is measured against: hand-written
/// forwarding, a list of closures, a naive table and NotificationCenter.
extension Scenarios {
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
}

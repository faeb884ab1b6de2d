import BenchmarkServices
import MallocCounter
import SelectorDispatch

/// The honest hand-written baseline, and the typed entry point's rows.
extension Scenarios {
  /// Hand-written forwarding to services made in another module, behind
  /// `any AppService` from an opaque factory: the optimiser cannot see the
  /// conforming classes, so every call goes through the witness table, as
  /// it does in an app whose services live in their own modules.
  static func handWrittenOpaque(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let services = makeAppServices(counters: (0..<n).map { counters.slot($0).pointer })
    let delegate = OpaqueForwardingDelegate(services: services)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(name: "hand-written", handlers: n, unit: .event, counters: counters) { count in
      var launched = 0
      for _ in 0..<count where delegate.didFinishLaunching(app, launchOptions) { launched += 1 }
      return launched
    }
  }

  /// ``packageDispatcher(_:_:)`` with ``launch`` declared `any`: the typed
  /// entry point uses the declared fold.
  static func declaredDispatcher(_ n: Int, _ counters: Counters) -> Dispatcher {
    let dispatcher = packageDispatcher(n, counters)
    do {
      try dispatcher.declare(launch, fold: .any)
    } catch {
      fatalError("cannot declare: \(error)")
    }
    return dispatcher
  }

  /// `dispatch(key, with: app, options, as: Bool.self)`.
  static func dispatchTypedKey(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = declaredDispatcher(n, counters)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    let key: SelectorKey
    do { key = try SelectorKey(launch) } catch { fatalError("bad key: \(error)") }
    return Scenario(
      name: "dispatch: typed SelectorKey", handlers: n, unit: .event, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          if try dispatcher.dispatch(key, with: app, launchOptions, as: Bool.self) == true {
            launched += 1
          }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }

  /// `dispatch(selector: "…", with: app, options, as: Bool.self)`.
  static func dispatchTypedString(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = declaredDispatcher(n, counters)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "dispatch: typed String", handlers: n, unit: .event, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          if try dispatcher.dispatch(
            selector: "application:didFinishLaunchingWithOptions:", with: app, launchOptions,
            as: Bool.self) == true
          {
            launched += 1
          }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }
}

/// The AppDelegate that forwards the launch to every service by hand,
/// through the existential.
final class OpaqueForwardingDelegate {
  let services: [any BenchmarkServices.AppService]
  init(services: [any BenchmarkServices.AppService]) { self.services = services }

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

extension Scenarios {
  /// Heap allocations per typed dispatch (`dispatch(key, with: app, options,
  /// as:)`), per declared fold, with 10 handlers (`[Any]` closures, or typed
  /// handlers, `TypedHandler`, when `typedHandlers`); `nil` when
  /// allocations are not counted here. Nothing is made per event but what
  /// dispatch makes.
  static func typedFoldAllocations(typedHandlers: Bool = false)
    -> [(fold: String, allocations: Double)]?
  {
    guard malloc_counter_is_active() != 0 else { return nil }
    let app = Application()
    let options = makeLaunchOptions()
    func count<Answer, Result>(_ fold: Fold, _ answer: Answer, as type: Result.Type) -> Double {
      let dispatcher = Dispatcher()
      // No opinion: a typed handler's `Int?.none`, an `[Any]` closure's `nil`.
      let raw: Any? = Answer.self == Int?.self ? nil : answer
      do {
        try dispatcher.declare(launch, fold: fold)
        for index in 0..<10 {
          let handlers: HandlerTable =
            typedHandlers
            ? HandlerTable([TypedHandler(launch) { (_: Application, _: [String: Any]) in answer }])
            : [launch: { _ in raw }]
          try dispatcher.register(service: "s\(index)", handlers: handlers)
        }
        let key = try SelectorKey(launch)
        let events = 1_000
        func run() throws {
          for _ in 0..<events {
            blackHole(try dispatcher.dispatch(key, with: app, options, as: type))
          }
        }
        try run()
        let before = malloc_counter_allocations()
        try run()
        return Double(malloc_counter_allocations() - before) / Double(events)
      } catch {
        fatalError("typed dispatch failed: \(error)")
      }
    }
    return [
      ("any", count(.any, false, as: Bool.self)), ("all", count(.all, true, as: Bool.self)),
      ("firstTrue", count(.firstTrue, false, as: Bool.self)),
      ("firstNonNil", count(.firstNonNil, Int?.none, as: Int.self)),
      ("last", count(.last, 7, as: Int.self)), ("broadcast", count(.broadcast, (), as: Int.self)),
      ("intersection", count(.intersection, UInt(0b1010), as: UInt.self)),
      ("union", count(.union, UInt(0b0101), as: UInt.self)),
      ("nonEmptyIntersection", count(.nonEmptyIntersection, UInt(0b0110), as: UInt.self)),
      ("collect", count(.collect, 1, as: [Any?].self)),
    ]
  }
}

import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

/// A handler's own priority: the order of one selector's handlers, apart
/// from the order of the same services' other handlers.
@Suite struct HandlerPriorityTests {
  static let background = "applicationDidEnterBackground:"
  static let foreground = "applicationWillEnterForeground:"

  /// Saves the app's place: first when the app leaves, by its handler's own
  /// priority; at its service's priority (0) when it comes back.
  struct Coordinator: DispatchService {
    let log: CallLog
    var handlers: HandlerTable {
      on(HandlerPriorityTests.background) { (app: AnyObject) in log.record("coordinator") }
        .priority(10)
      on(HandlerPriorityTests.foreground) { (app: AnyObject) in log.record("coordinator") }
    }
  }

  /// Runs at 5 for both selectors.
  struct Accounts: DispatchService {
    let log: CallLog
    var priority: Int { 5 }
    var handlers: HandlerTable {
      on(HandlerPriorityTests.background) { (app: AnyObject) in log.record("accounts") }
      on(HandlerPriorityTests.foreground) { (app: AnyObject) in log.record("accounts") }
    }
  }

  @Test func aHandlersOwnPriorityOrdersOnlyItsSelector() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    // Registered in the order that would run them the other way round.
    try dispatcher.register(Accounts(log: log))
    try dispatcher.register(Coordinator(log: log))
    _ = try dispatcher.dispatch(selector: Self.background, params: [NSObject()])
    _ = try dispatcher.dispatch(selector: Self.foreground, params: [NSObject()])
    #expect(log.entries == ["coordinator", "accounts", "accounts", "coordinator"])
    #expect(
      dispatcher.priorities(handling: Self.background) == ["Coordinator": [10], "Accounts": [5]])
    #expect(
      dispatcher.priorities(handling: Self.foreground) == ["Coordinator": [0], "Accounts": [5]])
  }

  @Test func equalPrioritiesRunInRegistrationOrderWhoeverSetThem() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    // `first` has the service's 5; `second` its handler's own 5; `third` a
    // handler's own 5 in a service whose priority is higher.
    try dispatcher.register(service: "first", priority: 5, handlers: ["a:": log.handler("first")])
    try dispatcher.register(
      service: "second",
      handlers: HandlerTable([TypedHandler("a:") { (_: Int) in log.record("second") }.priority(5)]))
    try dispatcher.register(
      service: "third", priority: 50,
      handlers: HandlerTable([TypedHandler("a:") { (_: Int) in log.record("third") }.priority(5)]))
    try dispatcher.register(service: "zeroth", priority: 6, handlers: ["a:": log.handler("zeroth")])
    _ = try dispatcher.dispatch(selector: "a:", params: [1])
    #expect(log.entries == ["zeroth", "first", "second", "third"])
  }

  /// The order holds for typed events, for async handlers in an awaited
  /// dispatch, and after a manifest changes the service's priority.
  struct Refresher: DispatchService {
    let log: CallLog
    var name: String { "refresher" }
    var handlers: HandlerTable {
      on(.itemDidChange) { item in log.record("refresher.change") }.priority(-1)
      on("feedWillRefresh:") { (feed: String) async in log.record("refresher.refresh") }
        .priority(100)
    }
  }

  struct Audit: DispatchService {
    let log: CallLog
    var name: String { "audit" }
    var handlers: HandlerTable {
      on(.itemDidChange) { item in log.record("audit.change") }
      on("feedWillRefresh:") { (feed: String) async in log.record("audit.refresh") }
    }
  }

  @Test func typedEventsAsyncHandlersAndManifestsKeepTheHandlersOwnPriority() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    var catalog = ServiceCatalog()
    catalog.add("refresher") { Refresher(log: log) }
    catalog.add("audit") { Audit(log: log) }
    // The manifest raises the refresher's priority above the audit's, which
    // its handlers' own priorities override.
    try dispatcher.register(
      Manifest(entries: [.init(name: "audit"), .init(name: "refresher", priority: 50)]),
      catalog: catalog)
    _ = try dispatcher.dispatch(selector: "itemDidChange:", params: ["x"])
    _ = try await dispatcher.answer(to: "feedWillRefresh:", params: ["news"])
    #expect(
      log.entries == ["audit.change", "refresher.change", "refresher.refresh", "audit.refresh"])
  }

  @Test func theTraceShowsThePriorityEachHandlerRanAt() throws {
    let log = CallLog()
    let injector = EventInjector()
    try injector.dispatcher.register(Accounts(log: log))
    try injector.dispatcher.register(Coordinator(log: log))
    let trace = injector.inject(Self.background, injector.application)
    #expect(trace.calls.map(\.service) == ["Coordinator", "Accounts"])
    #expect(trace.calls.map(\.priority) == [10, 5])
    var profile = Profile()
    profile.add(trace.calls)
    #expect(profile.rows.map(\.priority) == [10, 5])
  }

  /// "Set the environment up first, start the launch view model last":
  /// one service, one selector, two points of its order.
  static func setup(_ log: CallLog, priority: Int = 0) -> Service {
    Service("Setup", priority: priority) {
      on(.launch) { app in
        log.record("setup.environment")
        return true
      }
      .priority(100)
      on(.launch) { app in log.record("setup.viewModel") }.priority(-100)
      on(.itemDidChange) { item in log.record("setup.change") }
    }
  }

  /// A service at 0 between the two.
  static func analytics(_ log: CallLog) -> Service {
    Service("Analytics") {
      on(.launch) { app in
        log.record("analytics")
        return false
      }
    }
  }

  @Test func oneServiceRunsOneSelectorAtTwoPointsOfItsOrder() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare("launch:", fold: .all)
    try dispatcher.register(contentsOf: [Self.setup(log), Self.analytics(log)])
    // By text, by key and typed: the same order, and every answer folded.
    #expect(try dispatcher.dispatch(selector: "launch:", params: ["app"]) as? Bool == false)
    let key = try SelectorKey("launch:")
    #expect(try dispatcher.dispatch(key, with: "app", as: Bool.self) == false)
    let once = ["setup.environment", "analytics", "setup.viewModel"]
    #expect(log.entries == once + once)
    #expect(
      dispatcher.priorities(handling: "launch:") == ["Setup": [100, -100], "Analytics": [0]])
    #expect(dispatcher.services(handling: "launch:") == ["Setup", "Analytics"])
    // Unregistering the service removes both, and nothing else of the table.
    #expect(dispatcher.unregister(service: "Setup"))
    #expect(dispatcher.services(handling: "launch:") == ["Analytics"])
    #expect(!dispatcher.responds(to: "itemDidChange:"))
    try dispatcher.register(Self.setup(log))
    #expect(
      dispatcher.priorities(handling: "launch:") == ["Setup": [100, -100], "Analytics": [0]])
  }

  @Test func twoHandlersOfOneSelectorAtOnePriorityAreRefusedAtRegistration() throws {
    let dispatcher = Dispatcher()
    let refusal = DispatchError.duplicateHandler(selector: "launch:", service: "Setup")
    // Neither has a priority of its own; both have the same; one has its
    // own, equal to its service's, which the other runs at.
    let tables: [(priority: Int, first: Int?, second: Int?)] = [
      (0, nil, nil), (0, 7, 7), (5, nil, 5), (5, 5, nil),
    ]
    for (priority, first, second) in tables {
      let service = Service("Setup", priority: priority) {
        on(.itemDidChange) { _ in }
        first.map { on(.launch) { _ in true }.priority($0) } ?? on(.launch) { _ in true }
        second.map { on(.launch) { _ in false }.priority($0) } ?? on(.launch) { _ in false }
      }
      #expect(throws: refusal, "\(priority), \(first as Any), \(second as Any)") {
        try dispatcher.register(service)
      }
      #expect(!dispatcher.responds(to: "itemDidChange:"), "nothing of it registered")
    }
  }

  /// Whichever of the two is listed first, the async one or the synchronous one, each runs at
  /// its own point of an awaited dispatch.
  @Test func anAsyncAndASynchronousHandlerOfOneSelectorRunAtTheirOwnPoints() async throws {
    for asyncFirst in [true, false] {
      let log = CallLog()
      let dispatcher = Dispatcher()
      try dispatcher.register(
        Service("Refresher") {
          if asyncFirst {
            on("feedWillRefresh:") { (feed: String) async in log.record("refresher.first") }
              .priority(10)
          }
          on("feedWillRefresh:") { (feed: String) in log.record("refresher.last") }.priority(-10)
          if !asyncFirst {
            on("feedWillRefresh:") { (feed: String) async in log.record("refresher.first") }
              .priority(10)
          }
        })
      try dispatcher.register(
        Service("Audit") { on("feedWillRefresh:") { (feed: String) in log.record("audit") } })
      _ = try await dispatcher.answer(to: "feedWillRefresh:", params: ["news"])
      #expect(
        log.entries == ["refresher.first", "audit", "refresher.last"], "async first: \(asyncFirst)")
    }
  }

  @Test func theTraceShowsEachPointOfAServiceAtItsPriority() throws {
    let log = CallLog()
    let injector = EventInjector()
    try injector.dispatcher.declare("launch:", fold: .all)
    try injector.dispatcher.register(contentsOf: [Self.setup(log), Self.analytics(log)])
    let trace = injector.inject("launch:", "app")
    #expect(trace.calls.map(\.service) == ["Setup", "Analytics", "Setup"])
    #expect(trace.calls.map(\.priority) == [100, 0, -100])
    // The profile has a row for each point.
    var profile = Profile()
    profile.add(trace.calls)
    #expect(profile.rows.map(\.service) == ["Setup", "Analytics", "Setup"])
    #expect(profile.rows.map(\.priority) == [100, 0, -100])
    #expect(profile.rows.map(\.calls) == [1, 1, 1])
  }
}

extension Dispatcher.Event {
  fileprivate static var itemDidChange: Dispatcher.Event<(String) -> Void> {
    .init("itemDidChange:")
  }
  fileprivate static var launch: Dispatcher.Event<(String) -> Bool> { .init("launch:") }
}

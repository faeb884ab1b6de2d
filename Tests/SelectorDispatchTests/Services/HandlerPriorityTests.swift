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
    #expect(dispatcher.priorities(handling: Self.background) == ["Coordinator": 10, "Accounts": 5])
    #expect(dispatcher.priorities(handling: Self.foreground) == ["Coordinator": 0, "Accounts": 5])
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
}

extension Dispatcher.Event {
  fileprivate static var itemDidChange: Dispatcher.Event<(String) -> Void> {
    .init("itemDidChange:")
  }
}

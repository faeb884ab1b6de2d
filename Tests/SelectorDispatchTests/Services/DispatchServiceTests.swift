import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct DispatchServiceTests {
  static let launch = "application:didFinishLaunchingWithOptions:"
  static let background = "applicationDidEnterBackground:"

  struct Push: DispatchService {
    let log: CallLog
    var priority: Int { 10 }
    var handlers: HandlerTable {
      on(DispatchServiceTests.launch) { (app: AnyObject, options: [String: Any]?) -> Bool in
        log.record("push.launch")
        return true
      }
      on(DispatchServiceTests.background) { (app: AnyObject) in log.record("push.background") }
    }
  }

  struct Analytics: DispatchService {
    let log: CallLog
    var enabled = true
    var handlers: HandlerTable {
      if enabled {
        on(DispatchServiceTests.launch) { (app: AnyObject, options: [String: Any]?) -> Bool in
          log.record("analytics.launch")
          return false
        }
      }
      for selector in [DispatchServiceTests.background, "applicationWillTerminate:"] {
        on(selector) { (app: AnyObject) in log.record("analytics.\(selector)") }
      }
    }
  }

  @Test func defaultsAreTheTypeNameAndZero() {
    let analytics = Analytics(log: CallLog())
    #expect(analytics.name == "Analytics")
    #expect(analytics.priority == 0)
    #expect(Push(log: CallLog()).priority == 10)
  }

  @Test func registeredServicesRunByPriorityAndFold() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare(Self.launch, fold: .all)
    try dispatcher.register(Analytics(log: log))
    try dispatcher.register(Push(log: log))
    let noOptions: [String: Any]? = nil
    let launched = try dispatcher.dispatch(
      selector: Self.launch, params: [NSObject(), noOptions as Any])
    #expect(launched as? Bool == false)
    _ = try dispatcher.dispatch(selector: Self.background, params: [NSObject()])
    #expect(
      log.entries == [
        "push.launch", "analytics.launch", "push.background",
        "analytics.applicationDidEnterBackground:",
      ])
    #expect(dispatcher.responds(to: "applicationWillTerminate:"))
  }

  @Test func builderControlFlowSelectsHandlers() {
    let without = Analytics(log: CallLog(), enabled: false)
    #expect(
      without.handlers.handlers.keys.sorted() == [Self.background, "applicationWillTerminate:"])
  }

  @Test func aBadCastIsThrownAfterTheOtherServicesRan() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare(Self.launch, fold: .all)
    try dispatcher.register(Push(log: log))
    // A low-level handler takes anything, so it runs although Push's cast fails.
    try dispatcher.register(service: "raw", handlers: [Self.launch: log.handler("raw")])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: Self.launch, params: [NSObject(), 42])
    }
    #expect(
      error
        == .handlerArgumentTypeMismatch(
          selector: Self.launch, service: "Push", index: 1,
          expected: "Optional<Dictionary<String, Any>>", actual: "Int"))
    #expect(log.entries == ["raw"])
  }

  struct Failing: DispatchService {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    var handlers: HandlerTable {
      on(DispatchServiceTests.background) { (app: AnyObject) throws in throw Offline() }
    }
  }

  @Test func aThrowingHandlerIsReportedWithItsServiceName() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(Failing())
    try dispatcher.register(Analytics(log: log))
    #expect(
      throws: DispatchError.handlerFailed(
        selector: Self.background, service: "Failing", reason: "offline")
    ) {
      try dispatcher.dispatch(selector: Self.background, params: [NSObject()], fold: .broadcast)
    }
    #expect(log.entries == ["analytics.applicationDidEnterBackground:"])
  }

  struct Mistaken: DispatchService {
    let selectors: [String]
    var handlers: HandlerTable {
      on(DispatchServiceTests.background) { (app: AnyObject) in () }
      for selector in selectors { on(selector) { (app: AnyObject) in () } }
    }
  }

  struct MistakeCase: Sendable, CustomTestStringConvertible {
    let selectors: [String]
    let error: DispatchError
    var testDescription: String { selectors.joined(separator: " ") }
  }

  @Test(arguments: [
    MistakeCase(
      selectors: ["a:", background],
      error: .duplicateHandler(selector: background, service: "Mistaken")),
    MistakeCase(
      selectors: ["a:b:"], error: .arityMismatch(selector: "a:b:", expected: 2, actual: 1)),
    MistakeCase(
      selectors: [":"],
      error: .malformedSelector(
        selector: ":", offset: 0, reason: "a selector must begin with an identifier, not ':'")),
  ])
  func mistakesInTheTableAreThrownAndNothingIsRegistered(_ test: MistakeCase) throws {
    let dispatcher = Dispatcher()
    #expect(throws: test.error) { try dispatcher.register(Mistaken(selectors: test.selectors)) }
    #expect(!dispatcher.responds(to: Self.background))
    #expect(!dispatcher.unregister(service: "Mistaken"))
  }

  @Test func aConcurrentDispatchSeesAllOfABatchOrNone() async throws {
    let dispatcher = Dispatcher()
    let selector = "ping"
    try dispatcher.declare(selector, fold: .collect)
    let counts = await withTaskGroup(of: [Int].self) { group in
      group.addTask {
        var counts: [Int] = []
        for _ in 0..<3_000 {
          let answers = try? dispatcher.dispatch(selector: selector, params: [])
          counts.append((answers as? [Any?])?.count ?? -1)
        }
        return counts
      }
      group.addTask {
        let batch: [any DispatchService] = (0..<4).map { index in
          Named(name: "s\(index)", handlers: [selector: { _ in index }])
        }
        try? dispatcher.register(contentsOf: batch)
        return []
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(counts.count == 3_000)
    #expect(counts.allSatisfy { $0 == 0 || $0 == 4 })
    let final = try dispatcher.dispatch(selector: selector, params: []) as? [Any?]
    #expect(final?.count == 4)
  }

  struct Named: DispatchService {
    let name: String
    let handlers: HandlerTable
  }

  @Test func registeringSeveralIsAllOrNothing() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "Push", handlers: [:])
    #expect(throws: DispatchError.duplicateService(name: "Push")) {
      try dispatcher.register(contentsOf: [Analytics(log: log), Push(log: log)])
    }
    #expect(!dispatcher.responds(to: Self.background))
    #expect(throws: DispatchError.duplicateService(name: "Analytics")) {
      try dispatcher.register(contentsOf: [Analytics(log: log), Analytics(log: log)])
    }
    #expect(!dispatcher.responds(to: Self.background))
    #expect(dispatcher.unregister(service: "Push"))
    try dispatcher.register(contentsOf: [Analytics(log: log), Push(log: log)])
    _ = try dispatcher.dispatch(selector: Self.background, params: [NSObject()])
    #expect(log.entries == ["push.background", "analytics.applicationDidEnterBackground:"])
  }
}

extension DispatchServiceTests {
  struct Table: DispatchService {
    let name: String
    let handlers: HandlerTable
  }

  @Test func aBatchReportsTheFirstFailingServiceInOrder() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(Table(name: "taken", handlers: ["ping": { _ in nil }]))
    // The first service's name is taken; the second has a malformed selector.
    #expect(throws: DispatchError.duplicateService(name: "taken")) {
      try dispatcher.register(contentsOf: [
        Table(name: "taken", handlers: ["ping": { _ in nil }]),
        Table(name: "fresh", handlers: ["foo bar:": { _ in nil }]),
      ])
    }
    // And the other way round.
    #expect(throws: DispatchError.self) {
      try dispatcher.register(contentsOf: [
        Table(name: "fresh", handlers: ["foo bar:": { _ in nil }]),
        Table(name: "taken", handlers: ["ping": { _ in nil }]),
      ])
    }
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.register(contentsOf: [
        Table(name: "fresh", handlers: ["foo bar:": { _ in nil }]),
        Table(name: "taken", handlers: ["ping": { _ in nil }]),
      ])
    }
    guard case .malformedSelector(selector: "foo bar:", _, _) = error else {
      Issue.record("expected the first service's malformed selector, got \(error)")
      return
    }
    #expect(!dispatcher.responds(to: "foo bar:"))
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct DispatcherTests {
  let background = "applicationDidEnterBackground:"
  let launch = "application:didFinishLaunchingWithOptions:"

  @Test func higherPriorityRunsFirstThenRegistrationOrder() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    for (name, priority) in [("a", 0), ("b", 10), ("c", 0), ("d", -5), ("e", 10), ("f", 0)] {
      try dispatcher.register(
        service: name, priority: priority, handlers: [background: log.handler(name)])
    }
    _ = try dispatcher.dispatch(selector: background, params: ["app"])
    #expect(log.entries == ["b", "e", "a", "c", "f", "d"])
  }

  @Test func reRegisteringAfterUnregisterGoesToTheBackOfItsPriority() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    for name in ["a", "b", "c"] {
      try dispatcher.register(service: name, handlers: [background: log.handler(name)])
    }
    #expect(dispatcher.unregister(service: "a"))
    try dispatcher.register(service: "a", handlers: [background: log.handler("a")])
    _ = try dispatcher.dispatch(selector: background, params: ["app"])
    #expect(log.entries == ["b", "c", "a"])
  }

  @Test func undeclaredSelectorsCollect() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [background: { _ in 1 }])
    try dispatcher.register(service: "b", handlers: [background: { _ in nil }])
    let answers = try #require(
      try dispatcher.dispatch(selector: background, params: [0]) as? [Any?])
    #expect(answers.count == 2)
    #expect(answers.first as? Int == 1)
  }

  @Test func declaredFoldIsUsedAndAnExplicitFoldOverridesIt() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare(launch, fold: .all)
    try dispatcher.register(service: "a", handlers: [launch: log.handler("a", answer: false)])
    try dispatcher.register(service: "b", handlers: [launch: log.handler("b", answer: true)])
    #expect(try dispatcher.dispatch(selector: launch, params: [0, 0]) as? Bool == false)
    #expect(try dispatcher.dispatch(selector: launch, params: [0, 0], fold: .any) as? Bool == true)
    // A declared `Bool` fold goes straight to the `Bool` loop, but not when
    // another fold is given, and the typed entry point uses the declared one.
    let answers = try dispatcher.dispatch(selector: launch, params: [0, 0], fold: .collect)
    #expect((answers as? [Any?])?.map { $0 as? Bool } == [false, true])
    #expect(try dispatcher.dispatch(SelectorKey(launch), with: 0, 0, as: Bool.self) == false)
    #expect(log.entries == ["a", "b", "a", "b", "a", "b", "a", "b"])
  }

  @Test func declaringAgainWithAnotherFoldIsAnError() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(launch, fold: .all)
    try dispatcher.declare(launch, fold: .all)
    #expect(
      throws: DispatchError.conflictingDeclaration(
        selector: launch, declared: "all", requested: "any")
    ) {
      try dispatcher.declare(launch, fold: .any)
    }
    #expect(throws: DispatchError.self) { try dispatcher.declare("bad selector", fold: .all) }
  }

  @Test func arityIsCheckedBeforeAnyHandlerRuns() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [launch: log.handler("a")])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: launch, params: ["app"])
    }
    #expect(error == .arityMismatch(selector: launch, expected: 2, actual: 1))
    #expect(error.description.contains("takes 2 arguments"))
    #expect(error.description.contains("1 was given"))
    let key = try SelectorKey(launch)
    #expect(throws: DispatchError.arityMismatch(selector: launch, expected: 2, actual: 3)) {
      try dispatcher.dispatch(key, params: [1, 2, 3], fold: .all)
    }
    #expect(log.entries.isEmpty)
  }

  @Test func unknownSelectorsSuggestTheNearestKnownOne() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [background: { _ in nil }])
    try dispatcher.declare("applicationWillTerminate:", fold: .broadcast)
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: "applicationDidEnterBackgound:", params: [0])
    }
    #expect(
      error
        == .unrecognizedSelector(
          selector: "applicationDidEnterBackgound:", suggestion: background))
    #expect(error.description.contains("did you mean `applicationDidEnterBackground:`?"))
    #expect(
      throws: DispatchError.unrecognizedSelector(
        selector: "applicationWillTerminat:", suggestion: "applicationWillTerminate:")
    ) {
      try dispatcher.dispatch(try SelectorKey("applicationWillTerminat:"), params: [0])
    }
    #expect(throws: DispatchError.unrecognizedSelector(selector: "zzz:", suggestion: nil)) {
      try dispatcher.dispatch(selector: "zzz:", params: [0])
    }
  }

  @Test func malformedSelectorsAreReportedOnDispatch() throws {
    let dispatcher = Dispatcher()
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: "application:didFinish", params: [0])
    }
    guard case .malformedSelector(_, 21, _) = error else {
      Issue.record("expected malformedSelector at 21, got \(error)")
      return
    }
  }

  @Test func registrationIsAllOrNothing() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.self) {
      try dispatcher.register(
        service: "a",
        handlers: [background: log.handler("a"), "application:didFinish": log.handler("a")])
    }
    #expect(!dispatcher.responds(to: background))
    #expect(throws: DispatchError.unrecognizedSelector(selector: background, suggestion: nil)) {
      try dispatcher.dispatch(selector: background, params: [0])
    }
    try dispatcher.register(service: "a", handlers: [background: log.handler("a")])
    #expect(throws: DispatchError.duplicateService(name: "a")) {
      try dispatcher.register(
        service: "a", handlers: [background: log.handler("a2"), launch: log.handler("a2")])
    }
    #expect(!dispatcher.responds(to: launch))
    #expect(throws: DispatchError.self, "a known selector next to a malformed one") {
      try dispatcher.register(
        service: "b", handlers: [background: log.handler("b"), "bad selector": log.handler("b")])
    }
    _ = try dispatcher.dispatch(selector: background, params: [0])
    #expect(log.entries == ["a"])
  }

  @Test func unregisterRemovesEveryHandlerOfTheService() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "a", handlers: [background: log.handler("a"), launch: log.handler("a")])
    try dispatcher.register(service: "b", handlers: [background: log.handler("b")])
    #expect(dispatcher.unregister(service: "a"))
    #expect(!dispatcher.unregister(service: "a"))
    #expect(!dispatcher.unregister(service: "never"))
    #expect(!dispatcher.responds(to: launch))
    #expect(dispatcher.responds(to: background))
    _ = try dispatcher.dispatch(selector: background, params: [0])
    #expect(log.entries == ["b"])
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: launch, params: [0, 0])
    }
  }

  @Test func respondsReflectsHandlersNotDeclarations() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(launch, fold: .all)
    #expect(!dispatcher.responds(to: launch))
    #expect(!dispatcher.responds(to: "not a selector"))
    try dispatcher.register(service: "a", handlers: [launch: { _ in true }])
    #expect(dispatcher.responds(to: launch))
  }

  @Test func keyMadeBeforeRegistrationReachesTheService() throws {
    let key = try SelectorKey("customEventBeforeRegistration:")
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.self) { try dispatcher.dispatch(key, params: [1]) }
    let log = CallLog()
    try dispatcher.register(
      service: "late", handlers: ["customEventBeforeRegistration:": log.handler("late", answer: 7)])
    #expect(try dispatcher.dispatch(key, params: [1], fold: .last) as? Int == 7)
    #expect(log.entries == ["late"])
  }

  @Test func handlersReceiveTheParams() throws {
    let dispatcher = Dispatcher()
    let seen = Locked<[String]>([])
    try dispatcher.register(
      service: "a",
      handlers: [
        launch: { params in
          seen.withLock { $0 = params.map { "\($0)" } }
          return nil
        }
      ])
    _ = try dispatcher.dispatch(selector: launch, params: ["app", 42])
    #expect(seen.withLock { $0 } == ["app", "42"])
  }

  @Test func aDispatchSeesTheTableAsItWasWhenItBegan() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "first",
      handlers: [
        background: { [unowned dispatcher] _ in
          log.record("first")
          dispatcher.unregister(service: "second")
          try? dispatcher.register(service: "third", handlers: [background: log.handler("third")])
          return nil
        }
      ])
    try dispatcher.register(service: "second", handlers: [background: log.handler("second")])
    _ = try dispatcher.dispatch(selector: background, params: [0])
    #expect(log.entries == ["first", "second"], "changes mid-dispatch wait for the next one")
    _ = try dispatcher.dispatch(selector: background, params: [0])
    #expect(log.entries == ["first", "second", "first", "third"])
  }

  @Test func aServiceThatUnregistersItselfStillFinishesTheEvent() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "once",
      handlers: [
        background: { [unowned dispatcher] _ in
          log.record("once")
          dispatcher.unregister(service: "once")
          return nil
        }
      ])
    try dispatcher.register(service: "after", handlers: [background: log.handler("after")])
    _ = try dispatcher.dispatch(selector: background, params: [0])
    _ = try dispatcher.dispatch(selector: background, params: [0])
    #expect(log.entries == ["once", "after", "after"])
  }

  @Test func handlersMayDispatchAgain() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "outer",
      handlers: [
        launch: { [unowned dispatcher] _ in
          log.record("outer")
          let inner = try? dispatcher.dispatch(selector: background, params: [0], fold: .any)
          return inner as? Bool
        }
      ])
    try dispatcher.register(
      service: "inner", handlers: [background: log.handler("inner", answer: true)])
    #expect(try dispatcher.dispatch(selector: launch, params: [0, 0], fold: .all) as? Bool == true)
    #expect(log.entries == ["outer", "inner"])
  }

  @Test func concurrentDispatchUnderChurnLosesAndDuplicatesNothing() async throws {
    let dispatcher = Dispatcher()
    let stable = Locked(0)
    let churned = Locked(0)
    let inconsistent = Locked<[[Int]]>([])
    try dispatcher.declare(background, fold: .broadcast)
    try dispatcher.register(
      service: "stable",
      handlers: [
        background: { _ in
          stable.withLock { $0 += 1 }
          return -1
        }
      ])
    let threads = 4
    let perThread = 5_000
    let churn = 500
    let churnedSeen = await withTaskGroup(of: (seen: Int, registered: Int).self) { group in
      for _ in 0..<threads {
        group.addTask {
          var seen = 0
          for _ in 0..<perThread {
            let answers =
              (try? dispatcher.dispatch(
                selector: background, params: [0], fold: .collect))
              as? [Any?] ?? []
            let order = answers.map { $0 as? Int ?? -99 }
            // One snapshot per dispatch: the stable service once, and at
            // most one churning service (they come and go one at a time),
            // in priority order: priorities 1 and 2 before the stable
            // service's 0, priority 0 after it (registered later).
            switch order {
            case [-1]: break
            case [1, -1], [2, -1], [-1, 0]: seen += 1
            default: inconsistent.withLock { $0.append(order) }
            }
          }
          return (seen, 0)
        }
      }
      group.addTask {
        var registered = 0
        for round in 0..<churn {
          let name = "churn\(round)"
          do {
            try dispatcher.register(
              service: name, priority: round % 3,
              handlers: [
                background: { _ in
                  churned.withLock { $0 += 1 }
                  return round % 3
                }
              ])
            if dispatcher.unregister(service: name) { registered += 1 }
          } catch {
            return (0, registered)
          }
        }
        return (0, registered)
      }
      var total = (seen: 0, registered: 0)
      for await part in group {
        total.seen += part.seen
        total.registered += part.registered
      }
      return total
    }
    #expect(inconsistent.withLock { $0 }.isEmpty)
    #expect(churnedSeen.registered == churn, "every churning service registered and left")
    #expect(stable.withLock { $0 } == threads * perThread)
    // Every call of a churning handler is in exactly one dispatch's answers.
    #expect(churned.withLock { $0 } == churnedSeen.seen)
    // After the churn, exactly the stable service remains.
    _ = try dispatcher.dispatch(selector: background, params: [0])
    #expect(stable.withLock { $0 } == threads * perThread + 1)
  }

  @Test func concurrentRegistrationsAllLand() async throws {
    let dispatcher = Dispatcher()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          try? dispatcher.register(service: "s\(index)", handlers: ["ping": { _ in 1 }])
        }
      }
    }
    let answers = try #require(
      try dispatcher.dispatch(selector: "ping", params: []) as? [Any?])
    #expect(answers.count == 200)
  }
}

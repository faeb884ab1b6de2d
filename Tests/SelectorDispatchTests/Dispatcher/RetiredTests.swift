import Foundation
import Testing

@testable import SelectorDispatch

/// No user code runs under the dispatcher's lock: whatever a handler
/// captured is released after the lock, on every path, so a `deinit` that
/// calls the dispatcher back completes instead of deadlocking.
@Suite struct RetiredTests {
  let event = "retiredEvent:"

  /// Runs `action` from its `deinit`, and counts that it did.
  final class CallsBack: @unchecked Sendable {
    let action: () -> Void
    let released: Locked<Int>
    init(released: Locked<Int>, _ action: @escaping () -> Void) {
      self.action = action
      self.released = released
    }
    deinit {
      action()
      released.withLock { $0 += 1 }
    }
  }

  /// Runs `body` on its own thread and returns what it returned, or `nil`
  /// when it did not finish within ten seconds: a deadlock fails the test
  /// instead of hanging the run. A throw counts as `false`.
  func finishes(_ body: @escaping @Sendable () throws -> Bool) -> Bool? {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Bool?>(nil)
    Thread {
      let value = (try? body()) ?? false
      result.withLock { $0 = value }
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + 10) == .success else { return nil }
    return result.withLock { $0 }
  }

  /// `true` when `body` throws a ``DispatchError``.
  static func throwsDispatchError(_ body: () throws -> Void) -> Bool {
    do {
      try body()
      return false
    } catch {
      return error is DispatchError
    }
  }

  /// A handler whose only capture asks `dispatcher` whether it responds to
  /// the event when it goes away.
  func handler(
    calling dispatcher: Dispatcher, released: Locked<Int>, answers: Locked<[Bool]>
  ) -> SelectorHandler {
    let token = CallsBack(released: released) { [event] in
      let answer = dispatcher.responds(to: event)
      answers.withLock { $0.append(answer) }
    }
    return { _ in withExtendedLifetime(token) { nil } }
  }

  /// A dispatcher with service "a", whose handler is ``handler(calling:released:answers:)``:
  /// `released` counts its release, `answers` what `responds(to:)` said then.
  func watchedService() throws -> (Dispatcher, released: Locked<Int>, answers: Locked<[Bool]>) {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    let answers = Locked<[Bool]>([])
    try dispatcher.register(
      service: "a",
      handlers: [event: handler(calling: dispatcher, released: released, answers: answers)])
    return (dispatcher, released, answers)
  }

  @Test func unregisteringReleasesHandlersAfterUnlocking() throws {
    let (dispatcher, released, answers) = try watchedService()
    let unregistered = finishes { dispatcher.unregister(service: "a") }
    #expect(unregistered == true)
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [false])
  }

  @Test func unregisteringAfterADispatchReleasesThePublishedSnapshotAfterUnlocking() throws {
    let (dispatcher, released, answers) = try watchedService()
    try dispatcher.register(service: "b", handlers: [event: { _ in nil }])
    // The dispatch publishes a snapshot: after unregistering, it holds the
    // last reference to "a"'s handler.
    _ = try dispatcher.dispatch(selector: event, params: [0])
    let unregistered = finishes { dispatcher.unregister(service: "a") }
    #expect(unregistered == true)
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [true])
  }

  @Test func registeringAndDeclaringReplaceSnapshotsWithoutReleasingUnderTheLock() throws {
    let (dispatcher, released, answers) = try watchedService()
    _ = try dispatcher.dispatch(selector: event, params: [0])
    let finished = finishes { [event] in
      try dispatcher.register(service: "b", handlers: [event: { _ in nil }])
      _ = try dispatcher.dispatch(selector: event, params: [0])
      try dispatcher.declare(event, fold: .collect)
      try dispatcher.declare(.applicationDelegate)
      return true
    }
    #expect(finished == true)
    #expect(released.withLock { $0 } == 0)
    let unregistered = finishes { dispatcher.unregister(service: "a") }
    #expect(unregistered == true)
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [true])
  }

  @Test func aFailedRegistrationReleasesItsHandlersAfterUnlocking() throws {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    let answers = Locked<[Bool]>([])
    try dispatcher.register(service: "a", handlers: [event: { _ in nil }])
    let failures: [(String, String)] = [("a", event), ("b", "not a selector")]
    for (name, selector) in failures {
      let finished = finishes {
        Self.throwsDispatchError {
          let handler = self.handler(calling: dispatcher, released: released, answers: answers)
          try dispatcher.register(service: name, handlers: [selector: handler])
        }
      }
      #expect(finished == true)
    }
    #expect(released.withLock { $0 } == 2)
    #expect(answers.withLock { $0 } == [true, true])
  }

  @Test func aHandlerThatUnregistersItsOwnServiceIsReleasedAfterTheDispatch() throws {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    let answers = Locked<[Bool]>([])
    let token = CallsBack(released: released) { [event] in
      let answer = dispatcher.responds(to: event)
      answers.withLock { $0.append(answer) }
    }
    try dispatcher.register(
      service: "a",
      handlers: [
        event: { _ in
          _ = withExtendedLifetime(token) { dispatcher.unregister(service: "a") }
        }
      ])
    let finished = finishes { [event] in
      _ = try dispatcher.dispatch(selector: event, params: [0])
      return true
    }
    #expect(finished == true)
    #expect(released.withLock { $0 } == 0, "the test still holds the token")
    _ = consume token
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [false])
  }

  /// The four synchronous entry points, each of which reads its snapshot
  /// without retaining it (`Dispatcher+Reading.swift`).
  enum EntryPoint: CaseIterable, CustomStringConvertible {
    case text, key, typedText, typedKey

    var description: String {
      switch self {
      case .text: "dispatch(selector:params:)"
      case .key: "dispatch(_:params:)"
      case .typedText: "dispatch(selector:with:as:)"
      case .typedKey: "dispatch(_:with:as:)"
      }
    }

    /// Dispatches `selector` with the one argument `0` and a `Bool` fold.
    func dispatch(_ selector: String, on dispatcher: Dispatcher) throws -> Bool? {
      let key = try SelectorKey(selector)
      switch self {
      case .text: return try dispatcher.dispatch(selector: selector, params: [0]) as? Bool
      case .key: return try dispatcher.dispatch(key, params: [0]) as? Bool
      case .typedText: return try dispatcher.dispatch(selector: selector, with: 0, as: Bool.self)
      case .typedKey: return try dispatcher.dispatch(key, with: 0, as: Bool.self)
      }
    }
  }

  /// A dispatcher whose `.all` event has service "a", which unregisters
  /// itself and is the only holder of a token that, when released, asks
  /// the dispatcher whether it responds to the event, then service "b",
  /// which records "b" and how many tokens were released by then.
  func retiringDispatcher() throws -> (
    Dispatcher, released: Locked<Int>, answers: Locked<[Bool]>, seen: Locked<[String]>
  ) {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    let answers = Locked<[Bool]>([])
    let seen = Locked<[String]>([])
    try dispatcher.declare(event, fold: .all)
    // Weak captures: a handler that held its dispatcher would leak both.
    let token = CallsBack(released: released) { [event, weak dispatcher] in
      let answer = dispatcher?.responds(to: event)
      answers.withLock { $0.append(answer ?? false) }
    }
    try dispatcher.register(
      service: "a", priority: 1,
      handlers: [
        event: { [weak dispatcher] _ in
          _ = withExtendedLifetime(token) { dispatcher?.unregister(service: "a") }
          return true
        }
      ])
    try dispatcher.register(
      service: "b",
      handlers: [
        event: { _ in
          seen.withLock { $0.append("b \(released.withLock { $0 })") }
          return true
        }
      ])
    return (dispatcher, released, answers, seen)
  }

  @Test(arguments: EntryPoint.allCases)
  func aSnapshotRetiredDuringItsDispatchIsReleasedWhenTheDispatchEnds(_ entry: EntryPoint) throws {
    let (dispatcher, released, answers, seen) = try retiringDispatcher()
    let finished = finishes { [event] in try entry.dispatch(event, on: dispatcher) == true }
    #expect(finished == true)
    // "a" had unregistered when "b" ran, but this dispatch's snapshot,
    // which holds its handler, lived until the dispatch ended.
    #expect(seen.withLock { $0 } == ["b 0"])
    // Released by the dispatch's end, after unlocking: its `deinit` asked
    // the dispatcher, which still has "b".
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [true])
    #expect(dispatcher.state.withLock { $0.retiredWhileRead.count } == 0)
    // The next dispatch runs only "b".
    #expect(try entry.dispatch(event, on: dispatcher) == true)
    #expect(seen.withLock { $0 } == ["b 0", "b 1"])
  }

  @Test func aNestedDispatchOfTheSameSnapshotKeepsItUntilTheOuterOneEnds() throws {
    let (dispatcher, released, answers, seen) = try retiringDispatcher()
    try dispatcher.register(
      service: "c", priority: 2,
      handlers: [
        event: { [event, weak dispatcher] _ in
          // Runs first, and the first time dispatches the event again,
          // inside it, before "a" unregisters: both dispatches read the
          // same snapshot, which the nested one's "a" retires.
          if seen.withLock({ $0.isEmpty }) {
            seen.withLock { $0.append("nested") }
            _ = try? dispatcher?.dispatch(selector: event, with: 0, as: Bool.self)
          }
          return true
        }
      ])
    let finished = finishes { [event] in
      try dispatcher.dispatch(selector: event, with: 0, as: Bool.self) == true
    }
    #expect(finished == true)
    // The nested dispatch ran "a" (which unregistered itself) and "b"; the
    // outer one then still ran its snapshot's "a" and "b", with "a"'s
    // handler alive until it ended.
    #expect(seen.withLock { $0 } == ["nested", "b 0", "b 0"])
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [true])
    #expect(dispatcher.state.withLock { $0.retiredWhileRead.count } == 0)
  }

  @Test func dispatchesOnManyThreadsWhileServicesComeAndGoReleaseEachHandlerOnce() throws {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    try dispatcher.declare(event, fold: .any)
    try dispatcher.register(service: "base", handlers: [event: { _ in false }])
    let changes = 300
    let dispatchesPerThread = 3_000
    let failures = Locked(0)
    // Thread 0 churns; threads 1 to 4 dispatch, one entry point each.
    DispatchQueue.concurrentPerform(iterations: 1 + EntryPoint.allCases.count) { thread in
      if thread == 0 {
        for _ in 0..<changes {
          let token = CallsBack(released: released) {}
          do {
            try dispatcher.register(
              service: "churn", handlers: [event: { _ in withExtendedLifetime(token) { true } }])
          } catch {
            failures.withLock { $0 += 1 }
          }
          dispatcher.unregister(service: "churn")
        }
        return
      }
      let entry = EntryPoint.allCases[thread % EntryPoint.allCases.count]
      for _ in 0..<dispatchesPerThread where (try? entry.dispatch(event, on: dispatcher)) == nil {
        failures.withLock { $0 += 1 }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(released.withLock { $0 } == changes)
    #expect(dispatcher.state.withLock { $0.retiredWhileRead.count } == 0)
  }

  @Test func replacingTheDiagnosticHandlerReleasesTheOldOneAfterUnlocking() {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    let token = CallsBack(released: released) { _ = dispatcher.diagnosticHandler }
    dispatcher.diagnosticHandler = { _ in withExtendedLifetime(token) {} }
    _ = consume token
    let finished = finishes {
      dispatcher.diagnosticHandler = nil
      return true
    }
    #expect(finished == true)
    #expect(released.withLock { $0 } == 1)
  }

  @Test func replacingTheRegistrationInstrumentationReleasesTheOldOneAfterUnlocking() {
    let dispatcher = Dispatcher()
    let released = Locked(0)
    // Each deinit sets the instrumentation again: under the lock, it would deadlock.
    let sync = CallsBack(released: released) {
      dispatcher.instrumentRegistrations { _, handlers in handlers }
    }
    let async = CallsBack(released: released) {
      dispatcher.instrumentAsyncRegistrations { _, handlers in handlers }
    }
    dispatcher.instrumentRegistrations { _, handlers in withExtendedLifetime(sync) { handlers } }
    dispatcher.instrumentAsyncRegistrations { _, handlers in
      withExtendedLifetime(async) { handlers }
    }
    _ = consume sync
    _ = consume async
    let finished = finishes {
      dispatcher.instrumentRegistrations { _, handlers in handlers }
      dispatcher.instrumentAsyncRegistrations { _, handlers in handlers }
      return true
    }
    #expect(finished == true)
    #expect(released.withLock { $0 } == 2)
  }

  @Test func aDispatcherGoingAwayReleasesItsHandlers() throws {
    let released = Locked(0)
    let answers = Locked<[Bool]>([])
    let other = Dispatcher()
    try other.register(service: "other", handlers: [event: { _ in nil }])
    let finished = finishes { [event] in
      let dispatcher = Dispatcher()
      weak let weakDispatcher = dispatcher
      let token = CallsBack(released: released) {
        // The dispatcher is going away: its weak reference is already nil.
        answers.withLock { $0.append(weakDispatcher?.responds(to: event) ?? false) }
        answers.withLock { $0.append(other.responds(to: event)) }
      }
      try dispatcher.register(
        service: "a", handlers: [event: { _ in withExtendedLifetime(token) { nil } }])
      return true
    }
    #expect(finished == true)
    #expect(released.withLock { $0 } == 1)
    #expect(answers.withLock { $0 } == [false, true])
  }
}

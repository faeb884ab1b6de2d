import Dispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite(.timeLimit(.minutes(1))) struct DispatcherAsyncCompletionTests {
  static let fetch = "application:performFetchWithCompletionHandler:"
  static let watch = "application:handleWatchKitExtensionRequest:reply:"
  static let app = NSObjectLike()

  final class NSObjectLike: Sendable {}

  /// A sync service that calls its completion at once.
  static func answering<Value>(_ answer: Value, _ log: CallLog, _ name: String) -> SelectorHandler {
    { params in
      log.record(name)
      (params.last as? (Value) -> Void)?(answer)
      return nil
    }
  }

  /// Diagnostics, with a way to wait for a number of them.
  final class Diagnostics: Sendable {
    let log = Locked<[Diagnostic]>([])
    let gates = Locked<[Int: Gate]>([:])

    func attach(to dispatcher: Dispatcher) {
      dispatcher.diagnosticHandler = { diagnostic in
        // The fetch selector is deprecated; that is not what these test.
        if case .deprecatedSelector = diagnostic { return }
        let count = self.log.withLock {
          $0.append(diagnostic)
          return $0.count
        }
        self.gate(count).open()
      }
    }

    private func gate(_ count: Int) -> Gate {
      gates.withLock { gates in
        if let gate = gates[count] { return gate }
        let gate = Gate()
        gates[count] = gate
        return gate
      }
    }

    /// Returns once `count` diagnostics have arrived.
    func atLeast(_ count: Int) async { await gate(count).pass() }
  }

  @Test func awaitingACompletionSelectorReturnsTheJoinedValue() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(
      service: "sync", priority: 1,
      handlers: [Self.fetch: Self.answering(BackgroundFetchResult.noData, log, "sync")])
    try dispatcher.register(
      service: "async",
      asyncHandlers: [
        Self.fetch: { params in
          log.record("async(\(params.count) param)")
          await Task.yield()
          return BackgroundFetchResult.newData
        }
      ])
    let result = try await dispatcher.answer(to: Self.fetch, params: [Self.app])
    #expect(result as? BackgroundFetchResult == .newData)
    #expect(log.entries == ["sync", "async(1 param)"], "the async handler got no completion")
  }

  // MARK: One contract per spelling

  /// A dispatcher with one sync fetch service, "mail", that has no data.
  static func mail(_ log: CallLog) throws -> Dispatcher {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(
      service: "mail",
      handlers: [Self.fetch: Self.answering(BackgroundFetchResult.noData, log, "mail")])
    return dispatcher
  }

  /// The params a UIKit delegate method has, completion included, go to the
  /// synchronous dispatch, which an `async` function calls with `try` alone.
  @Test func anAsyncFunctionCallsTheSynchronousDispatchWithTheCompletion() async throws {
    let log = CallLog()
    let dispatcher = try Self.mail(log)
    try dispatcher.register(
      service: "feed",
      asyncHandlers: [
        Self.fetch: { params in
          log.record("feed(\(params.count) param)")
          return BackgroundFetchResult.newData
        }
      ])
    let probe = CompletionProbe<BackgroundFetchResult>()
    let answer = try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, probe.handler])
    #expect(answer == nil)
    #expect(await probe.firstValue() == .newData, "joined: one service had new data")
    #expect(try probe.requireCalledOnce() == .newData)
    #expect(log.entries == ["mail", "feed(1 param)"])
  }

  /// Given the completion too, the awaited form runs nothing, never calls
  /// it, and says which form takes it (the messages: `DispatchErrorTests`).
  @Test func theAwaitedFormRefusesTheCompletionAndNamesTheFormThatTakesIt() async throws {
    let log = CallLog()
    let dispatcher = try Self.mail(log)
    let probe = CompletionProbe<BackgroundFetchResult>()
    let refusal = DispatchError.awaitedArityMismatch(selector: Self.fetch, expected: 1, actual: 2)
    await #expect(throws: refusal) {
      try await dispatcher.answer(to: Self.fetch, params: [Self.app, probe.handler])
    }
    #expect(log.entries.isEmpty)
    #expect(probe.callCount == 0)
  }

  /// The synchronous form given the awaited form's parameters (code that
  /// awaited `dispatch` before the awaited form had its own name) runs
  /// nothing and names the awaited form.
  @Test func theSynchronousFormWithoutTheCompletionNamesTheAwaitedForm() throws {
    let log = CallLog()
    let dispatcher = try Self.mail(log)
    let refusal = DispatchError.completionHandlerMissing(selector: Self.fetch, expected: 2)
    #expect(throws: refusal) {
      try dispatcher.dispatch(selector: Self.fetch, params: [Self.app])
    }
    #expect(throws: DispatchError.arityMismatch(selector: Self.fetch, expected: 2, actual: 0)) {
      try dispatcher.dispatch(selector: Self.fetch, params: [])
    }
    #expect(log.entries.isEmpty)
  }

  /// Any other wrong count under a completion selector is counted without
  /// the completion, too: the message never says one argument per ':'.
  @Test func theAwaitedFormCountsTheArgumentsWithoutTheCompletion() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(service: "silent", handlers: [Self.fetch: { _ in nil }])
    let refusal = DispatchError.awaitedArityMismatch(selector: Self.fetch, expected: 1, actual: 0)
    await #expect(throws: refusal) {
      try await dispatcher.answer(to: Self.fetch, params: [])
    }
    await #expect(throws: refusal) {
      try await dispatcher.answer(to: try SelectorKey(Self.fetch), params: [])
    }
  }

  @Test func awaitingWaitsForASyncServiceThatCompletesLater() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(
      service: "later",
      handlers: [
        Self.fetch: { params in
          let completion = UncheckedBox(value: params.last as? (BackgroundFetchResult) -> Void)
          DispatchQueue.global().async { completion.value?(.failed) }
          return nil
        }
      ])
    let result = try await dispatcher.answer(to: Self.fetch, params: [Self.app])
    #expect(result as? BackgroundFetchResult == .failed)
  }

  @Test func theAwaitedJoinCombinesInCallOrderAcrossKinds() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(
      service: "first", priority: 2,
      asyncHandlers: [Self.watch: { _ in ["k": "async", "a": 1] as [AnyHashable: Any]? }])
    try dispatcher.register(
      service: "second", priority: 1,
      handlers: [
        Self.watch: Self.answering(
          ["k": "sync", "s": 2] as [AnyHashable: Any]?, CallLog(), "second")
      ])
    let reply = try #require(
      try await dispatcher.answer(
        to: Self.watch, params: [Self.app, nil as [String: Any]? as Any])
        as? [AnyHashable: Any]?)
    #expect(reply?["k"] as? String == "async", "the earlier service wins")
    #expect(reply?.count == 3)
  }

  @Test func theAwaitedJoinHonoursTheDeadlineForSyncServices() async throws {
    let clock = FakeClock()
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(
      vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(25))
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(service: "silent", handlers: [Self.fetch: { _ in nil }])
    try dispatcher.register(
      service: "async", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    let task = Task {
      try await dispatcher.answer(to: Self.fetch, params: [Self.app])
        as? BackgroundFetchResult
    }
    while clock.pending == 0 { await Task.yield() }  // the join is sealed
    clock.advance(by: .seconds(25))
    #expect(try await task.value == .newData)
    #expect(
      diagnostics.log.withLock { $0 } == [
        .completionMissedDeadline(
          selector: Self.fetch, service: "silent", deadlineMilliseconds: 25_000)
      ])
  }

  @Test func cancellingAnAwaitedJoinStopsWaitingAndDropsTheValue() async throws {
    let kept = Locked<((BackgroundFetchResult) -> Void)?>(nil)
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    try dispatcher.register(
      service: "keeper",
      handlers: [
        Self.fetch: { params in
          kept.withLockUnchecked { $0 = params.last as? (BackgroundFetchResult) -> Void }
          return nil
        }
      ])
    let task = Task {
      try await dispatcher.answer(to: Self.fetch, params: [Self.app])
        as? BackgroundFetchResult
    }
    while clock.pending == 0 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    kept.withLock { $0 }?(.newData)  // accepted, finishes the join, dropped
    #expect(clock.pending == 0, "the join finished and cancelled its deadline")
  }

  @Test func aSynchronousDispatchBridgesAsyncHandlersToTheCallersCompletion() async throws {
    let log = CallLog()
    let gate = Gate()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(
      service: "async", priority: 1,
      asyncHandlers: [
        Self.watch: { params in
          await gate.pass()
          log.record("async(\(params.count) params)")
          return ["k": "async"] as [AnyHashable: Any]?
        }
      ])
    try dispatcher.register(
      service: "sync",
      handlers: [
        Self.watch: Self.answering(["k": "sync", "s": 1] as [AnyHashable: Any]?, log, "sync")
      ])
    let probe = CompletionProbe<[AnyHashable: Any]?>()
    let answer = try dispatcher.dispatch(
      selector: Self.watch, params: [Self.app, nil as [String: Any]? as Any, probe.handler])
    #expect(answer == nil)
    #expect(log.entries == ["sync"], "sync handlers ran during the dispatch")
    #expect(probe.callCount == 0, "the async service has not answered yet")
    gate.open()
    let reply = await probe.firstValue()
    #expect(reply?["k"] as? String == "async", "combined in call order: the earlier service wins")
    #expect(reply?["s"] as? Int == 1)
    #expect(log.entries == ["sync", "async(2 params)"])
    try probe.requireCalledOnce()
  }

  @Test func aBridgedDispatchCollectsOneAnswerPerHandlerItCalled() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(
      service: "async", priority: 1,
      asyncHandlers: [Self.watch: { _ in ["k": "async"] as [AnyHashable: Any]? }])
    try dispatcher.register(
      service: "sync",
      handlers: [
        Self.watch: { params in
          (params.last as? ([AnyHashable: Any]?) -> Void)?(["k": "sync"])
          return "sync answered"
        }
      ])
    let probe = CompletionProbe<[AnyHashable: Any]?>()
    let answer = try dispatcher.dispatch(
      selector: Self.watch, params: [Self.app, nil as [String: Any]? as Any, probe.handler],
      fold: .collect)
    let answers = try #require(answer as? [Any?])
    // As `Fold.collect` documents: one entry per handler, in call order;
    // the async one, queued for the bridge, has no answer for the fold.
    #expect(answers.count == 2)
    #expect(answers.first.map { $0 == nil } == true)
    #expect(answers.last as? String == "sync answered")
    #expect((await probe.firstValue())?["k"] as? String == "async")
  }

  /// Dispatches the fetch synchronously, so that its async handlers run on a bridge; the gate
  /// it returns opens when the bridge's task has ended, late returns included.
  static func fetchOnTheBridge(
    _ dispatcher: Dispatcher, completion probe: CompletionProbe<BackgroundFetchResult>
  ) throws -> Gate {
    let settled = Gate()
    let watch = BridgeWatch { settled.open() }
    _ = try BridgeWatch.current.withValue(watch) {
      try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, probe.handler])
    }
    return settled
  }

  @Test func eachServiceMissingAtTheDeadlineIsReportedWithWhatItWasDoing() async throws {
    let clock = FakeClock()
    let gate = Gate()
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(
      vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(25))
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(
      service: "sync",
      handlers: [Self.fetch: Self.answering(BackgroundFetchResult.failed, CallLog(), "sync")])
    try dispatcher.register(service: "silent", handlers: [Self.fetch: { _ in nil }])
    try dispatcher.register(
      service: "slow",
      asyncHandlers: [Self.fetch: gate.handler(answering: BackgroundFetchResult.newData)])
    try dispatcher.register(
      service: "queued", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.noData }])
    let probe = CompletionProbe<BackgroundFetchResult>()
    let settled = try Self.fetchOnTheBridge(dispatcher, completion: probe)
    await gate.arrival()
    clock.advance(by: .seconds(25))
    #expect(try probe.requireCalledOnce() == .failed, "what had arrived by the deadline")
    #expect(
      diagnostics.log.withLock { $0 } == [
        .completionMissedDeadline(
          selector: Self.fetch, service: "silent", deadlineMilliseconds: 25_000),
        .handlerStillRunning(selector: Self.fetch, service: "slow", deadlineMilliseconds: 25_000),
        .handlerNeverStarted(
          selector: Self.fetch, service: "queued", deadlineMilliseconds: 25_000),
      ])
    gate.open()
    await settled.pass()
    #expect(
      diagnostics.log.withLock { $0.count } == 3,
      "an async handler that returns late called no completion late: the deadline said it all")
    #expect(probe.callCount == 1)
  }

  /// After the deadline, an async handler that throws is reported once, as failed, and one
  /// that returns a value of the wrong type once, as such: neither called a completion late.
  /// Before, the failure was also reported as "called the completion handler after the
  /// deadline", which it never did, and the wrong value both as a mismatch and as a late
  /// completion.
  @Test func afterTheDeadlineAnAsyncHandlerIsReportedOnceForWhatItDid() async throws {
    let clock = FakeClock()
    let gate = Gate()
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    diagnostics.attach(to: dispatcher)
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    try dispatcher.register(
      service: "thrower", priority: 1,
      handlers: HandlerTable([
        TypedHandler(Self.fetch) { (_: AnyObject) async throws -> BackgroundFetchResult in
          await gate.pass()
          throw Offline()
        }
      ]))
    try dispatcher.register(
      service: "confused",
      asyncHandlers: [
        Self.fetch: { _ in
          await gate.pass()
          return "late and of the wrong type"
        }
      ])
    let probe = CompletionProbe<BackgroundFetchResult>()
    let settled = try Self.fetchOnTheBridge(dispatcher, completion: probe)
    await gate.arrival()
    clock.advance(by: .seconds(25))
    gate.open()
    await settled.pass()
    #expect(
      diagnostics.log.withLock { $0 } == [
        .handlerStillRunning(
          selector: Self.fetch, service: "thrower", deadlineMilliseconds: 25_000),
        .handlerNeverStarted(
          selector: Self.fetch, service: "confused", deadlineMilliseconds: 25_000),
        .asyncHandlerFailed(selector: Self.fetch, service: "thrower", reason: "offline"),
        .answerTypeMismatch(
          selector: Self.fetch, service: "confused", expected: "BackgroundFetchResult",
          actual: "String"),
      ])
    #expect(try probe.requireCalledOnce() == .noData)
  }

  /// An awaited dispatch of a completion selector in which one service's handler fails does
  /// not throw until the other services have replied: a background task that ends when the
  /// dispatch returns ends after the service that still holds its completion has called it.
  /// On the main actor the order is deterministic: the test runs again only when the dispatch
  /// suspends or ends. Before, the dispatch threw as soon as the handlers had run.
  @MainActor @Test func anAwaitedDispatchThrowsAFailureOnlyOnceTheOthersHaveReplied() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let failure = DispatchError.handlerFailed(
      selector: Self.fetch, service: "thrower", reason: "offline")
    try dispatcher.register(
      service: "thrower", priority: 1,
      handlers: [
        Self.fetch: { _ in
          DispatchError.handlerFailed(
            selector: Self.fetch, service: nil, reason: "offline")
        }
      ])
    // Read and written on the main actor only, where the handlers run.
    final class Keeper: @unchecked Sendable {
      var completion: ((BackgroundFetchResult) -> Void)?
      var holding: CheckedContinuation<Void, Never>?
    }
    let keeper = Keeper()
    try dispatcher.register(
      service: "keeper",
      handlers: [
        Self.fetch: { params in
          keeper.completion = params.last as? (BackgroundFetchResult) -> Void
          log.record("keeper holds its completion")
          keeper.holding?.resume()
          return nil
        }
      ])
    let dispatch = Task { @MainActor in
      defer { log.record("the dispatch ended") }
      _ = try await dispatcher.answer(to: Self.fetch, params: [Self.app])
    }
    await withCheckedContinuation { keeper.holding = $0 }
    log.record("keeper completes")
    let completion = try #require(keeper.completion)
    completion(.newData)
    await #expect(throws: failure) { try await dispatch.value }
    #expect(
      log.entries == ["keeper holds its completion", "keeper completes", "the dispatch ended"])
  }

  /// Synchronous, and waiting on semaphores rather than awaiting: the
  /// answers arrive on the bridges' queues, so the test needs no thread of
  /// the cooperative pool, which other tests may be holding.
  @Test func aHandlerThatBlocksItsThreadHoldsUpNoOtherDispatch() throws {
    let blocked = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let other = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let release = DispatchSemaphore(value: 0)
    let stillBlocked = Locked(true)
    try blocked.register(
      service: "stuck",
      asyncHandlers: [
        Self.fetch: { _ in
          // Blocks its thread, bounded so that a failing test ends.
          _ = release.wait(timeout: .now() + 5)
          stillBlocked.withLock { $0 = false }
          return BackgroundFetchResult.failed
        }
      ])
    try other.register(
      service: "quick", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    let answers = Locked<[String: BackgroundFetchResult]>([:])
    let stuckAnswered = DispatchSemaphore(value: 0)
    let quickAnswered = DispatchSemaphore(value: 0)
    func completion(_ name: String, _ answered: DispatchSemaphore)
      -> (BackgroundFetchResult) -> Void
    {
      { result in
        answers.withLock { $0[name] = result }
        answered.signal()
      }
    }
    _ = try blocked.dispatch(
      selector: Self.fetch, params: [Self.app, completion("stuck", stuckAnswered)])
    _ = try other.dispatch(
      selector: Self.fetch, params: [Self.app, completion("quick", quickAnswered)])
    #expect(quickAnswered.wait(timeout: .now() + 10) == .success)
    #expect(stillBlocked.withLock { $0 }, "the other dispatcher answered while one handler blocked")
    release.signal()
    #expect(stuckAnswered.wait(timeout: .now() + 10) == .success)
    #expect(answers.withLock { $0 } == ["quick": .newData, "stuck": .failed])
  }

  @Test func aBridgedHandlerThatFailsIsReportedAndCountsAsNoAnswer() async throws {
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    diagnostics.attach(to: dispatcher)
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    try dispatcher.register(
      Typed(table: [
        TypedHandler(Self.fetch) { (_: AnyObject) async throws -> BackgroundFetchResult in
          throw Offline()
        }
      ]))
    let probe = CompletionProbe<BackgroundFetchResult>()
    _ = try dispatcher.dispatch(
      selector: Self.fetch, params: [Self.app, probe.handler])
    #expect(await probe.firstValue() == .noData)
    await diagnostics.atLeast(1)
    #expect(
      diagnostics.log.withLock { $0 } == [
        .asyncHandlerFailed(
          selector: Self.fetch, service: "Typed",
          reason: "offline")
      ])
    #expect(
      diagnostics.log.withLock { $0 }.first?.description
        == "service \"Typed\" failed to handle `\(Self.fetch)` in its async handler: offline; "
        + "the caller's completion got no answer from it",
      "what happened, said once")
  }

  struct Typed: DispatchService {
    let table: [TypedHandler]
    var handlers: HandlerTable { HandlerTable(table) }
  }

  // MARK: An answer of the wrong type

  /// How a test dispatches the fetch: each path that awaits or bridges async handlers.
  enum Path: String, CaseIterable, Sendable {
    /// `dispatch(selector:params:)`, whose async handlers run on the bridge.
    case synchronous
    /// `dispatch(_:with:as:)`, the typed synchronous form, bridged too.
    case typed
    /// `answer(to:params:)`, which awaits them.
    case awaited

    /// Fetches with `dispatcher` and returns the value the caller's completion got, after
    /// checking that it got exactly one.
    func fetch(_ dispatcher: Dispatcher) async throws -> BackgroundFetchResult {
      let app = DispatcherAsyncCompletionTests.app
      let fetch = DispatcherAsyncCompletionTests.fetch
      let probe = CompletionProbe<BackgroundFetchResult>()
      switch self {
      case .synchronous:
        _ = try dispatcher.dispatch(selector: fetch, params: [app, probe.handler])
      case .typed:
        _ = try dispatcher.dispatch(
          SelectorKey(fetch), with: app, probe.handler, as: Any.self)
      case .awaited:
        let value = try await dispatcher.answer(to: fetch, params: [app])
        probe.handler(try #require(value as? BackgroundFetchResult))
      }
      _ = await probe.firstValue()
      return try probe.requireCalledOnce()
    }
  }

  /// A sync service whose typed handler refuses its arguments, beside an async one, on
  /// each path that joins completions: the refusal is thrown, the refused service is not
  /// waited for, and no deadline is left armed. Before, the synchronous and typed paths
  /// called the caller's completion only at the deadline, and the awaited one reported a
  /// false missed deadline 25 s after it threw.
  @Test(arguments: Path.allCases)
  func aRefusingSyncServiceIsNotWaitedFor(_ path: Path) async throws {
    let clock = FakeClock()
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(
      service: "typed", priority: 1,
      handlers: HandlerTable([
        TypedHandler(Self.fetch) { (app: Int, done: @escaping (BackgroundFetchResult) -> Void) in
          done(.failed)
        }
      ]))
    try dispatcher.register(
      service: "async", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    let refusal = DispatchError.handlerArgumentTypeMismatch(
      selector: Self.fetch, service: "typed", index: 0, expected: "Int",
      actual: "NSObjectLike")
    let probe = CompletionProbe<BackgroundFetchResult>()
    // The async handler runs on a bridge after a synchronous dispatch returns: the watch
    // tells when the bridge's task has ended.
    let settled = Gate()
    let watch = BridgeWatch { settled.open() }
    switch path {
    case .synchronous:
      #expect(throws: refusal) {
        try BridgeWatch.current.withValue(watch) {
          try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, probe.handler])
        }
      }
      await settled.pass()
    case .typed:
      #expect(throws: refusal) {
        try BridgeWatch.current.withValue(watch) {
          try dispatcher.dispatch(
            SelectorKey(Self.fetch), with: Self.app, probe.handler, as: Any.self)
        }
      }
      await settled.pass()
    case .awaited:
      await #expect(throws: refusal) {
        try await dispatcher.answer(to: Self.fetch, params: [Self.app])
      }
    }
    if path != .awaited {
      #expect(probe.values == [.newData], "the async answer, before any deadline")
    }
    #expect(clock.pending == 0, "no deadline is left armed")
    #expect(clock.now == .zero)
    #expect(diagnostics.log.withLock { $0 }.isEmpty)
  }

  /// The fetch event as a service that declares it wrongly would: its handler answers a
  /// `Bool` where the vocabulary's completion takes a `BackgroundFetchResult`.
  static var misdeclaredFetch: Dispatcher.CompletionEvent<(AnyObject) -> Bool> {
    .init(fetch)
  }

  /// An async answer of another type than the completion takes is reported, naming the
  /// service, the selector and both types, and dropped: the caller's completion runs once,
  /// with the other service's answer. The report comes before the completion, so the log
  /// holds it once the completion has run.
  @Test(arguments: Path.allCases)
  func aWrongAsyncAnswerIsReportedAndTheCompletionRunsOnceWithTheOthers(_ path: Path)
    async throws
  {
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(
      service: "confused", priority: 1, asyncHandlers: [Self.fetch: { _ in "new data" }])
    try dispatcher.register(
      service: "feed", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    #expect(try await path.fetch(dispatcher) == .newData)
    #expect(
      diagnostics.log.withLock { $0 } == [
        .answerTypeMismatch(
          selector: Self.fetch, service: "confused", expected: "BackgroundFetchResult",
          actual: "String")
      ])
  }

  /// A typed completion event whose value is not the vocabulary's: the same diagnostic, and
  /// with no other answer the caller's completion gets the identity, once.
  @Test(arguments: Path.allCases)
  func aTypedEventOfTheWrongValueIsReportedAndTheCompletionGetsTheIdentity(_ path: Path)
    async throws
  {
    struct Misdeclared: DispatchService {
      var handlers: HandlerTable {
        on(DispatcherAsyncCompletionTests.misdeclaredFetch) { _ async in
          await Task.yield()
          return true
        }
      }
    }
    let diagnostics = Diagnostics()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(Misdeclared())
    #expect(try await path.fetch(dispatcher) == .noData)
    #expect(
      diagnostics.log.withLock { $0 } == [
        .answerTypeMismatch(
          selector: Self.fetch, service: "Misdeclared", expected: "BackgroundFetchResult",
          actual: "Bool")
      ])
  }
}

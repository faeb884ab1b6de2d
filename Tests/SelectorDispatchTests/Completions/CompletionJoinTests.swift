import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct CompletionJoinTests {
  static let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
  /// The parameters before the completion.
  static var note: [Any] { ["app", [AnyHashable: Any]()] }

  /// Counts the ``Canary``s alive.
  final class LiveCount: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func add(_ delta: Int) { count.withLock { $0 += delta } }
  }

  /// Something the caller's completion captures, whose `deinit` tells when
  /// the dispatcher let go of it.
  final class Canary: Sendable {
    let live: LiveCount
    init(_ live: LiveCount) {
      self.live = live
      live.add(1)
    }
    deinit { live.add(-1) }
  }

  /// A clock that keeps every action until the process ends and ignores
  /// cancellation, as a queue keeps a block until its time comes.
  final class HoardingClock: DispatchClock {
    private let actions = Locked<[@Sendable () -> Void]>([])
    var count: Int { actions.withLock { $0.count } }

    /// Lets go of the kept actions: each holds its join, which holds the
    /// dispatcher's environment, which holds this clock.
    func forget() { actions.withLock { $0.removeAll() } }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
      -> ScheduledAction
    {
      actions.withLock { $0.append(action) }
      return ScheduledAction {}
    }
  }

  /// A service handler that keeps its completion for the test to call.
  static func keeping(_ kept: Locked<[(BackgroundFetchResult) -> Void]>) -> SelectorHandler {
    { params in
      if let completion = params.last as? (BackgroundFetchResult) -> Void {
        kept.withLockUnchecked { $0.append(completion) }
      }
      return nil
    }
  }

  /// Dispatches a fetch whose caller's completion captures a new canary and
  /// records what it received in `received`.
  static func dispatchFetch(
    _ dispatcher: Dispatcher, live: LiveCount, received: Locked<[BackgroundFetchResult]>
  ) throws {
    let canary = Canary(live)
    let completion: (BackgroundFetchResult) -> Void = { result in
      withExtendedLifetime(canary) { received.withLock { $0.append(result) } }
    }
    _ = try dispatcher.dispatch(selector: fetch, params: note + [completion])
  }

  @Test func theCallersCompletionIsReleasedWhenItRanThoughServicesKeepTheirs() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let kept = Locked<[(BackgroundFetchResult) -> Void]>([])
    try dispatcher.register(service: "feed", handlers: [Self.fetch: Self.keeping(kept)])
    try dispatcher.register(
      service: "mail",
      handlers: [
        Self.fetch: { params in
          // Answers at once, and keeps its completion too.
          let completion = params.last as? (BackgroundFetchResult) -> Void
          completion?(.noData)
          kept.withLockUnchecked { $0 += completion.map { [$0] } ?? [] }
          return nil
        }
      ])
    let live = LiveCount()
    let received = Locked<[BackgroundFetchResult]>([])
    for _ in 0..<2_000 {
      try Self.dispatchFetch(dispatcher, live: live, received: received)
    }
    #expect(live.value == 2_000, "each caller's completion waits for \"feed\"")
    let completions = kept.withLock { $0 }
    #expect(completions.count == 4_000)
    for (index, completion) in completions.enumerated() where index.isMultiple(of: 2) {
      completion(.newData)
    }
    // Fake time has not moved, and both services still hold their completions.
    #expect(received.withLock { $0 } == Array(repeating: .newData, count: 2_000))
    #expect(live.value == 0, "nothing the callers' completions captured is left")
    #expect(clock.pending == 0, "no deadline is left")
    #expect(clock.now == .zero)
  }

  @Test func aClockThatKeepsItsActionsKeepsNothingOfTheCaller() throws {
    let clock = HoardingClock()
    let dispatcher = Dispatcher(
      vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(25))
    let kept = Locked<[(BackgroundFetchResult) -> Void]>([])
    try dispatcher.register(service: "feed", handlers: [Self.fetch: Self.keeping(kept)])
    let live = LiveCount()
    let received = Locked<[BackgroundFetchResult]>([])
    try Self.dispatchFetch(dispatcher, live: live, received: received)
    #expect(clock.count == 1, "the deadline was scheduled")
    // The service completes and lets go of its completion.
    let completion = kept.withLock { $0.removeFirst() }
    completion(.failed)
    #expect(received.withLock { $0 } == [.failed])
    #expect(live.value == 0, "the clock's action holds the join, and the join holds nothing")
    clock.forget()
  }

  @Test func aServiceWhoseTypedHandlerRefusedItsArgumentsIsNotWaitedFor() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let log = CallLog()
    try dispatcher.register(
      service: "typed", priority: 1,
      handlers: HandlerTable([
        TypedHandler(Self.fetch) {
          (app: Int, info: [AnyHashable: Any], done: @escaping (BackgroundFetchResult) -> Void) in
          log.record("typed")
          done(.failed)
        }
      ]))
    let kept = Locked<[(BackgroundFetchResult) -> Void]>([])
    try dispatcher.register(
      service: "feed",
      handlers: [
        Self.fetch: { params in
          log.record("feed")
          return Self.keeping(kept)(params)
        }
      ])
    let probe = CompletionProbe<BackgroundFetchResult>()
    #expect(
      throws: DispatchError.handlerArgumentTypeMismatch(
        selector: Self.fetch, service: "typed", index: 0, expected: "Int", actual: "String")
    ) {
      try dispatcher.dispatch(selector: Self.fetch, params: Self.note + [probe.handler])
    }
    #expect(log.entries == ["feed"], "the typed closure never ran; the other service did")
    #expect(probe.callCount == 0, "\"feed\" has not answered yet")
    for completion in kept.withLock({ $0 }) { completion(.newData) }
    #expect(try probe.requireCalledOnce() == .newData)
    #expect(clock.pending == 0)
    #expect(clock.now == .zero, "no deadline was waited for")
    #expect(diagnostics.entries.isEmpty)
  }

  /// A service whose sync handler refused its arguments, beside an async
  /// one that runs on the bridge after the dispatch returns: the caller's
  /// completion runs when the async service answers. Before, the refused
  /// service was waited for until the deadline and reported as not calling
  /// a completion it never received.
  @Test func aRefusingServiceIsNotWaitedForBesideAnAsyncOne() throws {
    let injector = EventInjector()
    try injector.dispatcher.register(
      service: "typed", priority: 1,
      handlers: HandlerTable([
        TypedHandler(Self.fetch) {
          (app: Int, info: [AnyHashable: Any], done: @escaping (BackgroundFetchResult) -> Void) in
          done(.failed)
        }
      ]))
    try injector.dispatcher.register(
      service: "async", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    let trace = injector.inject(Self.fetch, injector.application, [AnyHashable: Any](), ())
    guard case .failure(let error) = trace.result else {
      Issue.record("the refusal was not thrown: \(trace.result)")
      return
    }
    #expect(
      error as? DispatchError
        == .handlerArgumentTypeMismatch(
          selector: Self.fetch, service: "typed", index: 0, expected: "Int",
          actual: "StandIn"))
    #expect(trace.completion as? BackgroundFetchResult == .newData)
    #expect(trace.diagnostics.isEmpty)
    #expect(injector.clock.now == .zero, "no deadline was waited for")
  }

  @Test func whenEveryServiceRefusesTheCallerGetsTheIdentityAtOnce() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    for name in ["a", "b"] {
      try dispatcher.register(
        service: name,
        handlers: HandlerTable([
          TypedHandler(Self.fetch) {
            (app: Int, info: [AnyHashable: Any], done: @escaping (BackgroundFetchResult) -> Void) in
            done(.failed)
          }
        ]))
    }
    let probe = CompletionProbe<BackgroundFetchResult>()
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: Self.fetch, params: Self.note + [probe.handler])
    }
    #expect(
      error
        == .handlerArgumentTypeMismatch(
          selector: Self.fetch, service: "a", index: 0, expected: "Int", actual: "String"),
      "the first refusal, in priority order, names its service")
    #expect(try probe.requireCalledOnce() == .noData)
    #expect(clock.pending == 0)
  }

  @Test func aRefusingHandlerThatCompletesAnywayStillCounts() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(
      service: "raw",
      handlers: [
        Self.fetch: { params in
          (params.last as? (BackgroundFetchResult) -> Void)?(.newData)
          return DispatchError.handlerArgumentTypeMismatch(
            selector: Self.fetch, service: nil, index: 0, expected: "Int", actual: "String")
        }
      ])
    let probe = CompletionProbe<BackgroundFetchResult>()
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: Self.fetch, params: Self.note + [probe.handler])
    }
    #expect(try probe.requireCalledOnce() == .newData)
    #expect(diagnostics.entries.isEmpty)
  }

  /// A handler that passes on another service's error, such as a nested dispatch's
  /// `nestingTooDeep`, is not counted on to call its completion either: the awaited dispatch
  /// throws it at once, with no deadline left armed. Before, only a refused argument, a call off
  /// the main actor and a failure were excused, and the awaited dispatch, which now waits for
  /// the services it did not excuse, would have waited out the 25 s deadline.
  @Test func aServiceThatPassesOnAnotherErrorIsNotWaitedFor() async throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let nested = DispatchError.nestingTooDeep(selector: Self.fetch, limit: 64)
    try dispatcher.register(service: "nested", handlers: [Self.fetch: { _ in nested }])
    await #expect(throws: nested) {
      try await dispatcher.answer(to: Self.fetch, params: Self.note)
    }
    #expect(clock.pending == 0, "no deadline is left armed")
    #expect(diagnostics.entries.isEmpty)
  }

  @Test func aNegativeDeadlineCountsAsZero() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(
      vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(-1))
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let kept = Locked<[(BackgroundFetchResult) -> Void]>([])
    try dispatcher.register(service: "silent", handlers: [Self.fetch: Self.keeping(kept)])
    let probe = CompletionProbe<BackgroundFetchResult>()
    _ = try dispatcher.dispatch(selector: Self.fetch, params: Self.note + [probe.handler])
    #expect(probe.callCount == 0, "the deadline runs when the clock runs it, not inside dispatch")
    clock.advance(by: .zero)
    #expect(try probe.requireCalledOnce() == .noData)
    #expect(
      diagnostics.entries == [
        .completionMissedDeadline(selector: Self.fetch, service: "silent", deadlineMilliseconds: 0)
      ])
  }

  @Test func aHugeDeadlineIsReportedInAtMostIntMaxMilliseconds() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(
      vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(Int64.max))
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let kept = Locked<[(BackgroundFetchResult) -> Void]>([])
    try dispatcher.register(service: "silent", handlers: [Self.fetch: Self.keeping(kept)])
    let probe = CompletionProbe<BackgroundFetchResult>()
    clock.advance(by: .seconds(1))
    _ = try dispatcher.dispatch(selector: Self.fetch, params: Self.note + [probe.handler])
    clock.advance(by: .seconds(Int64.max - 2))
    #expect(probe.callCount == 0)
    clock.advance(by: .seconds(Int64.max))
    #expect(try probe.requireCalledOnce() == .noData)
    #expect(
      diagnostics.entries == [
        .completionMissedDeadline(
          selector: Self.fetch, service: "silent", deadlineMilliseconds: .max)
      ])
  }
}

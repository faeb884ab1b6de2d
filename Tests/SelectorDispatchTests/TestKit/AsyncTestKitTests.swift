import Dispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch
@testable import selector_dispatch

@Suite(.timeLimit(.minutes(1))) struct AsyncTestKitTests {
  static let fetch = "application:performFetchWithCompletionHandler:"
  static let app = DispatcherAsyncCompletionTests.NSObjectLike()

  @Test func theRecorderSeesAsyncHandlersAndCanAwaitEveryAnswer() async throws {
    let gate = Gate()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let recorder = EventRecorder(now: { 7 })
    recorder.recordEveryService(of: dispatcher)
    try dispatcher.register(
      service: "sync",
      handlers: [
        Self.fetch: { params in
          (params.last as? (BackgroundFetchResult) -> Void)?(.noData)
          return nil
        }
      ])
    try dispatcher.register(
      service: "async",
      asyncHandlers: [Self.fetch: gate.handler(answering: BackgroundFetchResult.newData)])
    let probe = CompletionProbe<BackgroundFetchResult>()
    _ = try dispatcher.dispatch(
      selector: Self.fetch, params: [Self.app, probe.handler])
    #expect(recorder.services(thatSaw: Self.fetch) == ["sync"])
    gate.open()
    await recorder.everyService(["sync", "async"], answered: Self.fetch)
    try recorder.requireEveryService(["sync", "async"], saw: Self.fetch)
    let call = try #require(recorder.calls.last)
    #expect(call.service == "async" && call.answer as? BackgroundFetchResult == .newData)
    #expect(call.params.count == 1, "an async handler gets no completion")
    #expect(await probe.firstValue() == .newData)
    // The recorded params hold the sync service's completion, which holds
    // the join and so the dispatcher's environment and this recorder.
    _ = recorder.drain()
  }

  @Test func theInjectorTracesAnAsyncServiceWithItsTime() throws {
    let injector = EventInjector(now: FakeClock().nanoseconds)
    try injector.dispatcher.register(
      service: "fetch",
      asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    try injector.dispatcher.register(
      service: "quiet",
      handlers: [
        Self.fetch: { params in
          (params.last as? (BackgroundFetchResult) -> Void)?(.noData)
          return nil
        }
      ])
    let trace = injector.inject(Self.fetch, injector.application, ())
    #expect(trace.calls.map(\.service) == ["quiet", "fetch"])
    #expect(trace.completion.flatMap { $0 as? BackgroundFetchResult } == .newData)
    #expect(
      trace.diagnostics.filter { if case .deprecatedSelector = $0 { false } else { true } }.isEmpty)
    #expect(trace.readable().contains("2. fetch"))
  }

  static let notification = "application:didReceiveRemoteNotification:fetchCompletionHandler:"

  /// An actor on a serial queue of its own: a handler that awaits it
  /// leaves its bridge idle meanwhile, and comes back without needing the
  /// cooperative pool, which synchronous tests running at the same time may
  /// be blocking.
  actor Elsewhere {
    private final class Executor: SerialExecutor {
      let queue = DispatchQueue(label: "elsewhere")

      func enqueue(_ job: UnownedJob) {
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
      }
    }

    private let executor = Executor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
      executor.asUnownedSerialExecutor()
    }

    func visit() {}
  }

  static let elsewhere = Elsewhere()

  @Test func eachOfAThousandTracesHoldsExactlyItsOwnEventsCalls() throws {
    let injector = EventInjector(now: FakeClock().nanoseconds)
    for service in ["feed", "mail"] {
      try injector.dispatcher.register(
        service: service,
        asyncHandlers: [
          Self.fetch: { _ in
            await Self.elsewhere.visit()
            return BackgroundFetchResult.newData
          }
        ])
    }
    var foreign: [String] = []
    for index in 0..<1_000 {
      let event = EventInjector.StandIn("event \(index)")
      let trace = injector.inject(Self.fetch, event, ())
      let seen = trace.calls.map { "\($0.service) of \($0.params.first ?? "nothing")" }
      if seen != ["feed of event \(index)", "mail of event \(index)"] {
        foreign.append("event \(index): \(seen)")
      }
      #expect(trace.completion.flatMap { $0 as? BackgroundFetchResult } == .newData)
    }
    #expect(foreign.isEmpty, "\(foreign.count) traces: \(foreign.prefix(5))")
  }

  @Test func anAsyncHandlerOnTheBridgeInjectsANestedEvent() throws {
    let injector = EventInjector(now: FakeClock().nanoseconds)
    // Captured weakly without a capture list: a closure literal with one is
    // compiled as `@concurrent` (Swift 6.3), off the bridge.
    weak let weakInjector = injector
    let nested = Locked<Trace?>(nil)
    try injector.dispatcher.register(
      service: "outer",
      asyncHandlers: [
        Self.fetch: { _ in
          guard let injector = weakInjector else { return nil }
          let trace = injector.inject(Self.notification, injector.application, [:], ())
          nested.withLock { $0 = trace }
          return BackgroundFetchResult.noData
        }
      ])
    try injector.dispatcher.register(
      service: "inner",
      asyncHandlers: [
        Self.notification: { _ in
          await Self.elsewhere.visit()
          return BackgroundFetchResult.newData
        }
      ])
    let trace = injector.inject(Self.fetch, injector.application, ())
    #expect(trace.calls.map(\.service) == ["outer"])
    #expect(trace.completion.flatMap { $0 as? BackgroundFetchResult } == .noData)
    let inner = try #require(nested.withLock { $0 })
    #expect(inner.calls.map(\.service) == ["inner"])
    #expect(inner.completion.flatMap { $0 as? BackgroundFetchResult } == .newData)
    #expect(inner.diagnostics.filter { !"\($0)".contains("deprecated") }.isEmpty)
  }

  @Test func aSynchronousHandlerInjectsANestedEventWithoutTakingTheOuterCalls() throws {
    let injector = EventInjector(now: FakeClock().nanoseconds)
    // Captured weakly without a capture list: a closure literal with one is
    // compiled as `@concurrent` (Swift 6.3), off the bridge.
    weak let weakInjector = injector
    let nested = Locked<Trace?>(nil)
    let terminate = "applicationWillTerminate:"
    try injector.dispatcher.register(service: "first", handlers: [terminate: { _ in nil }])
    try injector.dispatcher.register(
      service: "injecting",
      handlers: [
        terminate: { _ in
          guard let injector = weakInjector else { return nil }
          let trace = injector.inject(Self.fetch, injector.application, ())
          nested.withLock { $0 = trace }
          return nil
        }
      ])
    try injector.dispatcher.register(
      service: "fetch", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    let trace = injector.inject(terminate, injector.application)
    #expect(trace.calls.map(\.service) == ["first", "injecting"])
    let inner = try #require(nested.withLock { $0 })
    #expect(inner.calls.map(\.service) == ["fetch"])
  }
}

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
    #expect(trace.readable.contains("2. fetch"))
  }
}

import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct EventRecorderTests {
  let terminate = "applicationWillTerminate:"

  @Test func recordsEveryCallWithItsAnswerAndTime() throws {
    let ticks = TickSource()
    let recorder = EventRecorder(now: ticks.next)
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "push",
      handlers: HandlerTable(
        recorder.instrument(service: "push", handlers: [terminate: { _ in "saved" }])))
    try dispatcher.register(
      service: "audit", handlers: recorder.spy(service: "audit", on: [terminate], answer: 7))
    _ = try dispatcher.dispatch(selector: terminate, params: ["app"])
    let calls = recorder.calls
    #expect(calls.map(\.service) == ["push", "audit"])
    #expect(calls.map(\.selector) == [terminate, terminate])
    #expect(calls[0].answer as? String == "saved")
    #expect(calls[1].answer as? Int == 7)
    #expect(calls[0].params.first as? String == "app")
    #expect(calls.map(\.nanoseconds) == [10, 10], "each call spans one tick of the fake time")
    try recorder.requireEveryService(["push", "audit"], saw: terminate)
    #expect(recorder.drain().count == 2)
    #expect(recorder.calls.isEmpty)
  }

  @Test func everyServiceSawItNamesWhatWentWrong() throws {
    let recorder = EventRecorder()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: recorder.spy(service: "a", on: [terminate]))
    try dispatcher.register(service: "b", handlers: recorder.spy(service: "b", on: [terminate]))
    _ = try dispatcher.dispatch(selector: terminate, params: [0])
    _ = try dispatcher.dispatch(selector: terminate, params: [0])
    #expect(throws: ExpectationFailure.self) {
      try recorder.requireEveryService(["a", "b"], saw: terminate)
    }
    recorder.drainAndDispatch(dispatcher, terminate)
    #expect(
      throws: ExpectationFailure(
        "expected each of [a, c] to see applicationWillTerminate: exactly once, but c saw it never; "
          + "unexpected services saw it: b")
    ) {
      try recorder.requireEveryService(["a", "c"], saw: terminate)
    }
  }
}

extension EventRecorder {
  fileprivate func drainAndDispatch(_ dispatcher: Dispatcher, _ selector: String) {
    _ = drain()
    _ = try? dispatcher.dispatch(selector: selector, params: [0])
  }
}

/// A time source that advances 10 ns each time it is read.
final class TickSource: Sendable {
  private let count = Locked<UInt64>(0)
  var next: @Sendable () -> UInt64 {
    {
      self.count.withLock {
        $0 += 10
        return $0
      }
    }
  }
}

extension EventRecorderTests {
  @Test func aClockThatRunsBackwardsRecordsZeroNotAHugeDuration() throws {
    let times = Locked<[UInt64]>([1_000, 400])  // start, then an earlier end
    let recorder = EventRecorder(now: { times.withLock { $0.removeFirst() } })
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "push", handlers: recorder.spy(service: "push", on: [terminate]))
    _ = try dispatcher.dispatch(selector: terminate, params: ["app"])
    #expect(recorder.calls.map(\.nanoseconds) == [0])
  }

  @Test func anAsyncHandlerTimedOnAClockThatRunsBackwardsTakesZero() async throws {
    let times = Locked<[UInt64]>([1_000, 400])  // start, then an earlier end
    let recorder = EventRecorder(now: { times.withLock { $0.removeFirst() } })
    let handlers = recorder.instrument(
      service: "push", asyncHandlers: [terminate: { _ in "done" }])
    let answer = try #require(handlers[terminate])
    #expect(await answer(["app"]) as? String == "done")
    #expect(recorder.calls.map(\.nanoseconds) == [0])
  }
}

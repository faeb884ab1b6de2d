import Dispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct DispatchClockTests {
  @Test func theRealClockRunsActionsAndHonoursCancellation() {
    let queue = DispatchQueue(label: "DispatchClockTests")  // serial: runs in deadline order
    let clock = DispatchQueueClock(queue: queue)
    let log = CallLog()
    let done = DispatchSemaphore(value: 0)
    // Hold the serial queue so that the first action cannot start before it
    // is cancelled, however loaded the machine is.
    let gate = DispatchSemaphore(value: 0)
    queue.async { gate.wait() }
    let cancelled = clock.schedule(after: .milliseconds(1)) { log.record("cancelled") }
    cancelled.cancel()
    gate.signal()
    _ = clock.schedule(after: .milliseconds(20)) {
      log.record("ran")
      done.signal()
    }
    // Waits for the event, bounded; it does not sleep to guess.
    #expect(done.wait(timeout: .now() + .seconds(10)) == .success)
    #expect(log.entries == ["ran"])
  }

  @Test func theFakeClockRunsOnlyWhatFallsDue() {
    let clock = FakeClock()
    let log = CallLog()
    _ = clock.schedule(after: .seconds(2)) { log.record("2s") }
    _ = clock.schedule(after: .seconds(1)) { log.record("1s") }
    let cancelled = clock.schedule(after: .seconds(1)) { log.record("cancelled") }
    cancelled.cancel()
    clock.advance(by: .milliseconds(999))
    #expect(log.entries.isEmpty)
    clock.advance(by: .seconds(5))
    #expect(log.entries == ["1s", "2s"])
    #expect(clock.pending == 0)
  }

  /// Something an action captures, whose release the test observes.
  final class Canary: Sendable {}

  @Test func cancellingTheRealClocksActionReleasesItAtOnce() {
    let clock = DispatchQueueClock(queue: DispatchQueue(label: "DispatchClockTests.release"))
    weak var released: Canary?
    let handle: ScheduledAction
    do {
      let canary = Canary()
      released = canary
      handle = clock.schedule(after: .seconds(3_600)) { withExtendedLifetime(canary) {} }
    }
    #expect(released != nil, "a scheduled action keeps what it captured")
    handle.cancel()
    #expect(released == nil, "not an hour later, when the queue would have run it")
  }

  struct DelayCase: Sendable, CustomTestStringConvertible {
    let delay: Duration
    let nanoseconds: Int
    var testDescription: String { "\(delay)" }
  }

  @Test(arguments: [
    DelayCase(delay: .seconds(-1), nanoseconds: 0),
    DelayCase(delay: .seconds(Int64.min), nanoseconds: 0),
    DelayCase(delay: .milliseconds(-1) + .microseconds(1), nanoseconds: 0),
    DelayCase(delay: .zero, nanoseconds: 0),
    DelayCase(delay: .milliseconds(1_500), nanoseconds: 1_500_000_000),
    DelayCase(delay: .nanoseconds(7), nanoseconds: 7),
    DelayCase(delay: .seconds(Int64(Int32.max)), nanoseconds: Int(Int32.max) * 1_000_000_000),
    DelayCase(delay: .seconds(Int64.max), nanoseconds: Int(Int32.max) * 1_000_000_000),
  ])
  func theRealClockClampsEveryDelayItIsGiven(_ test: DelayCase) {
    #expect(DispatchQueueClock.nanoseconds(test.delay) == test.nanoseconds)
  }

  @Test func theRealClockRunsANegativeDelayAndAcceptsAHugeOne() {
    let clock = DispatchQueueClock(queue: DispatchQueue(label: "DispatchClockTests.extremes"))
    let done = DispatchSemaphore(value: 0)
    let huge = clock.schedule(after: .seconds(Int64.max)) { Issue.record("ran too early") }
    _ = clock.schedule(after: .seconds(-1)) { done.signal() }
    #expect(done.wait(timeout: .now() + .seconds(10)) == .success)
    huge.cancel()
  }

  @Test func fakeTimeNeverRunsBackwardsNorOverflows() {
    let clock = FakeClock()
    let log = CallLog()
    clock.advance(by: .seconds(-1))
    #expect(clock.now == .zero, "a negative duration counts as zero")
    #expect(clock.nanoseconds() == 0)
    _ = clock.schedule(after: .seconds(-5)) { log.record("negative") }
    _ = clock.schedule(after: .seconds(Int64.max)) { log.record("huge") }
    clock.advance(by: .zero)
    #expect(log.entries == ["negative"], "a negative delay falls due at the next advance")
    clock.advance(by: .seconds(1))
    _ = clock.schedule(after: .seconds(Int64.max)) { log.record("huge, later") }
    for _ in 0..<20 { clock.advance(by: .seconds(Int64.max)) }
    #expect(clock.now == .seconds(Int64.max), "time stops at its end")
    #expect(log.entries == ["negative", "huge", "huge, later"])
    #expect(clock.nanoseconds() == .max)
    #expect(clock.pending == 0)
  }

  @Test func cancellingAFakeClockActionReleasesItAtOnce() {
    let clock = FakeClock()
    weak var released: Canary?
    let handle: ScheduledAction
    do {
      let canary = Canary()
      released = canary
      handle = clock.schedule(after: .seconds(1)) { withExtendedLifetime(canary) {} }
    }
    #expect(released != nil)
    handle.cancel()
    #expect(released == nil)
    #expect(clock.pending == 0)
  }
}

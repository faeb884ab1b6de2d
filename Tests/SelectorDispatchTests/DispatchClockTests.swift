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
}

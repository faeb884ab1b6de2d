import Dispatch
import Testing

@testable import SelectorDispatch

/// `Locked`'s lock (`csd_lock_t`) under contention: on Linux a word taken
/// with a compare-and-swap, with a futex to sleep on when it is held.
@Suite struct LockedTests {
  /// Threads that take the lock at once never lose an update, and each
  /// sees the value as the last holder left it: a lock that let two in, or
  /// a sleeper that woke without taking it, loses counts or corrupts the
  /// array (seen: a sleeper that returned without the lock crashed this
  /// test). A lost wake-up would hang it instead.
  @Test func contendedUpdatesAreNeverLost() {
    struct Tally {
      var count = 0
      var last: [Int] = []
    }
    let threads = 8
    let perThread = 20_000
    let tally = Locked(Tally())
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for _ in 0..<perThread {
        tally.withLock { tally in
          // A read-modify-write long enough that a second holder would
          // interleave with it.
          let before = tally.count
          tally.last.append(thread)
          if tally.last.count > 16 { tally.last.removeFirst(8) }
          tally.count = before + 1
        }
      }
    }
    #expect(tally.withLock { $0.count } == threads * perThread)
  }
}

import SelectorDispatch

/// A list that grows from any thread and that a task can wait on, without
/// sleeping, until it holds what the task needs: what ``CompletionProbe``
/// and ``EventRecorder`` keep.
final class AwaitableLog<Element>: Sendable {
  /// The list, `@unchecked Sendable` because its elements need not be: a
  /// completion value or a recorded call is appended on the thread that
  /// produced it and read by the test on its own, which is the point of the
  /// log; the log itself never uses them.
  private struct Elements: @unchecked Sendable {
    var list: [Element] = []
  }

  private let elements = Locked(Elements())
  /// Tasks waiting in `wait(for:)`, woken on each append. Taken only
  /// inside `elements`' lock, so that no append is missed between a
  /// waiter's check and its wait.
  private let waiters = Locked<[CheckedContinuation<Void, Never>]>([])

  /// Runs `body` with exclusive access to the elements.
  func withElements<Result>(_ body: (inout [Element]) -> Result) -> Result {
    elements.withLock { body(&$0.list) }
  }

  /// Appends `element` and wakes every waiting task; each checks again and
  /// waits again if it is not satisfied yet.
  func append(_ element: Element) {
    let waiting = elements.withLock { elements in
      elements.list.append(element)
      return waiters.withLock { waiters in
        defer { waiters = [] }
        return waiters
      }
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns what `pick` finds in the elements, once it finds something.
  ///
  /// `pick` runs under the lock: it only reads.
  nonisolated(nonsending) func wait<Found>(for pick: ([Element]) -> Found?) async -> Found {
    while true {
      if let found = elements.withLock({ pick($0.list) }) { return found }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = elements.withLock { elements in
          if pick(elements.list) != nil { return true }
          waiters.withLock { $0.append(continuation) }
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}

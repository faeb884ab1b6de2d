/// Counts the bridge tasks (see `AsyncBridge`) that synchronous dispatches
/// start while it is the task-local `current`, the tasks those tasks'
/// handlers start included: how the test kit's event injector knows when
/// every async handler an event started has returned.
///
/// A bridge task inherits `current` from the dispatch that starts it, so
/// a handler on the bridge that dispatches synchronously again counts in
/// the same watch, before its own task ends: the count reaches zero only
/// when the whole tree has finished.
package final class BridgeWatch: Sendable {
  /// The watch of the code running now; `nil` outside any.
  ///
  /// A `let`, not `@TaskLocal static var`, for older Apple SDKs (see
  /// `Nesting.carried`).
  package static let current = TaskLocal<BridgeWatch?>(wrappedValue: nil)

  private let running = Locked(0)
  private let settled: @Sendable () -> Void

  /// Creates a watch with nothing running.
  ///
  /// - Parameter settled: Called, on the thread of the task that ended
  ///   last, each time the count of running tasks drops to zero.
  package init(settled: @escaping @Sendable () -> Void) {
    self.settled = settled
  }

  /// Whether every task counted here has ended.
  package var isSettled: Bool { running.withLock { $0 == 0 } }

  /// Counts a task about to start.
  func begin() {
    running.withLock { $0 += 1 }
  }

  /// Counts a task that has ended.
  func end() {
    let last = running.withLock { running -> Bool in
      running -= 1
      return running == 0
    }
    if last { settled() }
  }
}

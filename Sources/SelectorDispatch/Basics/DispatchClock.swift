import Dispatch

/// Schedules the deadlines of completion handlers.
///
/// ``Dispatcher`` asks its clock to run an action after a delay when it
/// waits for services to call their completions (see ``CompletionKind``),
/// and cancels it when they all did. Inject your own clock to control time
/// in tests; the real one, a Dispatch queue's, is the default.
public protocol DispatchClock: Sendable {
  /// Runs `action` once, on any thread, after `delay`, unless the returned
  /// action is cancelled first.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: What to run.
  /// - Returns: A handle that cancels the action.
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> ScheduledAction
}

/// A handle on an action a ``DispatchClock`` scheduled.
public struct ScheduledAction: Sendable {
  private let onCancel: @Sendable () -> Void

  /// Creates a handle.
  ///
  /// - Parameter cancel: Stops the action from running if it has not run
  ///   yet; called at most once per ``cancel()``, from any thread.
  public init(cancel: @escaping @Sendable () -> Void) {
    self.onCancel = cancel
  }

  /// Stops the action from running if it has not run yet.
  public func cancel() {
    onCancel()
  }
}

/// The real clock, ``Dispatcher``'s default: runs actions on a Dispatch
/// queue after a wall-clock delay. Works on Linux and Apple platforms.
@usableFromInline
package struct DispatchQueueClock: DispatchClock {
  private let queue: DispatchQueue

  /// Creates a clock.
  ///
  /// - Parameter queue: Where actions run; a global concurrent queue by
  ///   default.
  @usableFromInline
  package init(queue: DispatchQueue = .global()) {
    self.queue = queue
  }

  /// Runs `action` on the queue after `delay`, unless cancelled first.
  ///
  /// A cancellation that races with the action starting may come too late
  /// to stop it; ``Dispatcher`` tolerates that. Cancelling releases the
  /// action, and everything it captured, at once: the queue keeps only an
  /// empty entry until the delay passes.
  ///
  /// - Parameters:
  ///   - delay: How long to wait; a negative delay runs as soon as
  ///     possible, and a delay longer than `Int32.max` seconds (about 68
  ///     years) waits that long.
  ///   - action: What to run.
  /// - Returns: A handle that cancels the action.
  @usableFromInline
  package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> ScheduledAction
  {
    let pending = Locked(PendingAction(action: action))
    queue.asyncAfter(deadline: .now() + .nanoseconds(Self.nanoseconds(delay))) {
      pending.take()?()
    }
    return ScheduledAction {
      // Released here, after the lock: it may own anything.
      let cancelled = pending.take()
      _ = cancelled
    }
  }

  /// A delay in whole nanoseconds, clamped to what the queue can wait:
  /// from 0 (negative delays) to `Int32.max` seconds.
  static func nanoseconds(_ delay: Duration) -> Int {
    let clamped = min(max(delay, .zero), .seconds(Int64(Int32.max)))
    let (seconds, attoseconds) = clamped.components
    return Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}

/// An action a `DispatchQueueClock` may still run. The closure sits in a
/// struct rather than directly in `Locked`, so it is not wrapped in a new
/// thunk on its way through `withLock`.
private struct PendingAction {
  var action: (@Sendable () -> Void)?
}

extension Locked where Value == PendingAction {
  /// Takes the action out, leaving nothing behind; `nil` when it already
  /// ran or was cancelled.
  fileprivate func take() -> (@Sendable () -> Void)? {
    withLock { pending in
      defer { pending.action = nil }
      return pending.action
    }
  }
}

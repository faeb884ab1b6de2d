import Dispatch

/// Schedules the deadlines of completion handlers.
///
/// ``Dispatcher`` asks its clock to run an action after a delay when it
/// waits for services to call their completions (see ``CompletionKind``),
/// and cancels it when they all did. Inject your own clock to control time
/// in tests; ``DispatchQueueClock`` is the real one.
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

/// The real clock: runs actions on a Dispatch queue after a wall-clock
/// delay. Works on Linux and Apple platforms.
public struct DispatchQueueClock: DispatchClock {
  private let queue: DispatchQueue

  /// Creates a clock.
  ///
  /// - Parameter queue: Where actions run; a global concurrent queue by
  ///   default.
  public init(queue: DispatchQueue = .global()) {
    self.queue = queue
  }

  /// Runs `action` on the queue after `delay`, unless cancelled first.
  ///
  /// A cancellation that races with the action starting may come too late
  /// to stop it; ``Dispatcher`` tolerates that.
  ///
  /// - Parameters:
  ///   - delay: How long to wait; negative delays run as soon as possible.
  ///   - action: What to run.
  /// - Returns: A handle that cancels the action.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> ScheduledAction
  {
    let cancelled = Locked(false)
    let (seconds, attoseconds) = delay.components
    let clamped = min(max(seconds, 0), Int64(Int32.max))  // no overflow below
    let nanoseconds = max(0, clamped * 1_000_000_000 + attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
      if !cancelled.withLock({ $0 }) { action() }
    }
    return ScheduledAction { cancelled.withLock { $0 = true } }
  }
}

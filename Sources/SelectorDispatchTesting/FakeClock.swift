import SelectorDispatch

/// A clock that moves only when a test advances it, so that completion
/// deadlines (and handler timings) are tested without sleeping.
///
/// ```swift
/// let clock = FakeClock()
/// let dispatcher = Dispatcher(
///   vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(25))
/// // … dispatch an event whose service never calls its completion …
/// clock.advance(by: .seconds(25))  // the caller's completion runs now
/// ```
public final class FakeClock: DispatchClock {
  private struct Timer {
    let id: Int
    let due: Duration
    let action: @Sendable () -> Void
  }

  private struct State {
    var now: Duration = .zero
    var timers: [Int: Timer] = [:]
    var nextID = 0
  }

  private let state = Locked(State())

  /// Creates a clock at time zero with nothing scheduled.
  public init() {}

  /// The time since the clock was created, as far as it has been advanced.
  public var now: Duration { state.withLock { $0.now } }

  /// ``now`` in nanoseconds: pass it as an ``EventRecorder``'s time source.
  ///
  /// - Returns: The fake time in nanoseconds.
  @Sendable public func nanoseconds() -> UInt64 {
    let (seconds, attoseconds) = now.components
    return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }

  /// How many actions are scheduled and have neither run nor been cancelled.
  public var pending: Int { state.withLock { $0.timers.count } }

  /// Schedules `action` to run when the clock has been advanced past `delay`.
  ///
  /// - Parameters:
  ///   - delay: How far the clock must move first.
  ///   - action: What to run.
  /// - Returns: A handle that cancels the action.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> ScheduledAction
  {
    let id = state.withLock { state in
      state.nextID += 1
      state.timers[state.nextID] = Timer(id: state.nextID, due: state.now + delay, action: action)
      return state.nextID
    }
    return ScheduledAction { [state] in
      state.withLock { $0.timers[id] = nil }
    }
  }

  /// Moves time forward and runs the actions that fall due, in due order,
  /// on the calling thread, with no lock held.
  ///
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Timer] in
      state.now += duration
      let now = state.now
      let due = state.timers.values.filter { $0.due <= now }
        .sorted { ($0.due, $0.id) < ($1.due, $1.id) }
      for timer in due { state.timers[timer.id] = nil }
      return due
    }
    for timer in due { timer.action() }
  }
}

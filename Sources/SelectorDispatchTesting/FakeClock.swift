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
///
/// Fake time never runs backwards and never overflows: it starts at zero,
/// a negative duration counts as zero, and time stops at
/// `.seconds(Int64.max)` (about 292 billion years), where everything
/// scheduled falls due.
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

  /// The latest fake time: moving or scheduling past it stops there.
  private static let latest = Duration.seconds(Int64.max)

  /// `time` moved on by `duration`, where both are between zero and
  /// `latest`, stopping at `latest` instead of overflowing.
  private static func later(_ time: Duration, by duration: Duration) -> Duration {
    duration >= latest - time ? latest : time + duration
  }

  /// Creates a clock at time zero with nothing scheduled.
  public init() {}

  /// The time since the clock was created, as far as it has been advanced.
  public var now: Duration { state.withLock { $0.now } }

  /// ``now`` in nanoseconds: pass it as an ``EventRecorder``'s time source.
  ///
  /// - Returns: The fake time in nanoseconds, at most `UInt64.max` (about
  ///   584 years): later times read as `UInt64.max`.
  @Sendable public func nanoseconds() -> UInt64 {
    let (seconds, attoseconds) = now.components
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
    return overflow || carry ? .max : total
  }

  /// How many actions are scheduled and have neither run nor been cancelled.
  public var pending: Int { state.withLock { $0.timers.count } }

  /// Schedules `action` to run when the clock has been advanced past `delay`.
  ///
  /// - Parameters:
  ///   - delay: How far the clock must move first. A negative delay counts
  ///     as zero: the action runs at the next ``advance(by:)``, even by
  ///     zero.
  ///   - action: What to run.
  /// - Returns: A handle that cancels the action and releases it at once.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> ScheduledAction
  {
    let id = state.withLock { state in
      state.nextID += 1
      let due = Self.later(state.now, by: max(delay, .zero))
      state.timers[state.nextID] = Timer(id: state.nextID, due: due, action: action)
      return state.nextID
    }
    return ScheduledAction { [state] in
      // Released here, after the lock: the action may own anything.
      let cancelled = state.withLock { $0.timers.removeValue(forKey: id) }
      _ = cancelled
    }
  }

  /// Moves time forward and runs the actions that fall due, in due order,
  /// on the calling thread, with no lock held.
  ///
  /// - Parameter duration: How far to move. A negative duration counts as
  ///   zero, since fake time never runs backwards: the clock stays where it
  ///   is and runs what is already due.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Timer] in
      state.now = Self.later(state.now, by: max(duration, .zero))
      let now = state.now
      let due = state.timers.values.filter { $0.due <= now }
        .sorted { ($0.due, $0.id) < ($1.due, $1.id) }
      for timer in due { state.timers[timer.id] = nil }
      return due
    }
    for timer in due { timer.action() }
  }
}

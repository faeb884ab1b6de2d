@testable import SelectorDispatch

/// A clock that moves only when a test advances it, so deadlines are tested
/// without sleeping.
final class ManualClock: DispatchClock {
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

  /// Actions scheduled and neither run nor cancelled.
  var pending: Int { state.withLock { $0.timers.count } }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
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

  /// Moves time forward and runs, in due order and with no lock held, the
  /// actions that fall due.
  func advance(by duration: Duration) {
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

/// Collects a dispatcher's diagnostics from any thread.
final class DiagnosticLog: Sendable {
  private let diagnostics = Locked<[Diagnostic]>([])

  var entries: [Diagnostic] { diagnostics.withLock { $0 } }

  /// Installs the log as `dispatcher`'s diagnostic handler.
  func attach(to dispatcher: Dispatcher) {
    dispatcher.diagnosticHandler = { [diagnostics] diagnostic in
      diagnostics.withLock { $0.append(diagnostic) }
    }
  }
}

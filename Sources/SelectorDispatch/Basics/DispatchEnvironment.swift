/// What a ``Dispatcher`` needs beyond its table: the clock and deadline for
/// completion handlers and where diagnostics go.
final class DispatchEnvironment: Sendable {
  let clock: any DispatchClock
  let completionDeadline: Duration
  /// The hooks a user sets: where diagnostics go, and what wraps each
  /// service's handlers as it registers (package access: the test kit's
  /// recorder uses it to trace services from any source).
  ///
  /// They sit in a struct, never directly in `Locked`: a bare function
  /// passed `inout` through the generic `withLock` is reabstracted on the
  /// way in and out, so every read would wrap it in two more thunks
  /// (measured: a chain thousands deep after a few thousand diagnostics).
  private struct Hooks {
    var diagnostics: (@Sendable (Diagnostic) -> Void)?
    var instrument: (@Sendable (String, [String: SelectorHandler]) -> [String: SelectorHandler])?
    var instrumentAsync:
      (@Sendable (String, [String: AsyncSelectorHandler]) -> [String: AsyncSelectorHandler])?
  }

  private let hooks = Locked(Hooks())

  var instrument: (@Sendable (String, [String: SelectorHandler]) -> [String: SelectorHandler])? {
    get { hooks.withLock { $0.instrument } }
    set { changeHooks { $0.instrument = newValue } }
  }

  /// The same for async handlers.
  var instrumentAsync:
    (@Sendable (String, [String: AsyncSelectorHandler]) -> [String: AsyncSelectorHandler])?
  {
    get { hooks.withLock { $0.instrumentAsync } }
    set { changeHooks { $0.instrumentAsync = newValue } }
  }

  init(clock: any DispatchClock, completionDeadline: Duration) {
    self.clock = clock
    self.completionDeadline = completionDeadline
  }

  /// The deadline in whole milliseconds, for diagnostics: at most
  /// `Int.max`. The deadline is never negative (``Dispatcher`` clamps it).
  var deadlineMilliseconds: Int {
    let (seconds, attoseconds) = max(completionDeadline, .zero).components
    guard seconds < Int64(Int.max / 1000) else { return .max }
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  var handler: (@Sendable (Diagnostic) -> Void)? {
    get { hooks.withLock { $0.diagnostics } }
    set { changeHooks { $0.diagnostics = newValue } }
  }

  /// Changes the hooks and releases the ones replaced only after the
  /// unlock: releasing a closure runs the `deinit` of its captures, user
  /// code that must not run under a lock (see `Retired`).
  private func changeHooks(_ change: (inout Hooks) -> Void) {
    let old = hooks.withLock { hooks in
      defer { change(&hooks) }
      return hooks
    }
    withExtendedLifetime(old) {}
  }

  /// Delivers a diagnostic on the current thread, with no lock held.
  func report(_ diagnostic: Diagnostic) {
    handler?(diagnostic)
  }
}

/// What a ``Dispatcher`` needs beyond its table: the clock and deadline for
/// completion handlers and where diagnostics go.
final class DispatchEnvironment: Sendable {
  let clock: any DispatchClock
  let completionDeadline: Duration
  /// The handler sits in a struct, never directly in `Locked`: a bare
  /// function passed `inout` through the generic `withLock` is reabstracted
  /// on the way in and out, so every read would wrap it in two more thunks
  /// (measured: a chain thousands deep after a few thousand diagnostics).
  private struct Box {
    let handler: (@Sendable (Diagnostic) -> Void)?
  }

  private let diagnosticHandler = Locked(Box(handler: nil))

  /// Wraps each service's handlers as it registers (package access: the
  /// test kit's recorder uses it to trace services from any source).
  private struct Instrumentation {
    let wrap: (@Sendable (String, [String: Handler]) -> [String: Handler])?
  }

  private let instrumentation = Locked(Instrumentation(wrap: nil))

  var instrument: (@Sendable (String, [String: Handler]) -> [String: Handler])? {
    get { instrumentation.withLock { $0.wrap } }
    set { Self.replace(instrumentation, with: Instrumentation(wrap: newValue)) }
  }

  /// The same for async handlers.
  private struct AsyncInstrumentation {
    let wrap: (@Sendable (String, [String: AsyncHandler]) -> [String: AsyncHandler])?
  }

  private let asyncInstrumentation = Locked(AsyncInstrumentation(wrap: nil))

  var instrumentAsync: (@Sendable (String, [String: AsyncHandler]) -> [String: AsyncHandler])? {
    get { asyncInstrumentation.withLock { $0.wrap } }
    set { Self.replace(asyncInstrumentation, with: AsyncInstrumentation(wrap: newValue)) }
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
    get { diagnosticHandler.withLock { $0.handler } }
    set { Self.replace(diagnosticHandler, with: Box(handler: newValue)) }
  }

  /// Stores `value` in `slot` and releases what it held only after the
  /// unlock: releasing a closure runs the `deinit` of its captures, user
  /// code that must not run under a lock (see ``Retired``).
  private static func replace<Value>(_ slot: Locked<Value>, with value: Value) {
    let old = slot.withLock { held in
      defer { held = value }
      return held
    }
    withExtendedLifetime(old) {}
  }

  /// Delivers a diagnostic on the current thread, with no lock held.
  func report(_ diagnostic: Diagnostic) {
    handler?(diagnostic)
  }
}

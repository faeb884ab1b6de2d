import SelectorDispatch

/// Collects a dispatcher's diagnostics — completions called twice or late,
/// handlers of deprecated selectors — from any thread.
///
/// ```swift
/// let log = DiagnosticLog()
/// log.attach(to: dispatcher)
/// // … dispatch …
/// #expect(log.entries == [.completionCalledTwice(selector: fetch, service: "push")])
/// ```
public final class DiagnosticLog: Sendable {
  private let diagnostics = Locked<[Diagnostic]>([])

  /// Creates an empty log.
  public init() {}

  /// The diagnostics received so far, in order.
  public var entries: [Diagnostic] { diagnostics.withLock { $0 } }

  /// Forgets the diagnostics received so far, so that a long-running
  /// consumer, such as a replay of an endless log, holds only recent ones.
  public func removeAll() {
    diagnostics.withLock { $0.removeAll() }
  }

  /// Installs the log as `dispatcher`'s diagnostic handler.
  ///
  /// - Parameter dispatcher: The dispatcher to listen to.
  public func attach(to dispatcher: Dispatcher) {
    dispatcher.diagnosticHandler = { [self] diagnostic in append(diagnostic) }
  }

  func append(_ diagnostic: Diagnostic) {
    diagnostics.withLock { $0.append(diagnostic) }
  }
}

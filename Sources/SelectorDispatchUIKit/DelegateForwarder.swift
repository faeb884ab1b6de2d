import SelectorDispatch

/// Forwards one delegate call to a dispatcher and turns the folded answer
/// into what UIKit expects, so that a delegate method is one line.
///
/// It never throws and never traps: a dispatch that throws (a service's
/// handler that refuses UIKit's arguments, a loop of nested dispatches) is
/// passed to ``report`` and UIKit gets its default answer. A completion
/// handler is called exactly once: by the dispatcher's join, which waits at
/// most until its deadline, or here, with UIKit's default, when the dispatch
/// threw before any service took it.
final class DelegateForwarder: Sendable {
  /// The dispatcher on ``DelegateMethod/vocabulary``.
  let dispatcher: Dispatcher
  /// Receives each error a dispatch threw.
  let report: @Sendable (any Error) -> Void

  /// Creates a forwarder.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher, declaring ``DelegateMethod/vocabulary``.
  ///   - report: Receives each error a dispatch threw, on the calling
  ///     thread.
  init(dispatcher: Dispatcher, report: @escaping @Sendable (any Error) -> Void) {
    self.dispatcher = dispatcher
    self.report = report
  }

  /// Whether some registered service handles `selector`.
  func handles(_ selector: String) -> Bool { dispatcher.responds(to: selector) }

  /// Forwards an event that UIKit expects no answer to.
  func event(_ selector: String, _ params: [Any]) {
    _ = dispatch(selector, params)
  }

  /// Forwards a question and returns the folded answer, or `fallback` when
  /// no service answered with a `Value` or the dispatch threw.
  func answer<Value>(_ selector: String, _ params: [Any], or fallback: Value) -> Value {
    dispatch(selector, params) as? Value ?? fallback
  }

  /// Forwards a question whose answer is an object, or `nil` for UIKit's
  /// default.
  func answer<Value>(_ selector: String, _ params: [Any], as _: Value.Type) -> Value? {
    dispatch(selector, params) as? Value
  }

  /// Forwards an event whose last parameter is a completion handler.
  ///
  /// - Parameters:
  ///   - selector: The selector, whose last parameter is a completion.
  ///   - params: The parameters before the completion.
  ///   - completion: The services' completion type for the selector's
  ///     ``CompletionKind``, such as `(BackgroundFetchResult) -> Void`, that
  ///     calls UIKit's with the folded value converted.
  ///   - fallback: Calls UIKit's completion with its default; run only when
  ///     the dispatch threw before any service was given the completion.
  func event(
    _ selector: String, _ params: [Any], completion: Any, fallback: () -> Void
  ) {
    do {
      _ = try dispatcher.dispatch(selector: selector, params: params + [completion])
    } catch {
      report(error)
      if !Self.wasThrownAfterHandlersRan(error) { fallback() }
    }
  }

  private func dispatch(_ selector: String, _ params: [Any]) -> Any? {
    do {
      return try dispatcher.dispatch(selector: selector, params: params)
    } catch {
      report(error)
      return nil
    }
  }

  /// Whether a dispatch threw after its handlers ran: an error that names
  /// the service whose answer caused it. The dispatcher's join then owns the
  /// caller's completion and calls it, once every service has answered or
  /// at the deadline. Every other error is thrown before any handler runs.
  static func wasThrownAfterHandlersRan(_ error: any Error) -> Bool {
    switch error as? DispatchError {
    case .handlerArgumentTypeMismatch?, .resultTypeMismatch?, .handlerFailed?,
      .asyncHandlerNeedsAwait?:
      true
    default:
      false
    }
  }
}

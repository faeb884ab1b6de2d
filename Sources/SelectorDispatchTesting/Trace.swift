import SelectorDispatch

/// What happened to one dispatched event: the services that handled it, in
/// call order, with their answers and times, and the folded result.
///
/// The injector produces it; `selector-dispatch` prints it, as text for
/// people or as JSON for tools.
///
/// `@unchecked Sendable`, as ``EventRecorder/Call`` is: the parameters,
/// result and completion value are kept as the event had them, for reading
/// after the fact; a trace never uses them itself.
public struct Trace: @unchecked Sendable {
  /// The line of the event log the event came from, if any.
  package var line: Int?
  /// The selector dispatched.
  public var selector: String
  /// The parameters dispatched.
  public var params: [Any]
  /// The fold that combined the answers.
  public var fold: String
  /// The handler calls, in call order.
  public var calls: [EventRecorder.Call]
  /// The folded result, or the error the dispatch threw.
  public var result: Result<Any?, any Error>
  /// The value the caller's completion handler received, for selectors
  /// that take one; `nil` otherwise.
  public var completion: Any??
  /// What the dispatcher reported during the event, such as a service that
  /// missed its completion deadline.
  public var diagnostics: [Diagnostic]
  /// The name of the scene a scene event is for, such as `main`; `nil` for
  /// an event of the application.
  package var scene: String?

  /// Creates a trace.
  ///
  /// - Parameters:
  ///   - line: The event log line, if any.
  ///   - selector: The selector dispatched.
  ///   - params: The parameters dispatched.
  ///   - fold: The name of the fold.
  ///   - calls: The handler calls, in call order.
  ///   - result: The folded result or the error.
  ///   - completion: What the caller's completion received, if it has one.
  ///   - diagnostics: What the dispatcher reported during the event.
  ///   - scene: The scene a scene event is for, if it is one.
  package init(
    line: Int? = nil, selector: String, params: [Any], fold: String,
    calls: [EventRecorder.Call], result: Result<Any?, any Error>, completion: Any?? = nil,
    diagnostics: [Diagnostic] = [], scene: String? = nil
  ) {
    self.line = line
    self.selector = selector
    self.params = params
    self.fold = fold
    self.calls = calls
    self.result = result
    self.completion = completion
    self.diagnostics = diagnostics
    self.scene = scene
  }
}

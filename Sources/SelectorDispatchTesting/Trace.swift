import SelectorDispatch

/// What happened to one dispatched event: the services that handled it, in
/// call order, with their answers and times, and the folded result.
///
/// Render it for people with ``readable`` or for tools with ``json``.
public struct Trace: @unchecked Sendable {
  /// The line of the event log the event came from, if any.
  public var line: Int?
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
  public var scene: String?

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
  public init(
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

  /// The event for people: the selector and fold (and the scene, for a
  /// scene event), one line per service (answer and time), then the result.
  ///
  /// ```text
  /// application:openURL:options:  (fold firstTrue: the first service that says true handles it)
  ///     1. logging            nil             0.002 ms
  ///     2. deep-links         true            0.004 ms
  ///   = true
  /// ```
  public var readable: String {
    var lines = ["\(selector)  (fold \(fold))" + (scene.map { "  scene \"\($0)\"" } ?? "")]
    if calls.isEmpty { lines.append("    (no service handles it)") }
    for (index, call) in calls.enumerated() {
      let answer = Self.short(JSONValue(encoding: call.answer).jsonText, 26)
      lines.append(
        "    \(index + 1). " + call.service.padded(to: 18) + answer.padded(to: 28)
          + Self.milliseconds(call.nanoseconds))
    }
    switch result {
    case .success(let value):
      lines.append("  = " + Self.short(JSONValue(encoding: value).jsonText, 70))
    case .failure(let error): lines.append("  ✗ error: \(error)")
    }
    if let completion {
      lines.append("  completion called once with " + JSONValue(encoding: completion).jsonText)
    }
    for diagnostic in diagnostics { lines.append("  ! \(diagnostic)") }
    return lines.joined(separator: "\n")
  }

  /// The event for tools, as one line of JSON: `selector`, `line`, `params`, `fold`, `calls` (each
  /// with `service`, `answer`, `nanoseconds`), then `result` or `error`, and
  /// `completion` where the selector has one.
  ///
  /// - Parameter timings: Whether to include `nanoseconds`; without them the
  ///   output of a run is deterministic.
  /// - Returns: One JSON object.
  package func json(timings: Bool = true) -> JSONValue {
    var members: [(key: String, value: JSONValue.Located)] = []
    func add(_ key: String, _ value: JSONValue) { members.append((key, .init(value, at: 0))) }
    if let line { add("line", .integer(line)) }
    add("selector", .string(selector))
    add("params", JSONValue(encoding: params))
    add("fold", .string(fold))
    add(
      "calls",
      .array(
        calls.map { call in
          var fields: [(key: String, value: JSONValue.Located)] = [
            ("service", .init(.string(call.service), at: 0)),
            ("answer", .init(JSONValue(encoding: call.answer), at: 0)),
          ]
          if timings {
            fields.append(("nanoseconds", .init(.integer(Int(clamping: call.nanoseconds)), at: 0)))
          }
          return .init(.object(fields), at: 0)
        }))
    switch result {
    case .success(let value): add("result", JSONValue(encoding: value))
    case .failure(let error): add("error", .string("\(error)"))
    }
    if let completion { add("completion", JSONValue(encoding: completion)) }
    if !diagnostics.isEmpty {
      add("diagnostics", .array(diagnostics.map { .init(.string("\($0)"), at: 0) }))
    }
    return .object(members)
  }

  static func milliseconds(_ nanoseconds: UInt64) -> String {
    let micro = (nanoseconds + 500) / 1000
    let fraction = String(micro % 1000)
    return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }

  private static func short(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }
}

extension String {
  /// The string padded with spaces to at least `width` characters, and
  /// always followed by at least one space.
  package func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}

import SelectorDispatch
import SelectorDispatchTesting

/// How `selector-dispatch` prints a ``Trace``: readable text, or one line
/// of JSON.
extension Trace {
  /// The event for people, in the format the demo and the examples share (see `Transcript`):
  /// the selector (and the scene, for a scene event), the fold and what it does, one line per
  /// service in call order (its handler's priority, when known, its answer and time), then the
  /// folded answer and the completion's value with the rule that made it.
  ///
  /// ```text
  /// application:openURL:options:
  ///   fold firstTrue: services run in order until one answers true
  ///     1. logging           (100)  no opinion                  0.002 ms
  ///     2. deep-links        (0)    true                        0.004 ms
  ///   = true
  /// ```
  ///
  /// Each line is escaped with `escapedForDisplay`: a line break or an escape
  /// sequence in a scene's or a service's name, a selector or an error stays
  /// on its line and is printed as `\n` or `\u001B`.
  ///
  /// - Parameter completionKind: The selector's completion kind, when the vocabulary declares
  ///   one.
  /// - Returns: The lines.
  func readable(completionKind: CompletionKind? = nil) -> String {
    var lines = [Transcript.header(selector, scene: scene), Transcript.fold(fold)]
    if calls.isEmpty { lines.append("    (no service handles it)") }
    // The priority column, when any call has one: blank for a call without.
    let showsPriority = calls.contains { $0.priority != nil }
    for (index, call) in calls.enumerated() {
      lines.append(
        Transcript.call(
          index + 1, service: call.service, priority: call.priority,
          showsPriority: showsPriority, answer: call.answer, nanoseconds: call.nanoseconds))
    }
    switch result {
    case .success(let value):
      if let line = Transcript.result(value, fold: fold) { lines.append(line) }
    case .failure(let error): lines.append(Transcript.error(error))
    }
    if let completion { lines.append(Transcript.completion(completion, kind: completionKind)) }
    for diagnostic in diagnostics { lines.append("  diagnostic: \(diagnostic)") }
    return lines.displayed
  }

  /// The event for tools, as one line of JSON: `selector`, `line`, `params`, `fold`, `calls` (each
  /// with `service`, `priority` when known, `answer`, `nanoseconds`), then `result` or `error`, and
  /// `completion` where the selector has one.
  ///
  /// - Parameter timings: Whether to include `nanoseconds`; without them the
  ///   output of a run is deterministic.
  /// - Returns: One JSON object.
  func json(timings: Bool = true) -> JSONValue {
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
            ("service", .init(.string(call.service), at: 0))
          ]
          if let priority = call.priority {
            fields.append(("priority", .init(.integer(priority), at: 0)))
          }
          fields.append(("answer", .init(JSONValue(encoding: call.answer), at: 0)))
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
}

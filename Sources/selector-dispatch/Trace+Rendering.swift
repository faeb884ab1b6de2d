import SelectorDispatch
import SelectorDispatchTesting

/// How `selector-dispatch` prints a ``Trace``: readable text, or one line
/// of JSON.
extension Trace {
  /// The event for people: the selector and fold (and the scene, for a
  /// scene event), one line per service in call order (its handler's
  /// priority, when known, its answer and time), then the result.
  ///
  /// ```text
  /// application:openURL:options:  (fold firstTrue)
  ///     1. logging           (100)  null                        0.002 ms
  ///     2. deep-links        (0)    true                        0.004 ms
  ///   = true
  /// ```
  ///
  /// Each line is escaped with `escapedForDisplay`: a line break or an escape
  /// sequence in a scene's or a service's name, a selector or an error stays
  /// on its line and is printed as `\n` or `\u001B`.
  var readable: String {
    var lines = ["\(selector)  (fold \(fold))" + (scene.map { "  scene \"\($0)\"" } ?? "")]
    if calls.isEmpty { lines.append("    (no service handles it)") }
    // The priority column, when any call has one: blank for a call without.
    let showsPriority = calls.contains { $0.priority != nil }
    for (index, call) in calls.enumerated() {
      let answer = Self.short(JSONValue(encoding: call.answer).jsonText, 26)
      let priority = showsPriority ? (call.priority.map { "(\($0))" } ?? "").padded(to: 7) : ""
      lines.append(
        "    \(index + 1). " + call.service.padded(to: 18) + priority + answer.padded(to: 28)
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

  /// Nanoseconds as milliseconds with three decimals, such as `1.235 ms`;
  /// rounds to the nearest microsecond, and never overflows.
  static func milliseconds(_ nanoseconds: UInt64) -> String {
    let micro = nanoseconds / 1000 + (nanoseconds % 1000 >= 500 ? 1 : 0)
    let fraction = String(micro % 1000)
    return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }

  /// The text, or its first `limit - 1` characters and `…` when it is
  /// longer; looks at no more than `limit` characters of it.
  private static func short(_ text: String, _ limit: Int) -> String {
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }
}

extension [String] {
  /// The lines joined by line feeds, each escaped for display first, so that
  /// text from the input (a scene's name, a file's) cannot start a line of
  /// its own or act on the terminal.
  var displayed: String { map(\.escapedForDisplay).joined(separator: "\n") }
}

import SelectorDispatch

/// The text format of a dispatched event that the `selector-dispatch` demo, its replays and the
/// package's runnable examples share, so that each value printed says where it comes from:
///
/// ```text
/// scene:openURLContexts:  scene "main"
///   fold firstTrue: services run in order until one answers true
///     1. analytics         (0)    false                       0.133 ms
///     2. deep-links        (0)    true                        0.032 ms
///   = true
/// ```
///
/// The header names the selector (and the scene of a scene event); the next line says how the
/// services' answers fold into the one the caller gets; each numbered line is a handler call,
/// in call order, with its priority, its answer and its time (an example's services print a line
/// of their own there instead); `=` is the folded answer, left out where the fold returns none
/// (`broadcast`); `completion:` is the value the caller's completion handler got, with the rule
/// that folded the services' replies into it.
package enum Transcript {
  /// What the readers of a transcript are told once, before the first event.
  package static let legend = """

    How to read an event:
      selector  scene "name"      the delegate method called, and the scene it is about
        fold F: what it means     how the services' answers become the one the caller gets
          1. service (P)  answer  each service that handled it, in call order (higher
                                  priority P first), what it answered, and its time;
                                  "no opinion" is a handler that returned nothing
        = value                   the folded answer; none where the fold returns none
        completion: value (rule)  what the caller's completion handler got: the services'
                                  replies (an async handler's answer is its reply), folded
    """

  /// The first two lines of an event: `header(_:scene:)` and `fold(_:)`.
  ///
  /// - Parameters:
  ///   - selector: The selector dispatched.
  ///   - fold: The fold's name, as `Fold.description` spells it.
  ///   - scene: The scene's name, for a scene event.
  /// - Returns: Two lines.
  package static func event(_ selector: String, fold: String, scene: String? = nil) -> String {
    header(selector, scene: scene) + "\n" + self.fold(fold)
  }

  /// An event's first line: its selector, and its scene's name for a scene event.
  ///
  /// - Parameters:
  ///   - selector: The selector dispatched.
  ///   - scene: The scene's name, for a scene event.
  /// - Returns: One line.
  package static func header(_ selector: String, scene: String? = nil) -> String {
    selector + (scene.map { "  scene \"\($0)\"" } ?? "")
  }

  /// An event's second line: its fold and what the fold does.
  ///
  /// - Parameter fold: The fold's name, as `Fold.description` spells it.
  /// - Returns: One line.
  package static func fold(_ fold: String) -> String {
    "  fold \(fold): " + meaning(ofFold: fold)
  }

  /// What a fold does with the services' answers, in a few words.
  ///
  /// - Parameter fold: The fold's name, as `Fold.description` spells it.
  /// - Returns: A phrase, such as "false if any service answers false, else true".
  package static func meaning(ofFold fold: String) -> String {
    switch fold {
    case "any": "true if any service answers true, else false"
    case "all": "false if any service answers false, else true"
    case "firstTrue": "services run in order until one answers true"
    case "firstNonNil": "services run in order until one answers; that answer"
    case "last": "every service runs; the last answer that is not nil"
    case "collect": "every service runs; all their answers, in order"
    case "broadcast": "every service runs; no answer is returned"
    case "intersection": "every service runs; the options all of them allow"
    case "nonEmptyIntersection":
      "every service runs; the options all of them allow, none if they have none in common"
    case "union": "every service runs; every option any of them asks for"
    default: "the app's own fold, by its own rule"
    }
  }

  /// One handler call: its place in the call order, the service, its priority when known,
  /// its answer and, when given, its time.
  ///
  /// - Parameters:
  ///   - index: The call's place, from 1.
  ///   - service: The service whose handler ran.
  ///   - priority: The priority it ran at; `nil` leaves the column blank, and `showsPriority`
  ///     `false` leaves it out.
  ///   - showsPriority: Whether the transcript has a priority column.
  ///   - answer: What the handler answered.
  ///   - nanoseconds: How long it took, or `nil` to leave the time out.
  /// - Returns: One line.
  package static func call(
    _ index: Int, service: String, priority: Int?, showsPriority: Bool = true, answer: Any?,
    nanoseconds: UInt64?
  ) -> String {
    let priority = showsPriority ? (priority.map { "(\($0))" } ?? "").padded(to: 7) : ""
    let answer = short(value(answer), 26)
    return "    \(index). " + service.padded(to: 18) + priority
      + (nanoseconds.map { answer.padded(to: 28) + milliseconds($0) } ?? answer)
  }

  /// The folded answer, `  = value`; `nil` for a fold that returns none (`broadcast`), whose
  /// answer would only be the absence of one.
  ///
  /// - Parameters:
  ///   - result: What the dispatch returned.
  ///   - fold: The fold's name.
  /// - Returns: One line, or `nil`.
  package static func result(_ result: Any?, fold: String) -> String? {
    if fold == "broadcast" { return nil }
    let text = value(result)
    guard text == noOpinion else { return "  = " + short(text, 70) }
    return fold == "nonEmptyIntersection"
      ? "  = no answer: none answered, or they allow nothing in common"
      : "  = no answer: no service answered"
  }

  /// A dispatch that failed: `  error: ` and the error's description.
  ///
  /// - Parameter error: The error.
  /// - Returns: One line.
  package static func error(_ error: any Error) -> String { "  error: \(error)" }

  /// The value the caller's completion handler got, and the rule that folded the services'
  /// replies into it.
  ///
  /// - Parameters:
  ///   - value: The completion's value; `()` for a completion without one.
  ///   - kind: The selector's completion kind, or `nil` when it is not known.
  /// - Returns: One line.
  package static func completion(_ value: Any?, kind: CompletionKind?) -> String {
    if kind?.description == CompletionKind.void.description, let rule = kind?.rule {
      return "  completion: " + rule
    }
    let rule = kind.map { $0.rule ?? "the services' replies, folded by the app's own rule" }
    return "  completion: \(Self.value(value))" + (rule.map { " (\($0))" } ?? "")
  }

  /// A value as a transcript shows it: a string in quotes, an array's elements in brackets,
  /// an enumeration case by name, "no opinion" for `nil` or `()`, anything else as Swift
  /// describes it.
  ///
  /// - Parameter value: The value.
  /// - Returns: Its text.
  package static func value(_ value: Any?) -> String {
    guard let value, !(value is Void) else { return noOpinion }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.map { Self.value($0.value) } ?? noOpinion
    }
    switch value {
    case let text as String: return "\"" + text + "\""
    case let array as [Any?]:
      return "[" + array.map { Self.value($0) }.joined(separator: ", ") + "]"
    default: return "\(value)"
    }
  }

  /// What a handler that returned nothing answered.
  static let noOpinion = "no opinion"

  /// Nanoseconds as milliseconds with three decimals, such as `1.235 ms`; rounds to the
  /// nearest microsecond, and never overflows.
  ///
  /// - Parameter nanoseconds: The time.
  /// - Returns: Its text.
  package static func milliseconds(_ nanoseconds: UInt64) -> String {
    let micro = nanoseconds / 1000 + (nanoseconds % 1000 >= 500 ? 1 : 0)
    let fraction = String(micro % 1000)
    return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }

  /// The text, or its first `limit - 1` characters and `…` when it is longer; looks at no
  /// more than `limit` characters of it.
  static func short(_ text: String, _ limit: Int) -> String {
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }
}

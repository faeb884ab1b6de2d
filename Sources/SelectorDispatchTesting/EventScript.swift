import SelectorDispatch

/// An event log in JSON Lines: one event per line,
/// `{"selector": "application:openURL:options:", "params": ["app", "myapp://x", {}]}`.
///
/// Blank lines and lines whose first non-blank character is `#` are ignored.
/// Parsing never stops at a bad line: each line becomes an `Event` or a
/// `Problem` with its line and column, so a tool can report every problem
/// and still dispatch every good event.
package struct EventScript: Sendable {
  /// One event as written in the log.
  package struct Event: Sendable, Equatable {
    /// The 1-based line number.
    package let line: Int
    /// The selector text.
    package let selector: String
    /// The 1-based byte column where the selector's string starts.
    package let selectorColumn: Int
    /// The parameters as JSON, each with the byte offset in its line.
    package let params: [JSONValue.Located]
    /// The 1-based byte column of the `params` array (or of the object when
    /// it has none).
    package let paramsColumn: Int
  }

  /// A line that is not an event.
  package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    package let line: Int
    /// The 1-based byte column.
    package let column: Int
    /// What was wrong and what was expected.
    package let message: String

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - line: The 1-based line number.
    ///   - column: The 1-based byte column.
    ///   - message: What was wrong and what was expected.
    package init(line: Int, column: Int, message: String) {
      self.line = line
      self.column = column
      self.message = message
    }

    /// `LINE:COLUMN: error: MESSAGE`; prefix it with the file name.
    ///
    /// Control characters in the message are escaped, so a log line cannot
    /// forge another line or colour a terminal.
    package var description: String {
      "\(line):\(column): error: \(message.escapedForDisplay)"
    }
  }

  /// Every non-ignored line, in order: an event or a problem.
  package let lines: [Result<Event, Problem>]

  /// The events, in order.
  package var events: [Event] { lines.compactMap { try? $0.get() } }

  /// The problems, in order.
  package var problems: [Problem] {
    lines.compactMap {
      if case .failure(let problem) = $0 { problem } else { nil }
    }
  }

  /// Reads an event log.
  ///
  /// - Parameters:
  ///   - bytes: The log's bytes; need not be valid UTF-8 (a line that is not
  ///     is a problem, the others still count). `\n` and `\r\n` both end
  ///     lines; a UTF-8 byte order mark at the start is ignored.
  ///   - maximumLineLength: The longest line that becomes an event; a longer
  ///     one is a problem, as with `EventLogReader`.
  /// - Complexity: O(*n*) in the number of bytes.
  package init<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, maximumLineLength: Int = EventLogReader.defaultMaximumLineLength
  ) {
    var reader = EventLogReader(bytes: bytes, maximumLineLength: maximumLineLength)
    var lines: [Result<Event, Problem>] = []
    // Reading from memory never throws.
    while let line = try? reader.next() { lines.append(line) }
    self.lines = lines
  }

  /// The UTF-8 byte order mark, ignored at the start of a log.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Parses one line without its `\n`.
  ///
  /// - Returns: `nil` for a blank line or a comment.
  static func parse(line rawLine: ArraySlice<UInt8>, number: Int) -> Result<Event, Problem>? {
    var line = rawLine
    if number == 1, line.starts(with: byteOrderMark) { line = line.dropFirst(3) }
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
    if first == UInt8(ascii: "#") { return nil }
    func problem(_ offset: Int, _ message: String) -> Result<Event, Problem> {
      .failure(Problem(line: number, column: offset + 1, message: message))
    }
    let document: JSONValue.Located
    do {
      document = try JSONValue.parse(line, maximumValues: EventLogReader.maximumValuesPerLine)
    } catch {
      switch error.kind {
      case .syntax: return problem(error.offset, "not JSON: \(error.reason)")
      case .limit:
        return problem(
          error.offset, "the line holds \(error.reason), the limit for one event; it was skipped")
      case .repeatedKey:
        return problem(error.offset, "\(error.reason) in one object; which one is meant is unclear")
      }
    }
    guard case .object(let members) = document.value else {
      return problem(
        document.offset,
        "expected an event object {\"selector\": ..., \"params\": [...]}, found \(document.value.kind)"
      )
    }
    for member in members where member.key != "selector" && member.key != "params" {
      return problem(
        member.value.offset,
        "unknown member \"\(member.key)\"; an event has \"selector\" and \"params\"")
    }
    guard let selector = document.value["selector"] else {
      return problem(document.offset, "the event has no \"selector\"")
    }
    guard case .string(let text) = selector.value else {
      return problem(selector.offset, "\"selector\" must be a string, found \(selector.value.kind)")
    }
    var params: [JSONValue.Located] = []
    var paramsOffset = document.offset
    if let given = document.value["params"] {
      guard case .array(let elements) = given.value else {
        return problem(given.offset, "\"params\" must be an array, found \(given.value.kind)")
      }
      params = elements
      paramsOffset = given.offset
    }
    return .success(
      Event(
        line: number, selector: text, selectorColumn: selector.offset + 1, params: params,
        paramsColumn: paramsOffset + 1))
  }
}

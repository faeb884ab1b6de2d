import SelectorDispatch

/// Per-service, per-selector call counts and times over many events: the
/// answer to "which service slows launch?".
package struct Profile: Sendable {
  /// The figures for one service handling one selector at one priority (a
  /// service that lists a selector at two priorities has a row for each).
  package struct Row: Sendable, Equatable {
    /// The service.
    package let service: String
    /// The selector.
    package let selector: String
    /// How many times the service's handler ran.
    package internal(set) var calls = 0
    /// Total time, in nanoseconds.
    package internal(set) var totalNanoseconds: UInt64 = 0
    /// The slowest call, in nanoseconds.
    package internal(set) var maxNanoseconds: UInt64 = 0
    /// The priority the handler ran at, when the calls recorded it (see
    /// ``EventRecorder/Call/priority``).
    package let priority: Int?

    /// Mean time per call, in nanoseconds.
    package var meanNanoseconds: UInt64 { calls == 0 ? 0 : totalNanoseconds / UInt64(calls) }
  }

  /// The rows, in the order each service and selector first ran.
  package private(set) var rows: [Row] = []
  private var index: [String: Int] = [:]

  /// Creates an empty profile.
  package init() {}

  /// Adds handler calls to the profile.
  ///
  /// - Parameter calls: Recorded calls, such as an ``EventRecorder``'s.
  package mutating func add(_ calls: [EventRecorder.Call]) {
    for call in calls {
      let key =
        call.service + "\u{0}" + call.selector + "\u{0}" + (call.priority.map(String.init) ?? "")
      let position =
        index[key]
        ?? {
          rows.append(Row(service: call.service, selector: call.selector, priority: call.priority))
          index[key] = rows.count - 1
          return rows.count - 1
        }()
      rows[position].calls += 1
      let (total, overflow) = rows[position].totalNanoseconds.addingReportingOverflow(
        call.nanoseconds)
      rows[position].totalNanoseconds = overflow ? .max : total
      rows[position].maxNanoseconds = max(rows[position].maxNanoseconds, call.nanoseconds)
    }
  }
}

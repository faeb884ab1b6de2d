import SelectorDispatch

/// Per-service, per-selector call counts and times over many events: the
/// answer to "which service slows launch?".
public struct Profile: Sendable {
  /// The figures for one service handling one selector.
  public struct Row: Sendable, Equatable {
    /// The service.
    public let service: String
    /// The selector.
    public let selector: String
    /// How many times the service's handler ran.
    public internal(set) var calls = 0
    /// Total time, in nanoseconds.
    public internal(set) var totalNanoseconds: UInt64 = 0
    /// The slowest call, in nanoseconds.
    public internal(set) var maxNanoseconds: UInt64 = 0

    /// Mean time per call, in nanoseconds.
    public var meanNanoseconds: UInt64 { calls == 0 ? 0 : totalNanoseconds / UInt64(calls) }
  }

  /// The rows, in the order each service and selector first ran.
  public private(set) var rows: [Row] = []
  private var index: [String: Int] = [:]

  /// Creates an empty profile.
  public init() {}

  /// Adds handler calls to the profile.
  ///
  /// - Parameter calls: Recorded calls, such as an ``EventRecorder``'s.
  public mutating func add(_ calls: [EventRecorder.Call]) {
    for call in calls {
      let key = call.service + "\u{0}" + call.selector
      let position =
        index[key]
        ?? {
          rows.append(Row(service: call.service, selector: call.selector))
          index[key] = rows.count - 1
          return rows.count - 1
        }()
      rows[position].calls += 1
      rows[position].totalNanoseconds &+= call.nanoseconds
      rows[position].maxNanoseconds = max(rows[position].maxNanoseconds, call.nanoseconds)
    }
  }

  /// The profile as a table, grouped by service, with each service's total
  /// and the slowest service named last.
  public var table: String {
    let services = rows.reduce(into: [String]()) {
      if !$0.contains($1.service) { $0.append($1.service) }
    }
    let width = max(44, rows.map(\.selector.count).max() ?? 0)
    var lines = [
      "service".padded(to: 18) + "selector".padded(to: width) + "calls".leftPadded(to: 6)
        + "total".leftPadded(to: 12) + "mean".leftPadded(to: 12) + "max".leftPadded(to: 12)
    ]
    var slowest: (service: String, nanoseconds: UInt64)?
    for service in services {
      let serviceRows = rows.filter { $0.service == service }
      for row in serviceRows {
        lines.append(
          row.service.padded(to: 18) + row.selector.padded(to: width)
            + String(row.calls).leftPadded(to: 6)
            + Trace.milliseconds(row.totalNanoseconds).leftPadded(to: 12)
            + Trace.milliseconds(row.meanNanoseconds).leftPadded(to: 12)
            + Trace.milliseconds(row.maxNanoseconds).leftPadded(to: 12))
      }
      let total = serviceRows.reduce(0) { $0 &+ $1.totalNanoseconds }
      lines.append(
        "".padded(to: 18) + "(all selectors)".padded(to: width)
          + String(serviceRows.reduce(0) { $0 + $1.calls }).leftPadded(to: 6)
          + Trace.milliseconds(total).leftPadded(to: 12))
      if total > slowest?.nanoseconds ?? 0 || slowest == nil { slowest = (service, total) }
    }
    if let slowest {
      lines.append(
        "slowest service: \(slowest.service), \(Trace.milliseconds(slowest.nanoseconds)) in all")
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string right-aligned in `width` characters.
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

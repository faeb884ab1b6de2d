import SelectorDispatch

/// How a profile prints: the `selector-dispatch` tool's table, and ``EventRecorder/profile``.
extension Profile {
  /// The profile as a table, grouped by service, with the priority each
  /// handler ran at (which orders one selector's handlers), each service's
  /// total and the slowest service named last; each line is escaped for
  /// display.
  package var table: String {
    let services = rows.reduce(into: [String]()) {
      if !$0.contains($1.service) { $0.append($1.service) }
    }
    let width = max(44, rows.map(\.selector.count).max() ?? 0)
    var lines = [
      "service".padded(to: 18) + "selector".padded(to: width) + "priority".leftPadded(to: 9)
        + "calls".leftPadded(to: 6)
        + "total".leftPadded(to: 12) + "mean".leftPadded(to: 12) + "max".leftPadded(to: 12)
    ]
    var slowest: (service: String, nanoseconds: UInt64)?
    for service in services {
      let serviceRows = rows.filter { $0.service == service }
      for row in serviceRows {
        lines.append(
          row.service.padded(to: 18) + row.selector.padded(to: width)
            + (row.priority.map(String.init) ?? "").leftPadded(to: 9)
            + String(row.calls).leftPadded(to: 6)
            + Transcript.milliseconds(row.totalNanoseconds).leftPadded(to: 12)
            + Transcript.milliseconds(row.meanNanoseconds).leftPadded(to: 12)
            + Transcript.milliseconds(row.maxNanoseconds).leftPadded(to: 12))
      }
      let total = serviceRows.reduce(UInt64(0)) {
        let (sum, overflow) = $0.addingReportingOverflow($1.totalNanoseconds)
        return overflow ? .max : sum
      }
      lines.append(
        "".padded(to: 18) + "(all selectors)".padded(to: width) + "".padded(to: 9)
          + String(serviceRows.reduce(0) { $0 + $1.calls }).leftPadded(to: 6)
          + Transcript.milliseconds(total).leftPadded(to: 12))
      if total > slowest?.nanoseconds ?? 0 || slowest == nil { slowest = (service, total) }
    }
    if let slowest {
      lines.append(
        "slowest service: \(slowest.service), \(Transcript.milliseconds(slowest.nanoseconds)) in all"
      )
    }
    return lines.displayed
  }
}

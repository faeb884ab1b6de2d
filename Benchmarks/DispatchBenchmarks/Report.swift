import Foundation
import MallocCounter

/// The table, the targets and the JSON document.
enum Report {
  struct Document: Codable {
    let allocationCounting: String
    let results: [Measurement]
    /// Heap allocations inside one dispatch (params made once), by fold.
    let foldAllocations: [String: Double]?
    /// Heap allocations per typed dispatch, by declared fold.
    let typedFoldAllocations: [String: Double]?

    init(
      results: [Measurement], foldAllocations: [(fold: String, allocations: Double)]?,
      typedFoldAllocations: [(fold: String, allocations: Double)]?
    ) {
      allocationCounting = Report.allocationMethod
      self.results = results
      self.foldAllocations = foldAllocations.map { Dictionary(uniqueKeysWithValues: $0) }
      self.typedFoldAllocations = typedFoldAllocations.map {
        Dictionary(uniqueKeysWithValues: $0)
      }
    }
  }

  /// One line per fold: what a dispatch itself allocates.
  static func foldAllocations(
    _ counts: [(fold: String, allocations: Double)]?,
    typed: [(fold: String, allocations: Double)]?
  ) -> String {
    guard let counts, let typed else {
      return "Allocations by fold: not counted on this platform.\n"
    }
    func list(_ counts: [(fold: String, allocations: Double)]) -> String {
      counts.map { "\($0.fold) \(fixed($0.allocations, 2))" }.joined(separator: ", ")
    }
    return "Allocations inside one dispatch by fold (N=10, params array made once): "
      + "\(list(counts)).\n"
      + "Allocations per typed dispatch by declared fold (N=10, `dispatch(key, with: app, "
      + "options, as:)`): \(list(typed)).\n"
  }

  static var allocationMethod: String {
    malloc_counter_is_active() != 0
      ? "malloc/calloc/realloc/posix_memalign/aligned_alloc/memalign interposed (MallocCounter)"
      : "not counted on this platform"
  }

  static func table(_ results: [Measurement]) -> String {
    var rows = [["scenario", "N", "median", "p90", "p99", "allocs", "ratio"]]
    for result in results {
      rows.append([
        result.scenario, "\(result.handlers)", time(result.medianNanoseconds),
        time(result.p90Nanoseconds), time(result.p99Nanoseconds),
        result.allocations.map { fixed($0, 2) } ?? "n/a",
        result.ratio.map { fixed($0, 2) + "×" } ?? "",
      ])
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      let cells = row.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + pad : pad + cell
      }
      lines.append("| " + cells.joined(separator: " | ") + " |")
      if index == 0 {
        lines.append(
          "|"
            + widths.enumerated().map { column, width in
              String(repeating: "-", count: width + 1) + (column == 0 ? "-" : ":")
            }.joined(separator: "|") + "|")
      }
    }
    return lines.joined(separator: "\n") + "\n\n"
      + "Times are per event (per table for build rows); allocs are heap allocations per event, "
      + "counted by \(allocationMethod); ratio is the median over hand-written at the same N "
      + "(over 40 selectors for scale rows).\n"
  }

  /// The goals, each with what this run achieved.
  static func targets(_ results: [Measurement]) -> String {
    func median(_ name: String, _ n: Int) -> Double? {
      results.first { $0.scenario == name && $0.handlers == n }?.medianNanoseconds
    }
    var lines = ["| goal | achieved | |", "|---|---:|---|"]
    func add(_ goal: String, _ value: Double?, _ met: (Double) -> Bool, suffix: String = "×") {
      guard let value else { return }
      lines.append("| \(goal) | \(fixed(value, 2))\(suffix) | \(met(value) ? "met" : "missed") |")
    }
    // The typed entry point's targets.
    let typedLimits = [1: 2.0, 10: 1.0, 100: 0.8]
    let stringLimits = [1: 4.0, 10: 1.0, 100: 0.8]
    let centerFactors = [1: 8.0, 10: 8.0, 100: 5.0]
    let typedHandlerLimits = [1: 2.5, 10: 1.0, 100: 1.0]
    for n in Scenarios.handlerCounts {
      guard let hand = median("hand-written", n) else { continue }
      for path in ["typed SelectorKey", "typed String"] {
        guard let limit = typedLimits[n] else { continue }
        add(
          "dispatch: \(path) ÷ hand-written ≤ \(fixed(limit, 1)), N=\(n)",
          median("dispatch: \(path)", n).map { $0 / hand }, { $0 <= limit })
      }
      for path in ["String literal", "runtime String"] {
        guard let limit = stringLimits[n] else { continue }
        add(
          "dispatch(selector:params:) (\(path)) ÷ hand-written ≤ \(fixed(limit, 1)), N=\(n)",
          median("dispatch: \(path)", n).map { $0 / hand }, { $0 <= limit })
      }
      // Handlers as services write them (typed handlers).
      if let limit = typedHandlerLimits[n] {
        add(
          "services: typed event, typed ÷ hand-written ≤ \(fixed(limit, 1)), N=\(n)",
          median("services: typed event, typed", n).map { $0 / hand }, { $0 <= limit })
      }
      if n == 1 {
        add(
          "services: main-actor event, vocabulary, typed ÷ hand-written ≤ 3.0, N=1",
          median("services: main-actor event, vocabulary, typed", n).map { $0 / hand },
          { $0 <= 3.0 })
        add(
          "services: on(), String ÷ hand-written ≤ 6.0, N=1",
          median("services: on(), String", n).map { $0 / hand }, { $0 <= 6.0 })
      }
      if let center = median("NotificationCenter", n), let factor = centerFactors[n] {
        add(
          "NotificationCenter ÷ dispatch(selector:params:) (String literal) ≥ \(Int(factor)), "
            + "N=\(n)",
          median("dispatch: String literal", n).map { center / $0 }, { $0 >= factor })
      }
    }
    func isTyped(_ scenario: String) -> Bool {
      scenario.hasPrefix("dispatch: typed") || scenario.hasSuffix(", typed")
    }
    for result in results where isTyped(result.scenario) {
      add(
        "allocations per event, \(result.scenario) N=\(result.handlers)",
        result.allocations, { $0 <= 0.005 }, suffix: "")
    }
    for result in results
    where (result.scenario.hasPrefix("dispatch:") || result.scenario.hasPrefix("services:"))
      && !isTyped(result.scenario)
    {
      // The caller's `params` array is the one allocation dispatch may see.
      add(
        "allocations beyond params, \(result.scenario) N=\(result.handlers)",
        result.allocations.map { $0 - 1 }, { $0 <= 0.005 }, suffix: "")
    }
    for result in results where result.scenario.hasPrefix("build:") {
      add(
        "\(result.scenario) ≤ 50 ms", result.medianNanoseconds / 1e6, { $0 <= 50 }, suffix: " ms")
    }
    if let small = median("scale: 40 selectors", 1),
      let large = median("scale: 100000 selectors", 1)
    {
      add("dispatch with 100,000 selectors ≤ 1.2× with 40", large / small, { $0 <= 1.2 })
    }
    return lines.joined(separator: "\n")
  }

  static func time(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<10_000: return fixed(nanoseconds, 1) + " ns"
    case ..<10_000_000: return fixed(nanoseconds / 1e3, 1) + " µs"
    default: return fixed(nanoseconds / 1e6, 2) + " ms"
    }
  }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}

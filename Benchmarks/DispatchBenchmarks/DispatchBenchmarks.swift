import Foundation
import MallocCounter

/// Times each way of delivering one event to N handlers and prints a table.
///
/// ```text
/// swift run -c release DispatchBenchmarks [--json FILE] [--scenario TEXT]
///     [--batches N] [--rounds N] [--iterations N] [--smoke]
/// ```
///
/// Each row gets `--batches` timed batches of about 100 µs, taken in
/// `--rounds` interleaved rounds over all rows.
///
/// `--scenario` keeps the row labelled TEXT (such as `closures N=10`), or
/// else the rows whose label contains TEXT. `--iterations`
/// skips timing: it checks the scenarios, then runs each N times, for
/// `valgrind --tool=callgrind` (compare two N to get instructions per event).
/// `--smoke` only makes the correctness check, for CI: every scenario
/// (or those `--scenario` keeps) is built and each handler must run exactly
/// once per event, a typed dispatch must make no heap allocation with
/// any declared fold but `collect`, to `[Any]` closures or typed handlers,
/// and an awaited dispatch to one service at most 2.
@main
enum DispatchBenchmarks {
  struct Options {
    var json: String?
    var filter: String?
    var batches = 2_000
    var rounds = 100
    var iterations: Int?
    var smoke = false
  }

  static func main() {
    let options = parse(Array(CommandLine.arguments.dropFirst()))
    var chosen = Scenarios.all()
    if let filter = options.filter {
      let exact = chosen.filter { $0.label == filter }
      chosen = exact.isEmpty ? chosen.filter { $0.label.contains(filter) } : exact
    }
    if chosen.isEmpty { fail("no scenario matches \(options.filter ?? "")") }
    let scenarios = chosen.map { label, make in
      let scenario = make()
      precondition(scenario.label == label, "\(scenario.label) is listed as \(label)")
      return scenario
    }

    // Correctness first: every handler exactly once per event, or stop.
    for scenario in scenarios {
      if let failure = Harness.verify(scenario) { fail("correctness check failed: \(failure)") }
    }
    if options.smoke {
      print("smoke: \(scenarios.count) scenario(s) pass the correctness check")
      checkTypedAllocations()
      checkAwaitedAllocations()
      return
    }
    if let iterations = options.iterations {
      for scenario in scenarios { blackHole(scenario.run(iterations)) }
      print("ran \(scenarios.count) scenario(s) × \(iterations) after the correctness check")
      return
    }

    var results = Harness.measure(
      scenarios, batches: options.batches, rounds: options.rounds, batchNanoseconds: 100_000)
    addRatios(&results)
    let foldAllocations = options.filter == nil ? Scenarios.foldAllocations() : nil
    print(Report.table(results))
    let typedAllocations = options.filter == nil ? Scenarios.typedFoldAllocations() : nil
    if options.filter == nil {
      print(Report.foldAllocations(foldAllocations, typed: typedAllocations))
    }
    print(Report.targets(results))
    if let path = options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      do {
        let document = Report.Document(
          results: results, foldAllocations: foldAllocations,
          typedFoldAllocations: typedAllocations)
        try encoder.encode(document).write(to: URL(fileURLWithPath: path))
      } catch {
        fail("cannot write \(path): \(error)")
      }
    }
  }

  /// Fails unless a typed dispatch makes no heap allocation with any
  /// declared fold but `collect` (which makes the array of answers), as
  /// ``SelectorDispatch/Dispatcher/dispatch(_:with:as:)`` promises; says so
  /// where allocations are not counted.
  static func checkTypedAllocations() {
    for (typedHandlers, handlers) in [(false, "[Any] closures"), (true, "typed handlers")] {
      guard let counts = Scenarios.typedFoldAllocations(typedHandlers: typedHandlers) else {
        print("smoke: allocations not counted on this platform")
        return
      }
      let allocating = counts.filter { $0.fold != "collect" && $0.allocations != 0 }
      guard allocating.isEmpty else {
        let list = allocating.map { "\($0.fold) \($0.allocations)" }.joined(separator: ", ")
        fail(
          "a typed dispatch to \(handlers) allocates (per event, by declared fold): \(list); "
            + "expected none")
      }
      print(
        "smoke: a typed dispatch to \(handlers) makes no allocation with \(counts.count - 1) "
          + "declared folds")
    }
  }

  /// Fails unless an awaited dispatch makes at most 2 heap allocations per
  /// event at one service, on the main actor or off it, with a sync or an
  /// async handler: the caller's `params` array and the nesting depth's
  /// task-local value; no task, no closure context (BENCHMARKS.md,
  /// *Guards*). Says so where allocations are not counted.
  static func checkAwaitedAllocations() {
    let rows = [
      AsyncScenarios.awaitingAsyncHandlers(1, .mainActor),
      AsyncScenarios.awaitingAsyncHandlers(1, .offMainActor),
      AsyncScenarios.awaitingSyncHandlers(1),
    ]
    for scenario in rows {
      guard let allocations = Harness.allocations(scenario, runs: 10_000) else {
        print("smoke: allocations not counted on this platform")
        return
      }
      // A batch's own task, made once per 10,000 events, is the rest.
      guard allocations <= 2.005 else {
        fail("\(scenario.label) makes \(allocations) allocations per event; expected at most 2")
      }
      print("smoke: \(scenario.label) makes \(allocations) allocations per event (at most 2)")
    }
  }

  /// Hand-written at the same N for dispatch rows; the first row of a scale
  /// series for scale rows.
  static func addRatios(_ results: inout [Measurement]) {
    for index in results.indices {
      let row = results[index]
      let reference: Measurement?
      if row.scenario.hasPrefix("scale:") {
        reference = results.first { $0.scenario.hasPrefix("scale:") }
      } else if row.unit == Scenario.Unit.event.rawValue {
        reference = results.first { $0.scenario == "hand-written" && $0.handlers == row.handlers }
      } else {
        reference = nil
      }
      if let reference {
        results[index].ratio = row.medianNanoseconds / reference.medianNanoseconds
      }
    }
  }

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ flag: String) -> String {
      guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
      return value
    }
    func number(_ flag: String) -> Int {
      guard let number = Int(value(flag)), number > 0 else {
        fail("\(flag) needs a positive number")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--json": options.json = value(argument)
      case "--scenario": options.filter = value(argument)
      case "--batches": options.batches = number(argument)
      case "--rounds": options.rounds = number(argument)
      case "--iterations": options.iterations = number(argument)
      case "--smoke": options.smoke = true
      case "--help", "-h":
        print(
          "usage: DispatchBenchmarks [--json FILE] [--scenario TEXT] [--batches N] [--rounds N]"
            + " [--iterations N] [--smoke]")
        exit(0)
      default: fail("unknown argument \(argument); try --help")
      }
    }
    return options
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("DispatchBenchmarks: \(message)\n".utf8))
    exit(1)
  }
}

import MallocCounter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One row of the table: something to time, and how to check it first.
struct Scenario {
  /// The option, such as `hand-written` or `dispatch: SelectorKey`.
  let name: String
  /// The handlers on the dispatched selector (N); for a build, the services.
  let handlers: Int
  /// `event` rows are timed per event; `build` rows per table built.
  let unit: Unit
  /// Counts the calls each handler receives.
  let counters: Counters
  /// Runs `count` events (or builds) and returns a value that depends on
  /// every answer, so the optimiser must compute them.
  let run: (_ count: Int) -> Int

  enum Unit: String {
    case event, build
  }

  /// The row's name in the table and for `--scenario`.
  var label: String { "\(name) N=\(handlers)" }
}

/// One counter per handler, plus a last one for handlers that must never run.
///
/// Handlers bump their counter through a ``Slot``: trivial work through a
/// pointer, which the optimiser cannot remove and which costs the same in
/// every scenario.
final class Counters {
  let count: Int
  private let storage: UnsafeMutablePointer<Int>

  init(handlers: Int) {
    count = handlers
    storage = .allocate(capacity: handlers + 1)
    storage.initialize(repeating: 0, count: handlers + 1)
  }

  deinit { storage.deallocate() }

  /// The counter of handler `index`.
  func slot(_ index: Int) -> Slot { Slot(pointer: storage + index) }

  /// The counter of handlers of other selectors, which must stay at 0.
  var stray: Slot { Slot(pointer: storage + count) }

  func reset() { storage.update(repeating: 0, count: count + 1) }

  /// A description of what is wrong, or `nil` when every handler ran
  /// `expected` times and no stray handler ran.
  func check(expected: Int) -> String? {
    for index in 0..<count where storage[index] != expected {
      return "handler \(index) ran \(storage[index]) times, expected \(expected)"
    }
    if storage[count] != 0 { return "handlers of other selectors ran \(storage[count]) times" }
    return nil
  }
}

/// A handler's trivial work: bump a counter and answer from it.
///
/// `@unchecked Sendable`: NotificationCenter wants `@Sendable` blocks, and the
/// benchmark runs on one thread.
struct Slot: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<Int>

  /// Counts a call; answers `false` (unless the counter wraps around).
  @inline(__always) func hit() -> Bool {
    pointer.pointee &+= 1
    return pointer.pointee == 0
  }
}

/// Keeps a value alive in the optimiser's eyes.
@_optimize(none) func blackHole<T>(_ value: T) {}

/// What was measured for one scenario.
struct Measurement: Codable {
  let scenario: String
  let handlers: Int
  let unit: String
  let medianNanoseconds: Double
  let p90Nanoseconds: Double
  let p99Nanoseconds: Double
  /// Heap allocations per event (or build); `nil` when not counted.
  let allocations: Double?
  /// Median ÷ the reference's median (hand-written at the same N, or the
  /// first row of a scale series); `nil` when there is none.
  var ratio: Double?
  let batches: Int
  let eventsPerBatch: Int
}

enum Harness {
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Runs the correctness check; returns a description of the failure, if any.
  static func verify(_ scenario: Scenario) -> String? {
    scenario.counters.reset()
    let runs = 3
    blackHole(scenario.run(runs))
    let failure = scenario.counters.check(expected: runs)
    scenario.counters.reset()
    return failure.map { "\(scenario.label): \($0)" }
  }

  /// Heap allocations per run, or `nil` when the counter is not active.
  static func allocations(_ scenario: Scenario, runs: Int) -> Double? {
    guard malloc_counter_is_active() != 0 else { return nil }
    blackHole(scenario.run(1))
    let before = malloc_counter_allocations()
    blackHole(scenario.run(runs))
    let after = malloc_counter_allocations()
    return Double(after - before) / Double(runs)
  }

  /// The number of runs per timed batch: doubled until one batch takes
  /// `batchNanoseconds`, so the clock's own cost stays small next to what
  /// it measures. A build is one run per batch.
  /// Calibration doubles as the first warm-up: 20 ms of runs.
  static func calibrate(_ scenario: Scenario, batchNanoseconds: UInt64) -> Int {
    var perBatch = 1
    while scenario.unit == .event {
      let start = now()
      blackHole(scenario.run(perBatch))
      if now() - start >= batchNanoseconds { break }
      perBatch *= 2
    }
    let warmUpEnd = now() + (scenario.unit == .event ? 20_000_000 : 0)
    while now() < warmUpEnd { blackHole(scenario.run(perBatch)) }
    return perBatch
  }

  /// Runs one untimed batch to bring the scenario back into the caches,
  /// then times `batches` batches; returns nanoseconds per run.
  static func sample(_ scenario: Scenario, perBatch: Int, batches: Int) -> [Double] {
    if scenario.unit == .event { blackHole(scenario.run(perBatch)) }
    var samples: [Double] = []
    samples.reserveCapacity(batches)
    for _ in 0..<batches {
      let start = now()
      let checksum = scenario.run(perBatch)
      let elapsed = now() - start
      blackHole(checksum)
      samples.append(Double(elapsed) / Double(perBatch))
    }
    return samples
  }

  /// Times every scenario in `rounds` interleaved rounds, so that a burst
  /// of load from other processes spreads over all rows instead of skewing
  /// one, then counts allocations. A build row takes 15 samples in all.
  static func measure(
    _ scenarios: [Scenario], batches: Int, rounds: Int, batchNanoseconds: UInt64
  ) -> [Measurement] {
    let perBatch = scenarios.map { calibrate($0, batchNanoseconds: batchNanoseconds) }
    var samples = [[Double]](repeating: [], count: scenarios.count)
    for _ in 0..<rounds {
      for (index, scenario) in scenarios.enumerated() {
        let build = scenario.unit == .build
        samples[index] += sample(
          scenario, perBatch: perBatch[index], batches: max(1, (build ? 15 : batches) / rounds))
      }
    }
    return scenarios.indices.map { index in
      let scenario = scenarios[index]
      let sorted = samples[index].sorted()
      return Measurement(
        scenario: scenario.name, handlers: scenario.handlers, unit: scenario.unit.rawValue,
        medianNanoseconds: percentile(sorted, 0.5), p90Nanoseconds: percentile(sorted, 0.9),
        p99Nanoseconds: percentile(sorted, 0.99),
        allocations: allocations(scenario, runs: scenario.unit == .build ? 1 : 10_000),
        ratio: nil, batches: sorted.count, eventsPerBatch: perBatch[index])
    }
  }

  /// The nearest-rank percentile of sorted samples.
  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

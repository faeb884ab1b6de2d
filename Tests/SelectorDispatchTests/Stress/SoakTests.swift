import Foundation
import Testing

@testable import SelectorDispatch

/// Bounded stress: many threads dispatching while services come and go and
/// handlers dispatch re-entrantly. Sizes come from the environment so that CI
/// can run the full soak in release and a short one under the sanitizers.
@Suite struct SoakTests {
  static let threads = environment("SOAK_THREADS", default: 8)
  static let dispatchesPerThread = environment("SOAK_DISPATCHES", default: 25_000)

  static func environment(_ name: String, default value: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? value
  }

  @Test(.timeLimit(.minutes(5)))
  func exactDeliveryUnderChurnAndReentrancy() async throws {
    let event = "soakEvent:"
    let nested = "soakNested:"
    let dispatcher = Dispatcher()
    let counts = Locked<[String: Int]>([:])
    func counting(_ name: String, answer: String? = nil) -> SelectorHandler {
      { _ in
        counts.withLock { $0[name, default: 0] += 1 }
        return answer ?? name
      }
    }
    for (name, priority) in [("high", 10), ("middle", 0), ("low", -10)] {
      try dispatcher.register(service: name, priority: priority, handlers: [event: counting(name)])
    }
    try dispatcher.register(service: "nested", handlers: [nested: counting("nested")])
    try dispatcher.register(
      service: "reentrant",
      handlers: [
        event: { [unowned dispatcher] _ in
          counts.withLock { $0["reentrant", default: 0] += 1 }
          _ = try? dispatcher.dispatch(selector: nested, params: [0], fold: .broadcast)
          return "reentrant"
        }
      ])

    let observedChurnCalls = Locked(0)
    let churnRounds = Locked(0)
    let stop = Locked(false)
    let threads = Self.threads
    let perThread = Self.dispatchesPerThread
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads {
        group.addTask {
          var churnCalls = 0
          for _ in 0..<perThread {
            guard
              let answers = try? dispatcher.dispatch(selector: event, params: [0])
                as? [Any?]
            else { continue }
            churnCalls += answers.count { ($0 as? String)?.hasPrefix("churn") == true }
          }
          observedChurnCalls.withLock { $0 += churnCalls }
        }
      }
      group.addTask {
        var round = 0
        while !stop.withLock({ $0 }) && round < 100_000 {
          let name = "churn\(round)"
          try? dispatcher.register(
            service: name, priority: round % 21 - 10, handlers: [event: counting(name)])
          dispatcher.unregister(service: name)
          round += 1
        }
        churnRounds.withLock { $0 = round }
      }
      for _ in 0..<threads { await group.next() }
      stop.withLock { $0 = true }
    }

    let total = threads * perThread
    let final = counts.withLock { $0 }
    for name in ["high", "middle", "low", "reentrant", "nested"] {
      #expect(final[name] == total, "\(name) received every event exactly once")
    }
    let churnDelivered = final.filter { $0.key.hasPrefix("churn") }.values.reduce(0, +)
    #expect(
      churnDelivered == observedChurnCalls.withLock { $0 }, "no churn delivery lost or doubled")
    #expect(churnRounds.withLock { $0 } > 0)
  }
}

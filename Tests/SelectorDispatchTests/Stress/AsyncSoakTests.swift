import Testing

@testable import SelectorDispatch

/// The soak of ``SoakTests`` for `await dispatch`: tasks awaiting a
/// selector whose services mix sync and async handlers while async
/// services come and go. Sizes come from the same environment variables.
@Suite struct AsyncSoakTests {
  @Test(.timeLimit(.minutes(5)))
  func exactDeliveryOfAwaitedDispatchesUnderChurn() async throws {
    let event = "asyncSoakEvent:"
    let dispatcher = Dispatcher()
    let counts = Locked<[String: Int]>([:])
    func count(_ name: String) {
      counts.withLock { $0[name, default: 0] += 1 }
    }
    try dispatcher.register(
      service: "sync", priority: 10,
      handlers: [
        event: { _ in
          count("sync")
          return "sync"
        }
      ])
    for (name, priority) in [("async-high", 5), ("async-low", -5)] {
      try dispatcher.register(
        service: name, priority: priority,
        asyncHandlers: [
          event: { _ in
            count(name)
            await Task.yield()
            return name
          }
        ])
    }

    let observedChurnCalls = Locked(0)
    let misordered = Locked(0)
    let churnRounds = Locked(0)
    let stop = Locked(false)
    let tasks = SoakTests.threads
    // Each awaited event suspends; a tenth of the sync soak's size keeps
    // the run short while still interleaving thousands of dispatches.
    let perTask = max(1, SoakTests.dispatchesPerThread / 10)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          var churnCalls = 0
          for _ in 0..<perTask {
            guard
              let answers = try? await dispatcher.answer(to: event, params: [0]) as? [Any?]
            else { continue }
            let names = answers.compactMap { $0 as? String }
            churnCalls += names.count { $0.hasPrefix("churn") }
            // The stable services answer in their one order every time.
            if names.filter({ !$0.hasPrefix("churn") }) != ["sync", "async-high", "async-low"] {
              misordered.withLock { $0 += 1 }
            }
          }
          observedChurnCalls.withLock { $0 += churnCalls }
        }
      }
      group.addTask {
        var round = 0
        while !stop.withLock({ $0 }) && round < 100_000 {
          let name = "churn\(round)"
          try? dispatcher.register(
            service: name, priority: round % 21 - 10,
            asyncHandlers: [
              event: { _ in
                count(name)
                return name
              }
            ])
          dispatcher.unregister(service: name)
          round += 1
          await Task.yield()
        }
        churnRounds.withLock { $0 = round }
      }
      for _ in 0..<tasks { await group.next() }
      stop.withLock { $0 = true }
    }

    let total = tasks * perTask
    let final = counts.withLock { $0 }
    for name in ["sync", "async-high", "async-low"] {
      #expect(final[name] == total, "\(name) received every event exactly once")
    }
    let churnDelivered = final.filter { $0.key.hasPrefix("churn") }.values.reduce(0, +)
    #expect(
      churnDelivered == observedChurnCalls.withLock { $0 }, "no churn delivery lost or doubled")
    #expect(misordered.withLock { $0 } == 0)
    #expect(churnRounds.withLock { $0 } > 0)
  }
}

import Dispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct DispatcherCompletionTests {
  static let fetch = "application:performFetchWithCompletionHandler:"
  static let present = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
  static let respond =
    "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
  static let shortcut = "application:performActionForShortcutItem:completionHandler:"
  static let watch = "application:handleWatchKitExtensionRequest:reply:"

  /// A service handler that calls its own completion at once with `answer`.
  static func answering<Value>(_ answer: Value, log: CallLog, as name: String) -> SelectorHandler {
    { params in
      log.record(name)
      (params.last as? (Value) -> Void)?(answer)
      return nil
    }
  }

  /// A service handler that keeps its completion for the test to call.
  static func keeping<Completion>(_ kept: Locked<[String: Completion]>, as name: String)
    -> SelectorHandler
  {
    { params in
      if let completion = params.last as? Completion {
        kept.withLockUnchecked { $0[name] = completion }
      }
      return nil
    }
  }

  struct FetchCase: Sendable, CustomTestStringConvertible {
    let results: [BackgroundFetchResult]
    let expected: BackgroundFetchResult
    var testDescription: String { "\(results) -> \(expected)" }
  }

  @Test(arguments: [
    FetchCase(results: [.noData, .failed, .newData], expected: .newData),
    FetchCase(results: [.noData, .failed, .noData], expected: .failed),
    FetchCase(results: [.noData, .noData], expected: .noData),
    FetchCase(results: [.failed], expected: .failed),
    FetchCase(results: [], expected: .noData),
  ])
  func backgroundFetchFoldsAndCompletesOnce(_ test: FetchCase) throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let log = CallLog()
    for (index, result) in test.results.enumerated() {
      try dispatcher.register(
        service: "s\(index)",
        handlers: [Self.fetch: Self.answering(result, log: log, as: "s\(index)")])
    }
    let received = Locked<[BackgroundFetchResult]>([])
    let completion: (BackgroundFetchResult) -> Void = { result in
      received.withLock { $0.append(result) }
    }
    _ = try dispatcher.dispatch(selector: Self.fetch, params: ["app", completion])
    #expect(received.withLock { $0 } == [test.expected])
    #expect(log.entries == test.results.indices.map { "s\($0)" })
    #expect(clock.pending == 0, "nothing left waiting")
  }

  @Test func theCallerWaitsForEveryServiceThenCompletesOnce() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let kept = Locked<[String: (UInt) -> Void]>([:])
    for name in ["badge", "sound", "banner"] {
      try dispatcher.register(service: name, handlers: [Self.present: Self.keeping(kept, as: name)])
    }
    let received = Locked<[UInt]>([])
    let completion: (UInt) -> Void = { options in received.withLock { $0.append(options) } }
    _ = try dispatcher.dispatch(selector: Self.present, params: ["center", "note", completion])
    let completions = kept.withLock { $0 }
    #expect(completions.count == 3, "each service has its own completion")
    completions["badge"]?(0b001)
    completions["banner"]?(0b100)
    #expect(received.withLock { $0 }.isEmpty, "sound has not answered yet")
    #expect(clock.pending == 1)
    completions["sound"]?(0b010)
    #expect(received.withLock { $0 } == [0b111])
    #expect(clock.pending == 0, "the deadline is cancelled")
    clock.advance(by: .seconds(60))
    #expect(received.withLock { $0 } == [0b111])
  }

  @Test func withNoServicesTheCallerCompletesAtOnceWithTheIdentity() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let log = CallLog()
    let present: (UInt) -> Void = { log.record("present \($0)") }
    let shortcut: (Bool) -> Void = { log.record("shortcut \($0)") }
    let respond: () -> Void = { log.record("respond") }
    let reply: ([AnyHashable: Any]?) -> Void = { log.record("reply \($0 == nil)") }
    _ = try dispatcher.dispatch(selector: Self.present, params: ["center", "note", present])
    _ = try dispatcher.dispatch(selector: Self.shortcut, params: ["app", "item", shortcut])
    _ = try dispatcher.dispatch(selector: Self.respond, params: ["center", "response", respond])
    _ = try dispatcher.dispatch(
      selector: Self.watch, params: ["app", nil as [String: Int]? as Any, reply])
    #expect(log.entries == ["present 0", "shortcut false", "respond", "reply true"])
  }

  @Test(arguments: [([false, true, false], true), ([false, false], false)])
  func shortcutItemsSucceedIfAnyServiceDid(_ answers: [Bool], _ expected: Bool) throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let log = CallLog()
    for (index, answer) in answers.enumerated() {
      try dispatcher.register(
        service: "s\(index)",
        handlers: [Self.shortcut: Self.answering(answer, log: log, as: "s\(index)")])
    }
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    _ = try dispatcher.dispatch(selector: Self.shortcut, params: ["app", "item", completion])
    #expect(received.withLock { $0 } == [expected])
    #expect(log.entries.count == answers.count, "every service sees the shortcut")
  }

  @Test func watchRepliesMergeWithTheEarlierServiceWinning() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let log = CallLog()
    let first: [AnyHashable: Any]? = ["steps": 10, "owner": "first"]
    let second: [AnyHashable: Any]? = ["owner": "second", "hearts": 3]
    try dispatcher.register(
      service: "first", priority: 1,
      handlers: [Self.watch: Self.answering(first, log: log, as: "1")])
    try dispatcher.register(
      service: "second", handlers: [Self.watch: Self.answering(second, log: log, as: "2")])
    let received = Locked<[[String: String]]>([])
    let reply: ([AnyHashable: Any]?) -> Void = { dictionary in
      let flat = (dictionary ?? [:]).reduce(into: [String: String]()) {
        $0["\($1.key)"] = "\($1.value)"
      }
      received.withLock { $0.append(flat) }
    }
    _ = try dispatcher.dispatch(
      selector: Self.watch, params: ["app", [String: Int]() as Any, reply])
    #expect(received.withLock { $0 } == [["steps": "10", "owner": "first", "hearts": "3"]])
  }

  @Test func aSecondCallIsIgnoredAndReported() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let kept = Locked<[String: () -> Void]>([:])
    try dispatcher.register(
      service: "eager", handlers: [Self.respond: Self.keeping(kept, as: "eager")])
    try dispatcher.register(
      service: "slow", handlers: [Self.respond: Self.keeping(kept, as: "slow")])
    let log = CallLog()
    let completion: () -> Void = { log.record("caller") }
    _ = try dispatcher.dispatch(selector: Self.respond, params: ["center", "response", completion])
    let completions = kept.withLock { $0 }
    completions["eager"]?()
    completions["eager"]?()
    #expect(log.entries.isEmpty, "a twice-called completion does not stand in for another")
    completions["slow"]?()
    completions["slow"]?()
    #expect(log.entries == ["caller"])
    #expect(
      diagnostics.entries == [
        .completionCalledTwice(selector: Self.respond, service: "eager"),
        .completionCalledTwice(selector: Self.respond, service: "slow"),
      ])
  }

  @Test func aServiceThatNeverCallsIsCutOffAtTheDeadline() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let log = CallLog()
    let kept = Locked<[String: (BackgroundFetchResult) -> Void]>([:])
    try dispatcher.register(
      service: "quick",
      handlers: [Self.fetch: Self.answering(BackgroundFetchResult.failed, log: log, as: "quick")])
    try dispatcher.register(
      service: "stuck", handlers: [Self.fetch: Self.keeping(kept, as: "stuck")])
    let received = Locked<[BackgroundFetchResult]>([])
    let completion: (BackgroundFetchResult) -> Void = { result in
      received.withLock { $0.append(result) }
    }
    _ = try dispatcher.dispatch(selector: Self.fetch, params: ["app", completion])
    clock.advance(by: .milliseconds(24_999))
    #expect(received.withLock { $0 }.isEmpty, "the default deadline is 25 s")
    clock.advance(by: .milliseconds(1))
    #expect(received.withLock { $0 } == [.failed], "what arrived: quick's answer")
    kept.withLock { $0 }["stuck"]?(.newData)
    #expect(received.withLock { $0 } == [.failed], "a late answer is not forwarded")
    let aboutCompletions = diagnostics.entries.filter {
      if case .deprecatedSelector = $0 { return false }
      return true
    }
    #expect(
      aboutCompletions == [
        .completionMissedDeadline(
          selector: Self.fetch, service: "stuck", deadlineMilliseconds: 25_000),
        .completionAfterDeadline(selector: Self.fetch, service: "stuck"),
      ])
  }

  @Test func theDeadlineIsConfigurable() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(
      vocabulary: .applicationDelegate, clock: clock, completionDeadline: .seconds(5))
    let kept = Locked<[String: () -> Void]>([:])
    try dispatcher.register(
      service: "stuck", handlers: [Self.respond: Self.keeping(kept, as: "stuck")])
    let log = CallLog()
    let completion: () -> Void = { log.record("caller") }
    _ = try dispatcher.dispatch(selector: Self.respond, params: ["center", "response", completion])
    clock.advance(by: .seconds(4))
    #expect(log.entries.isEmpty)
    clock.advance(by: .seconds(1))
    #expect(log.entries == ["caller"])
  }

  @Test func servicesAFoldDoesNotAskAreNotAwaited() throws {
    let vocabulary = try Vocabulary(
      name: "claims",
      entries: [
        .init(
          "claim:completion:", domain: Domain("claims"), fold: .firstTrue, arguments: [.any],
          completion: .void)
      ])
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: vocabulary, clock: clock)
    let log = CallLog()
    try dispatcher.register(
      service: "taker",
      handlers: [
        "claim:completion:": { params in
          log.record("taker")
          (params.last as? () -> Void)?()
          return true
        }
      ])
    try dispatcher.register(service: "never", handlers: ["claim:completion:": log.handler("never")])
    let completion: () -> Void = { log.record("caller") }
    #expect(
      try dispatcher.dispatch(selector: "claim:completion:", params: [1, completion]) as? Bool
        == true)
    #expect(log.entries == ["taker", "caller"])
    #expect(clock.pending == 0)
  }

  @Test func completionsFromManyThreadsCompleteEachEventExactlyOnce() throws {
    let threads = 8
    let eventsPerThread = 1000
    let events = threads * eventsPerThread
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    // Per event: the two completions kept by "first" and "second".
    let kept = Locked<[[() -> Void]]>(Array(repeating: [], count: events))
    for name in ["first", "second"] {
      try dispatcher.register(
        service: name,
        handlers: [
          Self.respond: { params in
            guard let event = params[1] as? Int, let completion = params[2] as? () -> Void
            else { return nil }
            kept.withLockUnchecked { $0[event].append(completion) }
            return nil
          }
        ])
    }
    try dispatcher.register(
      service: "sync",
      handlers: [
        Self.respond: { params in
          (params[2] as? () -> Void)?()
          return nil
        }
      ])
    let calls = Locked<[Int]>(Array(repeating: 0, count: events))
    let failures = Locked<Int>(0)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for offset in 0..<eventsPerThread {
        let event = thread * eventsPerThread + offset
        let completion: () -> Void = { calls.withLock { $0[event] += 1 } }
        do {
          _ = try dispatcher.dispatch(
            selector: Self.respond, params: ["center", event, completion])
        } catch {
          failures.withLock { $0 += 1 }
        }
      }
    }
    // Unchecked: the point of the test is calling them from other threads.
    let completions = UncheckedBox(value: kept.withLock { $0 })
    #expect(completions.value.allSatisfy { $0.count == 2 })
    #expect(calls.withLock { $0 }.allSatisfy { $0 == 0 }, "nobody completes before all services")
    // Each completion is called from another thread than its event's, and
    // the first service's also a second time, concurrently with the others.
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for event in 0..<events where event % threads == thread {
        completions.value[event][0]()
      }
      for event in 0..<events where (event + 1) % threads == thread {
        completions.value[event][1]()
      }
      for event in 0..<events where (event + 2) % threads == thread {
        completions.value[event][0]()
      }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(calls.withLock { $0 }.allSatisfy { $0 == 1 }, "exactly one caller completion per event")
    let twice = diagnostics.entries.filter {
      $0 == .completionCalledTwice(selector: Self.respond, service: "first")
    }
    #expect(twice.count == events)
    #expect(diagnostics.entries.count == events)
  }

  @Test func theDeadlineRacingLateCompletionsStillCompletesEachEventOnce() throws {
    let events = 2000
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let kept = Locked<[(() -> Void)?]>(Array(repeating: nil, count: events))
    try dispatcher.register(
      service: "racer",
      handlers: [
        Self.respond: { params in
          guard let event = params[1] as? Int, let completion = params[2] as? () -> Void
          else { return nil }
          kept.withLockUnchecked { $0[event] = completion }
          return nil
        }
      ])
    let calls = Locked<[Int]>(Array(repeating: 0, count: events))
    for event in 0..<events {
      let completion: () -> Void = { calls.withLock { $0[event] += 1 } }
      _ = try dispatcher.dispatch(selector: Self.respond, params: ["center", event, completion])
    }
    #expect(clock.pending == events)
    let completions = UncheckedBox(value: kept.withLock { $0 })
    // One thread fires every deadline while four call the completions.
    DispatchQueue.concurrentPerform(iterations: 5) { thread in
      if thread == 0 {
        clock.advance(by: .seconds(25))
      } else {
        for event in stride(from: thread - 1, to: events, by: 4) {
          completions.value[event]?()
        }
      }
    }
    #expect(calls.withLock { $0 }.allSatisfy { $0 == 1 }, "exactly once, whoever won")
    var missed = 0
    var late = 0
    for diagnostic in diagnostics.entries {
      switch diagnostic {
      case .completionMissedDeadline: missed += 1
      case .completionAfterDeadline: late += 1
      default: Issue.record("unexpected \(diagnostic)")
      }
    }
    #expect(missed == late, "every service the deadline cut off called later, and was reported")
    #expect(clock.pending == 0)
  }

  @Test func aSendableCallerCompletionIsAcceptedAndServicesGetThePlainType() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let log = CallLog()
    try dispatcher.register(
      service: "plain",
      handlers: [
        Self.respond: { params in
          let completion = params[2] as? () -> Void
          log.record("service got () -> Void: \(completion != nil)")
          completion?()
          return nil
        }
      ])
    let sendable: @Sendable () -> Void = { log.record("caller") }
    _ = try dispatcher.dispatch(selector: Self.respond, params: ["center", "response", sendable])
    let fetched: @Sendable (BackgroundFetchResult) -> Void = { log.record("fetch \($0)") }
    _ = try dispatcher.dispatch(selector: Self.fetch, params: ["app", fetched])
    #expect(log.entries == ["service got () -> Void: true", "caller", "fetch noData"])
  }
}

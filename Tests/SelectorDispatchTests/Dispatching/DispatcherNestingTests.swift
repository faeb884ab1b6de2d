import Dispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

/// The re-entrancy guard: at most `Dispatcher.maximumNestingDepth`
/// dispatches one inside another in a chain, whatever road it takes:
/// synchronous, awaited, across the bridge and through completions.
///
/// The loops below stop themselves after `runaway` runs, so that without
/// the guard a test fails instead of running for ever.
@Suite(.timeLimit(.minutes(1))) struct DispatcherNestingTests {
  let event = "nestedEvent:"
  static let fetch = "application:performFetchWithCompletionHandler:"
  static let app = Application()
  static let runaway = 1000

  final class Application: Sendable {}

  /// What a loop records: how often each handler ran, the errors that
  /// stopped it, the diagnostics, and a gate opened when it has stopped.
  final class Loop: Sendable {
    let runs = Locked<[String: Int]>([:])
    let errors = Locked<[DispatchError]>([])
    let diagnostics = Locked<[Diagnostic]>([])
    let stopped = Gate()
    /// How many runs the loop is allowed before it stops itself.
    let runaway: Int

    /// A loop that stops itself after `runaway` runs: fewer than the
    /// default for a loop that, unbounded, grows the stack at each level.
    init(runaway: Int = DispatcherNestingTests.runaway) {
      self.runaway = runaway
    }

    func attach(to dispatcher: Dispatcher) {
      dispatcher.diagnosticHandler = { diagnostic in
        // The fetch selector is deprecated; that is not what these test.
        if case .deprecatedSelector = diagnostic { return }
        self.diagnostics.withLock { $0.append(diagnostic) }
      }
    }

    /// Counts a run of `name`; `false` once the loop has run away.
    func run(_ name: String) -> Bool {
      let total = runs.withLock { runs in
        runs[name, default: 0] += 1
        return runs.values.reduce(0, +)
      }
      if total < runaway { return true }
      stopped.open()
      return false
    }

    /// Records the error that stopped the loop.
    func stop(_ error: any Error) {
      if let error = error as? DispatchError {
        errors.withLock { $0.append(error) }
      } else {
        Issue.record("unexpected \(error)")
      }
      stopped.open()
    }

    /// Makes the loop's next dispatch; the error that refuses it stops the
    /// loop.
    func next(_ dispatch: () throws -> Any?) {
      do { _ = try dispatch() } catch { stop(error) }
    }

    /// Awaits the loop's next dispatch; the error that refuses it stops
    /// the loop.
    nonisolated(nonsending) func awaitNext(_ dispatch: () async throws -> Any?) async {
      do { _ = try await dispatch() } catch { stop(error) }
    }

    var counts: [String: Int] { runs.withLock { $0 } }

    /// Expects the loop to have run `expected` times and to have been
    /// stopped by the limit, on `selector`, with its error and diagnostic.
    func expectStopped(
      on selector: String, after expected: [String: Int],
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(counts == expected, sourceLocation: sourceLocation)
      #expect(
        errors.withLock { $0 } == [.nestingTooDeep(selector: selector, limit: 64)],
        sourceLocation: sourceLocation)
      #expect(
        diagnostics.withLock { $0 } == [.nestingTooDeep(selector: selector, depth: 65)],
        sourceLocation: sourceLocation)
    }
  }

  /// A completion for the fetch selector that does nothing.
  static let ignore: @Sendable (BackgroundFetchResult) -> Void = { _ in }

  /// A dispatcher whose one handler dispatches the event again, forever,
  /// and records the error that stops it.
  func looping(runs: Locked<Int>, errors: Locked<[DispatchError]>) throws -> Dispatcher {
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .broadcast)
    try dispatcher.register(
      service: "loop",
      handlers: [
        event: { [event, unowned dispatcher] params in
          runs.withLock { $0 += 1 }
          do {
            _ = try dispatcher.dispatch(selector: event, params: params)
          } catch let error as DispatchError {
            errors.withLock { $0.append(error) }
          } catch {
            Issue.record("unexpected \(error)")
          }
          return nil
        }
      ])
    return dispatcher
  }

  @Test func aHandlerDispatchingInALoopStopsAtTheLimit() throws {
    let runs = Locked(0)
    let errors = Locked<[DispatchError]>([])
    let dispatcher = try looping(runs: runs, errors: errors)
    _ = try dispatcher.dispatch(selector: event, params: [0])
    #expect(runs.withLock { $0 } == Dispatcher.maximumNestingDepth)
    #expect(errors.withLock { $0 } == [.nestingTooDeep(selector: event, limit: 64)])
  }

  @Test func theDepthIsBackToZeroAfterwards() throws {
    let runs = Locked(0)
    let errors = Locked<[DispatchError]>([])
    let dispatcher = try looping(runs: runs, errors: errors)
    _ = try dispatcher.dispatch(selector: event, params: [0])
    _ = try dispatcher.dispatch(SelectorKey(event), params: [0])
    #expect(try dispatcher.dispatch(selector: event, with: 0, as: Int.self) == nil)
    #expect(runs.withLock { $0 } == 3 * Dispatcher.maximumNestingDepth)
    #expect(errors.withLock { $0.count } == 3)
  }

  @Test func nestingUpToTheLimitRunsEveryLevel() throws {
    let dispatcher = Dispatcher()
    let deepest = Locked(0)
    try dispatcher.declare(event, fold: .firstNonNil)
    try dispatcher.register(
      service: "count",
      handlers: [
        event: { [event, unowned dispatcher] params in
          guard let level = params[0] as? Int else { return nil }
          deepest.withLock { $0 = max($0, level) }
          if level == Dispatcher.maximumNestingDepth { return level }
          return try? dispatcher.dispatch(selector: event, with: level + 1, as: Int.self)
        }
      ])
    #expect(try dispatcher.dispatch(selector: event, with: 1, as: Int.self) == 64)
    #expect(deepest.withLock { $0 } == 64)
  }

  @Test func anAwaitedSelfRecursionStopsAtTheLimit() async throws {
    let loop = Loop()
    let dispatcher = Dispatcher()
    loop.attach(to: dispatcher)
    try dispatcher.register(
      service: "loop",
      asyncHandlers: [
        event: { [event, unowned dispatcher] params in
          guard loop.run("loop") else { return nil }
          await loop.awaitNext { try await dispatcher.answer(to: event, params: params) }
          return nil
        }
      ])
    _ = try await dispatcher.answer(to: event, params: [0])
    loop.expectStopped(on: event, after: ["loop": Dispatcher.maximumNestingDepth])
    // The task's depth is back to zero: the next dispatch runs every level again.
    _ = try await dispatcher.answer(to: event, params: [0])
    #expect(loop.counts == ["loop": 2 * Dispatcher.maximumNestingDepth])
  }

  /// A synchronous dispatch whose async handler (on the bridge) awaits a
  /// dispatch whose sync handler dispatches synchronously again: two levels
  /// a round, across a bridge hop and an `await` each time.
  @Test func aChainOfSyncAndAwaitedDispatchesStopsAtTheLimit() async throws {
    let loop = Loop()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    // The app's own event, beside the vocabulary's.
    try dispatcher.declare(event, fold: .collect)
    loop.attach(to: dispatcher)
    try dispatcher.register(
      service: "fetch",
      asyncHandlers: [
        Self.fetch: { [event, unowned dispatcher] _ in
          guard loop.run("fetch") else { return nil }
          await loop.awaitNext { try await dispatcher.answer(to: event, params: [0]) }
          return BackgroundFetchResult.noData
        }
      ])
    try dispatcher.register(
      service: "step",
      handlers: [
        event: { [unowned dispatcher] _ in
          guard loop.run("step") else { return nil }
          loop.next {
            try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, Self.ignore])
          }
          return nil
        }
      ])
    _ = try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, Self.ignore])
    await loop.stopped.pass()
    // fetch at depths 1, 3, …, 63; step at 2, 4, …, 64; fetch at 65 refused.
    loop.expectStopped(on: Self.fetch, after: ["fetch": 32, "step": 32])
  }

  /// An async handler that synchronously dispatches its own completion
  /// selector: every hop starts a new task on the bridge.
  @Test func aSelfFeedingBridgeStopsAtTheLimitWithADiagnostic() async throws {
    let loop = Loop()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    loop.attach(to: dispatcher)
    try dispatcher.register(
      service: "feed",
      asyncHandlers: [
        Self.fetch: { [unowned dispatcher] _ in
          guard loop.run("feed") else { return nil }
          loop.next {
            try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, Self.ignore])
          }
          return BackgroundFetchResult.noData
        }
      ])
    _ = try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, Self.ignore])
    await loop.stopped.pass()
    loop.expectStopped(on: Self.fetch, after: ["feed": Dispatcher.maximumNestingDepth])
    let diagnostics = loop.diagnostics.withLock { $0 }
    #expect(diagnostics.first?.description.contains("`\(Self.fetch)`") == true)
    #expect(diagnostics.first?.description.contains("depth 65") == true)
  }

  /// A caller's completion that dispatches again, called each time from
  /// another thread when the service completes there.
  @Test func aCompletionThatDispatchesAgainStopsAtTheLimit() async throws {
    let loop = Loop()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    loop.attach(to: dispatcher)
    try dispatcher.register(
      service: "later",
      handlers: [
        Self.fetch: { params in
          guard let completion = params.last as? (BackgroundFetchResult) -> Void else {
            return nil
          }
          let box = UncheckedBox(value: completion)
          DispatchQueue.global().async { box.value(.noData) }
          return nil
        }
      ])
    let again = Locked<(@Sendable (BackgroundFetchResult) -> Void)?>(nil)
    let completion: @Sendable (BackgroundFetchResult) -> Void = { [unowned dispatcher] _ in
      guard loop.run("completion"), let again = again.withLock({ $0 }) else { return }
      loop.next { try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, again]) }
    }
    again.withLock { $0 = completion }
    defer { again.withLock { $0 = nil } }
    _ = try dispatcher.dispatch(selector: Self.fetch, params: [Self.app, completion])
    await loop.stopped.pass()
    loop.expectStopped(on: Self.fetch, after: ["completion": Dispatcher.maximumNestingDepth])
  }

  /// An async handler that re-dispatches from a task it creates and does
  /// not wait for: the task inherits the chain's depth.
  @Test func aTaskAHandlerCreatesNestsInsideItsDispatch() async throws {
    let loop = Loop()
    let dispatcher = Dispatcher()
    loop.attach(to: dispatcher)
    try dispatcher.register(
      service: "spawn",
      asyncHandlers: [
        event: { [event, unowned dispatcher] params in
          guard loop.run("spawn") else { return nil }
          let params = UncheckedBox(value: params)
          Task {
            await loop.awaitNext { try await dispatcher.answer(to: event, params: params.value) }
          }
          return nil
        }
      ])
    _ = try await dispatcher.answer(to: event, params: [0])
    await loop.stopped.pass()
    loop.expectStopped(on: event, after: ["spawn": Dispatcher.maximumNestingDepth])
  }

  /// A synchronous handler that awaits a dispatch in a task it runs on its
  /// own thread (`Task.immediate`), whose handler does the same: each level
  /// runs inside the one before, on one stack. Without the bound it
  /// recursed until the stack ran out (SIGSEGV after about 4,000 levels):
  /// the thread's count (1) hid the task's deeper one. The loop stops
  /// itself at 200 levels, well before the stack would.
  @Test func aLoopThroughTaskImmediateStopsAtTheLimit() async throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let loop = Loop(runaway: 200)
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .broadcast)
    loop.attach(to: dispatcher)
    try dispatcher.register(
      service: "immediate",
      handlers: [
        event: { [event, unowned dispatcher] params in
          guard loop.run("immediate") else { return nil }
          let params = UncheckedBox(value: params)
          Task.immediate {
            await loop.awaitNext { try await dispatcher.answer(to: event, params: params.value) }
          }
          return nil
        }
      ])
    _ = try dispatcher.dispatch(selector: event, params: [0])
    await loop.stopped.pass()
    loop.expectStopped(on: event, after: ["immediate": Dispatcher.maximumNestingDepth])
    #expect(Nesting.current == 0)
  }

  /// What the bound does not count, by design: a dispatch that a synchronous handler only
  /// schedules, on a queue or in a task it creates outside any awaited dispatch, runs after
  /// the handler has returned, on a stack of its own. It starts a chain of its own (depth
  /// 1), so it cannot overflow a stack; a loop through it runs one event at a time, as a
  /// loop through a run loop would. (A task created inside an awaited dispatch or a bridge
  /// inherits the chain: `aTaskAHandlerCreatesNestsInsideItsDispatch`.)
  @Test(arguments: ["queue", "task"])
  func aDispatchAHandlerOnlySchedulesStartsAChainOfItsOwn(_ hop: String) async throws {
    let depths = Locked<[Int]>([])
    let done = Gate()
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .broadcast)
    try dispatcher.register(
      service: "hop",
      handlers: [
        event: { [event, unowned dispatcher] _ in
          let count = depths.withLock { depths in
            depths.append(Nesting.current)
            return depths.count
          }
          guard count < 100 else {
            done.open()
            return nil
          }
          let again: @Sendable () -> Void = {
            _ = try? dispatcher.dispatch(selector: event, params: [0])
          }
          if hop == "queue" {
            DispatchQueue.global().async(execute: again)
          } else {
            Task { again() }
          }
          return nil
        }
      ])
    _ = try dispatcher.dispatch(selector: event, params: [0])
    await done.pass()
    #expect(depths.withLock { $0 } == Array(repeating: 1, count: 100))
  }
}

import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct DispatcherAsyncTests {
  static let event = "asyncEvent:"

  /// An async handler that records `name`, suspends once, and answers.
  static func async(_ log: CallLog, _ name: String, answer: Any? = nil) -> AsyncSelectorHandler {
    { _ in
      log.record(name)
      await Task.yield()
      return answer
    }
  }

  @Test func syncAndAsyncHandlersRunInOneOrder() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "d", priority: 0, asyncHandlers: [Self.event: Self.async(log, "d", answer: "d")])
    try dispatcher.register(
      service: "a", priority: 10, handlers: [Self.event: log.handler("a", answer: "a")])
    try dispatcher.register(
      service: "b", priority: 5, asyncHandlers: [Self.event: Self.async(log, "b", answer: "b")])
    try dispatcher.register(
      service: "c", priority: 5, handlers: [Self.event: log.handler("c", answer: "c")])
    let answers = try #require(
      try await dispatcher.answer(to: Self.event, params: [0]) as? [Any?])
    #expect(answers.map { $0 as? String } == ["a", "b", "c", "d"])
    #expect(log.entries == ["a", "b", "c", "d"])
  }

  struct FoldCase: Sendable, CustomTestStringConvertible {
    let fold: Fold
    /// What each service answers, in call order; odd positions are async.
    let answers: [Int?]
    /// How many handlers the fold calls.
    let called: Int
    var testDescription: String { "\(fold) over \(answers)" }
  }

  /// The same answers folded synchronously (every handler sync) and awaited
  /// (every other handler async) give the same result and call the same
  /// handlers.
  @Test(arguments: [
    FoldCase(fold: .any, answers: [0, 1, 0], called: 3),
    FoldCase(fold: .all, answers: [1, 0, 1], called: 3),
    FoldCase(fold: .firstTrue, answers: [0, 1, 1], called: 2),
    FoldCase(fold: .firstTrue, answers: [0, nil, 0], called: 3),
    FoldCase(fold: .firstNonNil, answers: [nil, 7, 8], called: 2),
    FoldCase(fold: .firstNonNil, answers: [nil, nil, 8], called: 3),
    FoldCase(fold: .last, answers: [3, nil, 5, nil], called: 4),
    FoldCase(fold: .collect, answers: [3, nil, 5], called: 3),
    FoldCase(fold: .broadcast, answers: [3, 4], called: 2),
    FoldCase(fold: .union, answers: [1, 2, nil, 8], called: 4),
    FoldCase(fold: .intersection, answers: [7, 6, nil, 14], called: 4),
    FoldCase(
      fold: .named("sum") { $0.compactMap { $0 as? Int }.reduce(0, +) }, answers: [1, 2, 3],
      called: 3),
  ])
  func awaitedFoldsMatchSynchronousFolds(_ test: FoldCase) async throws {
    let isBool = [Fold.any, .all, .firstTrue].contains(test.fold)
    func answer(_ value: Int?) -> Any? { value.map { isBool ? $0 != 0 : $0 as Any } }
    let syncLog = CallLog()
    let asyncLog = CallLog()
    let sync = Dispatcher()
    let mixed = Dispatcher()
    for (index, value) in test.answers.enumerated() {
      try sync.register(
        service: "s\(index)",
        handlers: [Self.event: syncLog.handler("s\(index)", answer: answer(value))])
      if index % 2 == 1 {
        try mixed.register(
          service: "s\(index)",
          asyncHandlers: [Self.event: Self.async(asyncLog, "s\(index)", answer: answer(value))])
      } else {
        try mixed.register(
          service: "s\(index)",
          handlers: [Self.event: asyncLog.handler("s\(index)", answer: answer(value))])
      }
    }
    let expected = try sync.dispatch(
      selector: Self.event, params: [0], fold: test.fold)
    let awaited = try await mixed.answer(to: Self.event, params: [0], fold: test.fold)
    #expect(String(describing: awaited) == String(describing: expected))
    #expect(asyncLog.entries == syncLog.entries)
    #expect(asyncLog.entries.count == test.called)
  }

  @Test func anAsyncAnswerOfTheWrongTypeIsThrownAfterEveryHandlerRan() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "bad", priority: 1,
      asyncHandlers: [Self.event: Self.async(log, "bad", answer: "yes")])
    try dispatcher.register(
      service: "good", handlers: [Self.event: log.handler("good", answer: true)])
    await #expect(
      throws: DispatchError.resultTypeMismatch(
        selector: Self.event, service: "bad", expected: "Bool or nil", actual: "String")
    ) {
      try await dispatcher.answer(to: Self.event, params: [0], fold: .all)
    }
    #expect(log.entries == ["bad", "good"])
  }

  @Test func arityAndArgumentTypesAreCheckedBeforeAnyHandlerRuns() async throws {
    let log = CallLog()
    let payments = try Vocabulary(
      name: "payments",
      entries: [.init("pay:", domain: Domain("payments"), fold: .broadcast, arguments: [.string])])
    let dispatcher = Dispatcher(vocabulary: payments)
    try dispatcher.register(service: "s", asyncHandlers: ["pay:": Self.async(log, "s")])
    await #expect(throws: DispatchError.arityMismatch(selector: "pay:", expected: 1, actual: 2)) {
      try await dispatcher.answer(to: "pay:", params: ["a", "b"])
    }
    await #expect(
      throws: DispatchError.argumentTypeMismatch(
        selector: "pay:", index: 0, expected: "String", actual: "Int")
    ) {
      try await dispatcher.answer(to: "pay:", params: [1])
    }
    #expect(log.entries.isEmpty)
    _ = try await dispatcher.answer(to: try SelectorKey("pay:"), params: ["a"])
    _ = try await dispatcher.answer(to: try SelectorKey("pay:"), params: ["a"], fold: .collect)
    #expect(log.entries == ["s", "s"])
  }

  @Test func aSynchronousDispatchRefusesAsyncHandlersBeforeAnyRuns() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "first", priority: 1, handlers: [Self.event: log.handler("first")])
    try dispatcher.register(service: "later", asyncHandlers: [Self.event: Self.async(log, "later")])
    let refusal = DispatchError.asyncHandlerNeedsAwait(selector: Self.event, service: "later")
    #expect(throws: refusal) { try dispatcher.dispatch(selector: Self.event, params: [0]) }
    #expect(throws: refusal) {
      try dispatcher.dispatch(try SelectorKey(Self.event), params: [0], fold: .any)
    }
    #expect(log.entries.isEmpty, "nothing ran, nothing was fired and forgotten")
    #expect(refusal.description.contains("try await dispatcher.answer(to:params:)"))
    #expect(dispatcher.unregister(service: "later"))
    _ = try dispatcher.dispatch(selector: Self.event, params: [0])
    #expect(log.entries == ["first"])
  }

  /// How `task` ends, or that it has not ended within `limit` (real time):
  /// a test of a wait that must end must not itself wait for ever when it
  /// does not.
  static func ending(of task: Task<Void, any Error>, within limit: Duration) async -> String {
    await withCheckedContinuation { continuation in
      let waiter = Locked<CheckedContinuation<String, Never>?>(continuation)
      let finish: @Sendable (String) -> Void = { outcome in
        let waiting = waiter.withLock { waiting in
          defer { waiting = nil }
          return waiting
        }
        waiting?.resume(returning: outcome)
      }
      let timer = Task {
        try await Task.sleep(for: limit)
        finish("still waiting \(limit) after the cancel")
      }
      Task {
        do {
          try await task.value
          finish("answered")
        } catch is CancellationError {
          finish("cancelled")
        } catch {
          finish("\(error)")
        }
        timer.cancel()
      }
    }
  }

  /// Where a test's dispatch is awaited from.
  enum Caller: String, CaseIterable, CustomTestStringConvertible {
    case mainActor, elsewhere
    var testDescription: String { rawValue }
  }

  /// Awaits `selector` in a task of its own, from `caller`, once `gate`
  /// lets it pass, and records in `log` how the dispatch ended (and in
  /// `task`, which task it is).
  static func dispatching(
    _ dispatcher: Dispatcher, _ selector: String = event, params: [Any] = [0],
    from caller: Caller, after gate: Gate? = nil, recordingItsTask task: Locked<Int?>? = nil,
    log: CallLog
  ) -> Task<Void, any Error> {
    let params = UncheckedBox(value: params)
    switch caller {
    case .mainActor:
      return Task { @MainActor in
        await gate?.pass()
        task?.withLock { $0 = currentTask() }
        try await answer(dispatcher, selector, params: params.value, log: log)
      }
    case .elsewhere:
      return Task.detached {
        await gate?.pass()
        #expect(!onMainQueue())
        task?.withLock { $0 = currentTask() }
        try await answer(dispatcher, selector, params: params.value, log: log)
      }
    }
  }

  /// The task this runs in, told apart from the others alive by its hash.
  static func currentTask() -> Int? { withUnsafeCurrentTask { $0?.hashValue } }

  /// Awaits `selector` on the caller's isolation, and records how it ended.
  private nonisolated(nonsending) static func answer(
    _ dispatcher: Dispatcher, _ selector: String, params: [Any], log: CallLog
  ) async throws {
    do {
      let answer = try await dispatcher.answer(to: selector, params: params)
      log.record("dispatch: \(answer.map { "\($0)" } ?? "nil")")
    } catch {
      log.record("dispatch: \(type(of: error))")
      throw error
    }
  }

  /// A handler of either kind that cancels the task it runs in, as if its
  /// caller cancelled it then, and records whether it saw that.
  static func cancelling(_ log: CallLog, _ name: String, async: Bool) -> (
    sync: SelectorHandler?, async: AsyncSelectorHandler?
  ) {
    let body: @Sendable () -> Any? = {
      withUnsafeCurrentTask { $0?.cancel() }
      log.record("\(name), cancelled: \(Task.isCancelled)")
      return true
    }
    if async {
      return (
        nil,
        { _ in
          await Task.yield()
          return body()
        }
      )
    }
    return ({ _ in body() }, nil)
  }

  /// Cancelled while a handler runs, with a later handler or none. Before
  /// the loop checked for cancellation after the last handler too, the
  /// cases where it was the last returned the folded value.
  @Test(arguments: Caller.allCases, [false, true])
  func aCancelledDispatchStartsNoFurtherHandlerAndThrowsWhenTheRunningOneReturns(
    caller: Caller, async: Bool
  ) async throws {
    for later in [true, false] {
      let log = CallLog()
      let dispatcher = Dispatcher()
      let running = Self.cancelling(log, "running", async: async)
      try dispatcher.register(
        service: "running", priority: 1,
        handlers: HandlerTable(running.sync.map { [Self.event: $0] } ?? [:]),
        asyncHandlers: running.async.map { [Self.event: $0] } ?? [:])
      if later {
        try dispatcher.register(service: "later", handlers: [Self.event: log.handler("later")])
      }
      let task = Self.dispatching(dispatcher, from: caller, log: log)
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(
        log.entries == ["running, cancelled: true", "dispatch: CancellationError"],
        "with a later handler: \(later)")
    }
  }

  /// A running async handler runs in its caller's task and sees its
  /// cancellation (here its cancellation handler opens the gate it waits
  /// at), and the dispatch throws when that handler returns, starting no
  /// further handler. Off the main actor, the handlers ran in a task made
  /// for the dispatch before.
  @Test(arguments: Caller.allCases)
  func cancellingReachesTheRunningHandlerWhichEndsTheDispatch(caller: Caller) async throws {
    let log = CallLog()
    let dispatchTask = Locked<Int?>(nil)
    let gate = Gate()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "running", priority: 1,
      asyncHandlers: [
        Self.event: { _ in
          let inCallersTask = Self.currentTask() == dispatchTask.withLock { $0 }
          log.record("running.start, in the caller's task: \(inCallersTask)")
          await withTaskCancellationHandler {
            await gate.pass()
          } onCancel: {
            gate.open()
          }
          log.record("running.end, cancelled: \(Task.isCancelled)")
          return nil
        }
      ])
    try dispatcher.register(
      service: "after", asyncHandlers: [Self.event: Self.async(log, "after")])
    let task = Self.dispatching(dispatcher, from: caller, recordingItsTask: dispatchTask, log: log)
    await gate.arrival()
    task.cancel()
    #expect(await Self.ending(of: task, within: .seconds(10)) == "cancelled")
    #expect(
      log.entries == [
        "running.start, in the caller's task: true", "running.end, cancelled: true",
        "dispatch: CancellationError",
      ])
  }

  /// A handler deaf to the cancellation keeps its dispatch until it
  /// returns: the dispatch has nothing running elsewhere when it ends.
  @Test(arguments: Caller.allCases)
  func aHandlerThatIgnoresTheCancellationKeepsItsDispatchUntilItReturns(caller: Caller)
    async throws
  {
    let log = CallLog()
    let gate = Gate()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "running",
      asyncHandlers: [
        Self.event: { _ in
          log.record("running.start")
          await gate.pass()
          log.record("running.end")
          return nil
        }
      ])
    let task = Self.dispatching(dispatcher, from: caller, log: log)
    await gate.arrival()
    task.cancel()
    // Bounded: a dispatch that ended without its handler would have ended by then.
    #expect(await Self.ending(of: task, within: .milliseconds(200)).hasPrefix("still waiting"))
    gate.open()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.entries == ["running.start", "running.end", "dispatch: CancellationError"])
  }

  /// A dispatch whose task is cancelled before it starts runs no handler
  /// and throws at once, also with nothing to run (a selector with no
  /// handler returned `nil` before).
  @Test(arguments: Caller.allCases, [true, false])
  func anAlreadyCancelledTaskRunsNoHandler(caller: Caller, handled: Bool) async throws {
    let log = CallLog()
    // Not handled: a selector its vocabulary declares, which no service handles.
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let selector = handled ? Self.event : "applicationWillTerminate:"
    if handled {
      try dispatcher.register(service: "s", handlers: [Self.event: log.handler("s")])
    }
    let gate = Gate()
    let task = Self.dispatching(
      dispatcher, selector, params: [handled ? 0 : "app"], from: caller, after: gate, log: log)
    task.cancel()
    gate.open()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.entries == ["dispatch: CancellationError"])
  }

  /// Whether the caller runs on the main queue, which serves the main
  /// actor. On Linux no thread can tell: the main queue is not bound to one
  /// (a thread that ran a main-actor job may later run anything), and in a
  /// `nonisolated(nonsending)` closure `#isolation` is not the caller's.
  static func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) ?? false }

  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// A handler with no isolation of its own (made outside any actor): it
  /// records whether it started on the main queue.
  static func recordingWhetherOnTheMainQueue(_ onMain: Locked<[Bool]>) -> AsyncSelectorHandler {
    { _ in
      onMain.withLock { $0.append(onMainQueue()) }
      await Task.yield()
      return nil
    }
  }

  @Test @MainActor func awaitedFromTheMainActorHandlersRunOnTheMainActor() async throws {
    let syncOnMain = Locked<[Bool]>([])
    let asyncOnMain = Locked<[Bool]>([])
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "s",
      handlers: [
        Self.event: { _ in
          syncOnMain.withLock { $0.append(Self.onMainQueue()) }
          return nil
        }
      ],
      asyncHandlers: ["other:": { _ in nil }])
    try dispatcher.register(
      service: "a", asyncHandlers: [Self.event: Self.recordingWhetherOnTheMainQueue(asyncOnMain)])
    _ = try await dispatcher.answer(to: Self.event, params: [0])
    #expect(syncOnMain.withLock { $0 } == [true])
    #expect(asyncOnMain.withLock { $0 } == [true])
  }

  @Test func handlersAfterAnAsyncOneThatSuspendedStayOnTheCallersActor() async throws {
    let caller = QueueActor()
    let onCallersQueue = Locked<[String: Bool]>([:])
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "a",
      asyncHandlers: [
        Self.event: { _ in
          await Task.yield()
          return nil
        }
      ])
    try dispatcher.register(
      service: "b",
      handlers: [
        Self.event: { _ in
          onCallersQueue.withLock { $0["sync handler"] = QueueActor.isCurrent }
          return nil
        }
      ])
    let callerAfterwards = try await caller.answer(Self.event, on: dispatcher)
    onCallersQueue.withLock { $0["caller"] = callerAfterwards }
    #expect(onCallersQueue.withLock { $0 } == ["sync handler": true, "caller": true])
  }

  @Test func aNonisolatedCallerRunsNonisolatedHandlersOffTheMainActor() async throws {
    let onMain = Locked<[Bool]>([])
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "a", asyncHandlers: [Self.event: Self.recordingWhetherOnTheMainQueue(onMain)])
    _ = try await dispatcher.answer(to: Self.event, params: [0])
    #expect(onMain.withLock { $0 } == [false])
  }

  @Test func unregisteringRemovesAsyncHandlers() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare(Self.event, fold: .collect)
    try dispatcher.register(service: "a", asyncHandlers: [Self.event: Self.async(log, "a")])
    #expect(dispatcher.responds(to: Self.event))
    #expect(dispatcher.unregister(service: "a"))
    #expect(!dispatcher.responds(to: Self.event))
    _ = try dispatcher.dispatch(selector: Self.event, params: [0])
    #expect(log.entries.isEmpty)
  }
}

/// An actor whose jobs run on a serial queue of its own, so that code can
/// tell whether it runs on it (on Linux a thread cannot tell the main
/// actor: its queue is not bound to one thread).
private actor QueueActor {
  private static let key = DispatchSpecificKey<Bool>()
  private let executor = Executor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Whether the caller runs on this actor's queue.
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }

  /// Awaits `selector` from this actor.
  ///
  /// - Returns: Whether this actor's code went on on its queue afterwards.
  func answer(_ selector: String, on dispatcher: Dispatcher) async throws -> Bool {
    _ = try await dispatcher.answer(to: selector, params: [0])
    return Self.isCurrent
  }

  private final class Executor: SerialExecutor {
    private let queue: DispatchQueue = {
      let queue = DispatchQueue(label: "QueueActor")
      queue.setSpecific(key: QueueActor.key, value: true)
      return queue
    }()

    func enqueue(_ job: UnownedJob) {
      let executor = asUnownedSerialExecutor()
      queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
      UnownedSerialExecutor(ordinary: self)
    }
  }
}

import Foundation
import SelectorDispatch

/// The `answer(to:)` rows, next to the synchronous `dispatch: String
/// literal` rows at the same N: the same table and fold (`any`), awaited.
///
/// The harness is synchronous, so every batch runs on its thread, with no
/// thread hop or wake-up to time:
///
/// - Off the main actor, a batch is a task isolated to ``InlineActor``,
///   whose executor queues jobs for the harness's thread to run until the
///   batch ends. A handler that suspends awaits ``Elsewhere``, whose jobs
///   go to the same queue, and comes back to it.
/// - On the main actor, a batch is a main-actor task started in place
///   (`Task.immediate`, the harness's thread being the main thread); it
///   must end before it returns, so those handlers never suspend.
///
/// What is left per batch (of about 100 µs) is making one task.
enum AsyncScenarios {
  /// Where a row's batch runs, and whether its async handlers suspend.
  enum Shape {
    /// Off the main actor; the handlers return without suspending.
    case offMainActor
    /// On the main actor; the handlers return without suspending.
    case mainActor
    /// Off the main actor; each handler awaits another actor
    /// (``Elsewhere``) before it answers, so it suspends.
    case suspending
  }

  static func rows(_ n: Int) -> [(String, () -> Scenario)] {
    [
      ("answer(to:): sync handlers N=\(n)", { awaitingSyncHandlers(n) }),
      ("answer(to:): async handlers N=\(n)", { awaitingAsyncHandlers(n, .offMainActor) }),
      (
        "answer(to:): async handlers, main actor N=\(n)",
        { awaitingAsyncHandlers(n, .mainActor) }
      ),
      ("answer(to:): suspending handlers N=\(n)", { awaitingAsyncHandlers(n, .suspending) }),
    ]
  }

  /// The table of `dispatch: String literal`, awaited.
  static func awaitingSyncHandlers(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = Scenarios.packageDispatcher(n, counters)
    return Scenario(
      name: "answer(to:): sync handlers", handlers: n, unit: .event, counters: counters
    ) { count in
      InlineActor.run { await launches(count, on: dispatcher) }
    }
  }

  /// The same services, each answering with an async handler.
  static func awaitingAsyncHandlers(_ n: Int, _ shape: Shape) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = Dispatcher()
    let stray = counters.stray
    for index in 0..<n {
      let slot = counters.slot(index)
      var handlers: [String: SelectorHandler] = [:]
      for selector in otherSelectors { handlers[selector] = { _ in stray.hit() } }
      let answer: AsyncSelectorHandler
      switch shape {
      case .offMainActor, .mainActor:
        answer = { _ in slot.hit() }
      case .suspending:
        answer = { _ in
          await Elsewhere.shared.visit()
          return slot.hit()
        }
      }
      do {
        try dispatcher.register(
          service: "service\(index)", handlers: HandlerTable(handlers),
          asyncHandlers: [launch: answer])
      } catch {
        fatalError("cannot register: \(error)")
      }
    }
    let name: String
    switch shape {
    case .offMainActor: name = "answer(to:): async handlers"
    case .mainActor: name = "answer(to:): async handlers, main actor"
    case .suspending: name = "answer(to:): suspending handlers"
    }
    return Scenario(name: name, handlers: n, unit: .event, counters: counters) { count in
      switch shape {
      case .offMainActor, .suspending:
        return InlineActor.run { await launches(count, on: dispatcher) }
      case .mainActor:
        return onTheMainActor { await launches(count, on: dispatcher) }
      }
    }
  }

  /// Awaits `count` launch events, on the caller's isolation, and returns
  /// how many answered `true`.
  private nonisolated(nonsending) static func launches(
    _ count: Int, on dispatcher: Dispatcher
  ) async -> Int {
    let app = Application()
    let launchOptions = makeLaunchOptions()
    var launched = 0
    for _ in 0..<count {
      do {
        let answer = try await dispatcher.answer(
          to: "application:didFinishLaunchingWithOptions:", params: [app, launchOptions],
          fold: .any)
        if answer as? Bool == true { launched += 1 }
      } catch {
        fatalError("dispatch failed: \(error)")
      }
    }
    return launched
  }

  /// Runs `body` in a main-actor task started in place, on the harness's
  /// thread (the main thread), and returns its result; stops the run if
  /// the task suspended, as nothing here would resume it.
  private static func onTheMainActor(_ body: @escaping @MainActor () async -> Int) -> Int {
    let result = Outcome()
    #if os(Linux) || canImport(Swift, _version: 6.2)
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        Task.immediate { @MainActor in result.value = await body() }
      }
    #endif
    guard let value = result.value else {
      fatalError("the main-actor batch suspended, or Task.immediate is missing")
    }
    return value
  }
}

/// A batch's answer, read after the batch ran to its end.
///
/// `@unchecked Sendable`: written by the batch's task and read by the
/// harness on the one thread both run on, one after the other.
final class Outcome: @unchecked Sendable {
  var value: Int?
}

/// An actor whose executor queues jobs for the harness's thread:
/// ``run(_:)`` starts a task on it and runs its jobs, and those they
/// enqueue, until the task ends.
@globalActor
actor InlineActor {
  static let shared = InlineActor()
  fileprivate static let queue = JobQueue()
  private static let executor = QueueExecutor(queue)

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  /// Runs `body` to its end in a task isolated to this actor, on the
  /// caller's thread, and returns its result.
  static func run(_ body: @escaping @InlineActor () async -> Int) -> Int {
    let result = Outcome()
    Task { @InlineActor in
      result.value = await body()
      queue.finish()
    }
    queue.runJobs()
    guard let value = result.value else { fatalError("the batch did not end") }
    return value
  }
}

/// Another actor whose jobs run on the harness's thread, in the one queue
/// with ``InlineActor``'s: a handler that awaits it suspends twice (there,
/// and back to the dispatch's actor), with no other thread involved.
actor Elsewhere {
  static let shared = Elsewhere()
  private static let executor = QueueExecutor(InlineActor.queue)

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  /// How many times a handler came here.
  private var visits = 0

  /// Counts a visit, on this actor.
  func visit() {
    visits &+= 1
  }
}

/// The jobs of ``InlineActor`` and ``Elsewhere``, in the order enqueued,
/// from any thread, run on the harness's.
///
/// Jobs may come from other threads: in Swift 6.3 on Linux a continuation
/// awaited on an actor with an executor of its own is resumed through the
/// global executor, which hands the task back from one of its threads
/// (BENCHMARKS.md's history). No row waits on one since the awaited dispatch stopped
/// making a task; the queue stays safe for a row that does.
final class JobQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [(UnownedJob, UnownedSerialExecutor)] = []
  private var done = false

  func append(_ job: UnownedJob, on executor: UnownedSerialExecutor) {
    condition.lock()
    jobs.append((job, executor))
    condition.signal()
    condition.unlock()
  }

  /// Makes ``runJobs()`` return once the job that calls this has run.
  func finish() {
    condition.lock()
    done = true
    condition.unlock()
  }

  /// Runs the jobs in the order they come, waiting for the next one, until
  /// a job has called ``finish()``; keeps its storage for the next batch.
  func runJobs() {
    condition.lock()
    done = false
    var next = 0
    while !done {
      guard next < jobs.count else {
        jobs.removeAll(keepingCapacity: true)
        next = 0
        condition.wait()
        continue
      }
      let (job, executor) = jobs[next]
      next += 1
      condition.unlock()
      job.runSynchronously(on: executor)
      condition.lock()
    }
    jobs.removeSubrange(..<next)
    condition.unlock()
  }
}

/// An executor that puts its jobs in a ``JobQueue``.
final class QueueExecutor: SerialExecutor {
  private let queue: JobQueue

  init(_ queue: JobQueue) {
    self.queue = queue
  }

  func enqueue(_ job: UnownedJob) {
    queue.append(job, on: asUnownedSerialExecutor())
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

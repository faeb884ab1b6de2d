import Dispatch
import SelectorDispatch

/// The `answer(to:)` rows, next to the synchronous `dispatch: String
/// literal` rows at the same N: the same table and fold (`any`), awaited.
///
/// The harness is synchronous. Each batch of events runs in one task
/// isolated to ``InlineActor``, whose executor runs a job at once on the
/// thread that enqueues it: the batch runs to its end inside `Task.init`,
/// on the harness's thread, with no thread hop or wake-up to time. What is
/// left per batch (of about 100 µs) is making one task.
enum AsyncScenarios {
  static func rows(_ n: Int) -> [(String, () -> Scenario)] {
    [
      ("answer(to:): sync handlers N=\(n)", { awaitingSyncHandlers(n) }),
      ("answer(to:): async handlers N=\(n)", { awaitingAsyncHandlers(n) }),
    ]
  }

  /// The table of `dispatch: String literal`, awaited.
  static func awaitingSyncHandlers(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = Scenarios.packageDispatcher(n, counters)
    return Scenario(
      name: "answer(to:): sync handlers", handlers: n, unit: .event, counters: counters
    ) { count in
      awaitLaunches(count, on: dispatcher)
    }
  }

  /// The same services, each answering with an async handler.
  static func awaitingAsyncHandlers(_ n: Int) -> Scenario {
    let counters = Counters(handlers: n)
    let dispatcher = Dispatcher()
    let stray = counters.stray
    for index in 0..<n {
      let slot = counters.slot(index)
      var handlers: [String: SelectorHandler] = [:]
      for selector in otherSelectors { handlers[selector] = { _ in stray.hit() } }
      do {
        try dispatcher.register(
          service: "service\(index)", handlers: HandlerTable(handlers),
          asyncHandlers: [launch: { _ in slot.hit() }])
      } catch {
        fatalError("cannot register: \(error)")
      }
    }
    return Scenario(
      name: "answer(to:): async handlers", handlers: n, unit: .event, counters: counters
    ) { count in
      awaitLaunches(count, on: dispatcher)
    }
  }

  /// Awaits `count` launch events in one task and blocks until it is done.
  private static func awaitLaunches(_ count: Int, on dispatcher: Dispatcher) -> Int {
    let done = DispatchSemaphore(value: 0)
    let result = Launches()
    Task { @InlineActor in
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
      result.count = launched
      done.signal()
    }
    done.wait()
    return result.count
  }

  /// The task's answer, read after the semaphore says it was written.
  private final class Launches: @unchecked Sendable {
    var count = 0
  }
}

/// Runs each job at once, on the thread that enqueues it: nothing in these
/// scenarios suspends, so a task on it runs to its end before `Task.init`
/// returns.
@globalActor
actor InlineActor {
  static let shared = InlineActor()
  private static let executor = InlineExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  private final class InlineExecutor: SerialExecutor {
    func enqueue(_ job: UnownedJob) {
      job.runSynchronously(on: asUnownedSerialExecutor())
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
      UnownedSerialExecutor(ordinary: self)
    }
  }
}

import Foundation
import SelectorDispatchTesting
import XCTest

@testable import SelectorDispatch

/// Injections from the main thread, outside any block of the main queue:
/// XCTest runs a synchronous test so, as a command-line tool's top-level
/// code runs (Swift Testing runs tests on the cooperative pool, or inside a
/// main-queue block for a `@MainActor` test, where the main queue cannot
/// be run again).
final class MainThreadInjectionTests: XCTestCase {
  static let fetch = "application:performFetchWithCompletionHandler:"

  func testAMainActorHandlerCompletesAnInjectionOnTheMainThreadLongBeforeTheLimit() throws {
    XCTAssertTrue(Thread.isMainThread)
    let injector = EventInjector(handlerTimeLimit: .seconds(20))
    // Its fetch handler runs on the main actor, and yields there.
    let dispatcher = injector.dispatcher
    let feed = try MainActor.assumeIsolated {
      let feed = FeedService()
      try feed.register(on: dispatcher)
      return feed
    }
    let start = ContinuousClock.now
    let trace = injector.inject(Self.fetch, injector.application, ())
    let waited = ContinuousClock.now - start
    XCTAssertEqual(trace.calls.map(\.service), ["feed"])
    XCTAssertEqual(MainActor.assumeIsolated { feed.refreshes }, 1)
    XCTAssertEqual(trace.completion.flatMap { $0 as? BackgroundFetchResult }, .newData)
    XCTAssertEqual(
      trace.diagnostics.filter { if case .deprecatedSelector = $0 { false } else { true } }, [])
    // Not a timing test: without the run loop it waits the whole limit.
    XCTAssertLessThan(waited, .seconds(10), "it did not wait for the limit")
  }

  /// Awaits `selector`, whose only handler is a main-actor one, from
  /// another task; serves the main queue until that handler has started
  /// and suspended, then lets it go on but cancels the task before the main
  /// queue is served again, and serves it until the dispatch has ended.
  ///
  /// - Returns: How the awaited dispatch ended, and what the handler had
  ///   done by then.
  private func cancelAnAwaitedDispatchWaitingForTheMainActor(_ selector: String) throws -> String {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let gate = Gate()
    let log = Locked<[String]>([])
    // Written on the main actor, the handler is isolated to it.
    try MainActor.assumeIsolated {
      try dispatcher.register(
        service: "main",
        asyncHandlers: [
          selector: { _ in
            MainActor.assertIsolated()
            log.withLock { $0.append("started") }
            await gate.pass()
            log.withLock { $0.append("finished, cancelled: \(Task.isCancelled)") }
            return BackgroundFetchResult.newData
          }
        ])
    }
    let task = Task.detached {
      do {
        let answer = try await dispatcher.answer(to: selector, params: ["app"])
        log.withLock { $0.append("answered \(answer.map { "\($0)" } ?? "nil")") }
      } catch {
        log.withLock { $0.append("\(type(of: error))") }
      }
    }
    try serveTheMainQueue(until: { log.withLock { $0 } == ["started"] })
    gate.open()  // it goes on on the main actor, which nothing serves until the cancel
    task.cancel()
    try serveTheMainQueue(until: { log.withLock { $0 }.count == 3 })
    return log.withLock { $0 }.joined(separator: ", ")
  }

  /// Serves the main queue in short turns until `done` (which may become
  /// true off the main thread, with nothing to wake the run loop), for 5 s
  /// at most.
  private func serveTheMainQueue(until done: () -> Bool) throws {
    let end = Date(timeIntervalSinceNow: 5)
    while !done(), Date() < end {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    XCTAssertTrue(done(), "not within 5 s")
  }

  /// A `@MainActor` handler awaited off the main actor runs in the
  /// dispatch's task: cancelled while it waits for the main actor, the
  /// dispatch waits for it, and it sees the cancellation when it runs.
  /// Before, the dispatch ended at once, and the handler finished later on
  /// its own, its answer dropped.
  func testAnAwaitedDispatchWaitingForTheMainActorEndsWhenItsHandlerReturns() throws {
    XCTAssertEqual(
      try cancelAnAwaitedDispatchWaitingForTheMainActor("applicationWillTerminate:"),
      "started, finished, cancelled: true, CancellationError")
  }

  func testAnAwaitedCompletionSelectorWaitingForTheMainActorEndsWhenItsHandlerReturns() throws {
    XCTAssertEqual(
      try cancelAnAwaitedDispatchWaitingForTheMainActor(Self.fetch),
      "started, finished, cancelled: true, CancellationError")
  }
}

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
  /// and suspended, then lets it go on but blocks the main thread, so that
  /// it cannot, and cancels the task.
  ///
  /// - Returns: How the awaited dispatch ended, within 5 s of the cancel.
  private func cancelAnAwaitedDispatchStuckOnTheMainActor(_ selector: String) throws -> String {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let gate = Gate()
    let started = Locked(false)
    let finished = Locked(false)
    // Written on the main actor, the handler is isolated to it.
    try MainActor.assumeIsolated {
      try dispatcher.register(
        service: "main",
        asyncHandlers: [
          selector: { _ in
            MainActor.assertIsolated()
            started.withLock { $0 = true }
            await gate.pass()
            finished.withLock { $0 = true }
            return BackgroundFetchResult.newData
          }
        ])
    }
    let outcome = Locked("still waiting 5 s after the cancel")
    let ended = DispatchSemaphore(value: 0)
    let task = Task.detached {
      do {
        _ = try await dispatcher.answer(to: selector, params: ["app"])
        outcome.withLock { $0 = "answered" }
      } catch is CancellationError {
        outcome.withLock { $0 = "cancelled" }
      } catch {
        outcome.withLock { $0 = "\(error)" }
      }
      ended.signal()
    }
    try serveTheMainQueue(until: { started.withLock { $0 } })
    gate.open()  // it goes on on the main actor, which nothing serves now
    task.cancel()
    _ = ended.wait(timeout: .now() + 5)
    // Served again, the handler finishes; its answer is dropped.
    try serveTheMainQueue(until: { finished.withLock { $0 } })
    return outcome.withLock { $0 }
  }

  private func serveTheMainQueue(until done: () -> Bool) throws {
    let end = Date(timeIntervalSinceNow: 5)
    while !done(), Date() < end {
      _ = RunLoop.main.run(mode: .default, before: end)
    }
    XCTAssertTrue(done(), "not within 5 s")
  }

  func testAnAwaitedDispatchStuckOnTheMainActorEndsWhenCancelled() throws {
    XCTAssertEqual(
      try cancelAnAwaitedDispatchStuckOnTheMainActor("applicationWillTerminate:"), "cancelled")
  }

  func testAnAwaitedCompletionSelectorStuckOnTheMainActorEndsWhenCancelled() throws {
    XCTAssertEqual(try cancelAnAwaitedDispatchStuckOnTheMainActor(Self.fetch), "cancelled")
  }
}

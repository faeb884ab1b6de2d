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
}

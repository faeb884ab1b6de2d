// Async services: a `@MainActor` service with sync and async handlers, compiled in the Swift 6
// language mode with no `@unchecked Sendable`, `nonisolated(unsafe)` or `@preconcurrency`.
//
// The host awaits a dispatch as an `async` delegate method would, and also calls the
// synchronous dispatch with a completion handler, as an Objective-C-era delegate method does.

import SelectorDispatch

/// Refreshes a feed in the background; all its state is on the main actor.
@MainActor final class FeedService {
  private(set) var articles: [String] = []
  private(set) var sessions = 0

  func register(on dispatcher: Dispatcher) throws {
    try dispatcher.register(
      service: "feed", priority: 10,
      handlers: [
        "applicationDidBecomeActive:": { [self] _ in
          sessions += 1  // main actor state, from a sync handler
          return nil
        }
      ],
      asyncHandlers: [
        // A completion selector: no completion parameter; the result is returned.
        "application:performFetchWithCompletionHandler:": { [self] _ in
          let fetched = await download()
          articles += fetched
          return fetched.isEmpty ? BackgroundFetchResult.noData : .newData
        }
      ])
  }

  private func download() async -> [String] {
    await Task.yield()  // stands in for a network request
    return ["article \(articles.count + 1)"]
  }
}

/// Still on completion handlers: answers through its completion.
func registerMail(on dispatcher: Dispatcher) throws {
  try dispatcher.register(
    service: "mail",
    handlers: [
      "application:performFetchWithCompletionHandler:": { params in
        (params.last as? (BackgroundFetchResult) -> Void)?(.noData)
        return nil
      }
    ])
}

/// The app: an `async` entry point on the main actor, like an `async` delegate method.
@main
enum AsyncServicesExample {
  static let fetch = "application:performFetchWithCompletionHandler:"

  @MainActor static func main() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let feed = FeedService()
    try feed.register(on: dispatcher)
    try registerMail(on: dispatcher)
    let app = "app"

    // `application(_:performFetchWithCompletionHandler:) async -> UIBackgroundFetchResult`:
    // params without the completion; the joined value comes back.
    let result = try await dispatcher.dispatch(selector: fetch, params: [app])
    print("awaited fetch:", result ?? "nil", "- articles:", feed.articles)

    // The completion-handler form from synchronous code: the async handler runs in a task,
    // and the completion runs once, after every service answered.
    let done = AsyncStream<BackgroundFetchResult> { continuation in
      _ = try? dispatchSynchronously(dispatcher, fetch, [app, completion(continuation)])
    }
    for await result in done { print("completion-handler fetch:", result) }
    print("articles:", feed.articles)

    // A sync dispatch of an event an async handler answers, with no completion, is refused.
    try dispatcher.register(
      service: "sync-only", asyncHandlers: ["applicationWillTerminate:": { _ in nil }])
    do {
      _ = try dispatchSynchronously(dispatcher, "applicationWillTerminate:", [app])
    } catch {
      print("refused:", error)
    }
    _ = try await dispatcher.dispatch(selector: "applicationDidBecomeActive:", params: [app])
    print("sessions:", feed.sessions)
  }

  /// A completion handler that may run on any thread, as UIKit's may.
  nonisolated static func completion(
    _ continuation: AsyncStream<BackgroundFetchResult>.Continuation
  ) -> (BackgroundFetchResult) -> Void {
    { result in
      continuation.yield(result)
      continuation.finish()
    }
  }

  /// The synchronous dispatch: from an `async` function a bare `try dispatch(...)` means the
  /// `async` overload, so it is called from this synchronous one.
  static func dispatchSynchronously(_ dispatcher: Dispatcher, _ selector: String, _ params: [Any])
    throws -> Any?
  {
    try dispatcher.dispatch(selector: selector, params: params)
  }
}

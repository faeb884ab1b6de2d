// Async services: a `@MainActor` service with sync and async handlers, compiled in the Swift 6
// language mode with no `@unchecked Sendable`, `nonisolated(unsafe)` or `@preconcurrency`.
//
// Top-level code, on the main actor like a delegate method: it awaits the answer to an event as
// an `async` delegate method would (`answer(to:params:)`, without the completion handler), and
// calls the synchronous dispatch with a completion handler, as an Objective-C-era delegate
// method does (`dispatch(selector:params:)`, from the same `async` code, with no helper).

import SelectorDispatch
import SelectorDispatchTesting  // `Transcript`: the output format the examples share with the demo

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

/// A completion handler that may run on any thread, as UIKit's may, and the stream of what it
/// receives.
nonisolated func completionAndResults() -> (
  (BackgroundFetchResult) -> Void, AsyncStream<BackgroundFetchResult>
) {
  var continuation: AsyncStream<BackgroundFetchResult>.Continuation?
  let results = AsyncStream { continuation = $0 }  // runs before `AsyncStream.init` returns
  let completion: (BackgroundFetchResult) -> Void = { [continuation] result in
    continuation?.yield(result)
    continuation?.finish()
  }
  return (completion, results)
}

let fetch = "application:performFetchWithCompletionHandler:"
let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
let feed = FeedService()
try feed.register(on: dispatcher)
try registerMail(on: dispatcher)
let app = "app"

// The awaited form: params without the completion, as Swift's `async` import of a delegate method
// has them; the joined value, the one a completion handler would get, comes back.
print("Awaited, as Swift's async delegate method: answer(to:params:) returns what the completion")
print("handler would get")
print(Transcript.event(fetch, fold: dispatcher.fold(of: fetch).description))
let result = try await dispatcher.answer(to: fetch, params: [app])
print(Transcript.completion(result, kind: .backgroundFetch))
// print's own arguments, not string interpolation: under Swift 6.3.1, interpolating the
// main-actor `feed.articles` here, in async top-level code, leaks the string (LeakSanitizer).
print("    feed's articles:", feed.articles)

// Given the completion handler, the awaited form refuses, and says which form takes it.
print()
print("Awaited, given the completion handler too:")
do {
  _ = try await dispatcher.answer(to: fetch, params: [app, { (_: BackgroundFetchResult) in }])
} catch {
  print(Transcript.error(error))
}

// `application(_:performFetchWithCompletionHandler:)`, with its completion handler, from the same
// `async` code: the sync handlers run now, the async one in a task, and the completion runs once,
// after every service answered.
print()
print("With the completion handler: dispatch(selector:params:), from the same async code")
print(Transcript.event(fetch, fold: dispatcher.fold(of: fetch).description))
let (completion, fetches) = completionAndResults()
_ = try dispatcher.dispatch(selector: fetch, params: [app, completion])
for await result in fetches { print(Transcript.completion(result, kind: .backgroundFetch)) }
print("    feed's articles:", feed.articles)

// A sync dispatch of an event an async handler answers, with no completion, is refused.
try dispatcher.register(
  service: "sync-only", asyncHandlers: ["applicationWillTerminate:": { _ in nil }])
print()
print("A synchronous dispatch that an async handler answers, with no completion handler:")
let terminate = "applicationWillTerminate:"
print(Transcript.event(terminate, fold: dispatcher.fold(of: terminate).description))
do {
  _ = try dispatcher.dispatch(selector: "applicationWillTerminate:", params: [app])
} catch {
  print(Transcript.error(error))
}

print()
let active = "applicationDidBecomeActive:"
print(Transcript.event(active, fold: dispatcher.fold(of: active).description))
_ = try await dispatcher.answer(to: active, params: [app])
print("    feed's sessions:", feed.sessions)

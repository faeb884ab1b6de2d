import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

/// A service as a Swift 6 app writes it: a `@MainActor` class with main
/// actor state, sync and async handlers, and no `@unchecked Sendable`,
/// `nonisolated(unsafe)` or `@preconcurrency` anywhere.
@MainActor final class FeedService {
  private(set) var events: [String] = []
  private(set) var refreshes = 0

  func register(on dispatcher: Dispatcher) throws {
    try dispatcher.register(
      service: "feed",
      handlers: [
        "applicationDidEnterBackground:": { [self] _ in
          events.append("background")
          return nil
        }
      ],
      asyncHandlers: [
        "application:performFetchWithCompletionHandler:": { [self] _ in
          events.append("fetch.start")
          await Task.yield()
          refreshes += 1
          events.append("fetch.end")
          return BackgroundFetchResult.newData
        }
      ])
  }
}

@Suite(.timeLimit(.minutes(1))) struct AsyncServiceTests {
  static let fetch = "application:performFetchWithCompletionHandler:"
  static let background = "applicationDidEnterBackground:"
  static let app = DispatcherAsyncCompletionTests.NSObjectLike()

  @Test @MainActor func aMainActorServiceRegistersBothKindsAndRunsOnTheMainActor() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let feed = FeedService()
    try feed.register(on: dispatcher)
    _ = try await dispatcher.answer(to: Self.background, params: [Self.app])
    let result = try await dispatcher.answer(to: Self.fetch, params: [Self.app])
    #expect(result as? BackgroundFetchResult == .newData)
    #expect(feed.events == ["background", "fetch.start", "fetch.end"])
    #expect(feed.refreshes == 1)
  }

  @Test func aMainActorServiceAwaitedFromElsewhereStillRunsOnTheMainActor() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let feed = FeedService()
    try await feed.register(on: dispatcher)
    let result = try await dispatcher.answer(to: Self.fetch, params: [Self.app])
    #expect(result as? BackgroundFetchResult == .newData)
    #expect(await feed.refreshes == 1, "its async handler hopped to the main actor")
  }

  struct Mixed: DispatchService {
    let log: CallLog
    var handlers: HandlerTable {
      on(AsyncServiceTests.background) { (_: AnyObject) in log.record("sync.background") }
      on(AsyncServiceTests.fetch) { (_: AnyObject) async -> BackgroundFetchResult in
        log.record("async.fetch")
        return .failed
      }
      on("application:openURL:options:") {
        (_: AnyObject, url: URL, _: [String: Any]) async throws -> Bool in
        log.record("async.open \(url)")
        return true
      }
    }
  }

  @Test func typedEntriesMixSyncAndAsyncClosures() async throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    try dispatcher.register(Mixed(log: log))
    _ = try dispatcher.dispatch(selector: Self.background, params: [Self.app])
    let fetched = try await dispatcher.answer(to: Self.fetch, params: [Self.app])
    #expect(fetched as? BackgroundFetchResult == .failed)
    #expect(log.entries == ["sync.background", "async.fetch"])
    let url = try #require(URL(string: "demo://x"))
    let open = "application:openURL:options:"
    #expect(throws: DispatchError.asyncHandlerNeedsAwait(selector: open, service: "Mixed")) {
      try dispatcher.dispatch(
        selector: open, params: [Self.app, url, [String: Any]()])
    }
    #expect(
      try await dispatcher.answer(to: open, params: [Self.app, url, [String: Any]()])
        as? Bool == true)
    #expect(log.entries.last == "async.open demo://x")
  }

  @Test func aTypedAsyncHandlerGivenTheWrongTypeIsNamedLikeASynchronousOne() async throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "payments",
      handlers: HandlerTable([TypedHandler("pay:") { (amount: Int) async in amount > 0 }]))
    await #expect(
      throws: DispatchError.handlerArgumentTypeMismatch(
        selector: "pay:", service: "payments", index: 0, expected: "Int", actual: "String")
    ) {
      try await dispatcher.answer(to: "pay:", params: ["ten"])
    }
  }

  @Test func aTypedAsyncClosureForACompletionSelectorLeavesTheCompletionOut() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: FakeClock())
    let withCompletion = TypedHandler(Self.fetch) {
      (_: AnyObject, _: (BackgroundFetchResult) -> Void) async in
    }
    #expect(withCompletion.problem == nil, "the selector alone cannot tell; registering can")
    #expect(throws: DispatchError.arityMismatch(selector: Self.fetch, expected: 1, actual: 2)) {
      try dispatcher.register(service: "s", handlers: HandlerTable([withCompletion]))
    }
    #expect(!dispatcher.responds(to: Self.fetch))
    let tooMany = TypedHandler("a:") { (_: Int, _: Int, _: Int) async in }
    #expect(tooMany.problem == .arityMismatch(selector: "a:", expected: 1, actual: 3))
  }

  /// The same closure registered first, then the vocabulary that declares the selector's
  /// completion: declaring refuses, naming the service, and declares nothing. Before, the
  /// vocabulary was accepted, and every awaited dispatch then threw "takes 2 arguments …
  /// but 1 was given", blaming the caller and naming no service.
  @Test func aVocabularyDeclaredAfterAnIncompatibleTypedAsyncClosureIsRefused() async throws {
    let dispatcher = Dispatcher(clock: FakeClock(), completionDeadline: .seconds(25))
    let log = CallLog()
    try dispatcher.register(
      service: "fetcher",
      handlers: HandlerTable([
        TypedHandler(Self.fetch) {
          (_: AnyObject, _: @escaping (BackgroundFetchResult) -> Void) async in
          log.record("fetcher")
        }
      ]))
    let refusal = DispatchError.asyncHandlerArityConflict(
      selector: Self.fetch, service: "fetcher", expected: 1, actual: 2)
    #expect(throws: refusal) { try dispatcher.declare(Vocabulary.applicationDelegate) }
    #expect(
      refusal.description
        == "service \"fetcher\" handles `\(Self.fetch)` with an async closure of 2 parameters, "
        + "but declared with a completion handler the selector's async closures take 1 "
        + "(one per ':' but the last: the completion's value is what they return); "
        + "declare the vocabulary before the service registers, or unregister it first")
    // Nothing was declared: the selector still has no completion, and the closure runs.
    let completion: (BackgroundFetchResult) -> Void = { _ in }
    _ = try await dispatcher.answer(to: Self.fetch, params: [Self.app, completion])
    #expect(log.entries == ["fetcher"])
    #expect(dispatcher.unregister(service: "fetcher"))
    try dispatcher.declare(Vocabulary.applicationDelegate)
  }

  @Test func registeringBothKindsIsAllOrNothing() throws {
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.duplicateHandler(selector: "a:", service: "s")) {
      try dispatcher.register(
        service: "s", handlers: ["a:": { _ in nil }, "b:": { _ in nil }],
        asyncHandlers: ["a:": { _ in nil }, "c:": { _ in nil }])
    }
    #expect(!dispatcher.responds(to: "b:") && !dispatcher.responds(to: "c:"))
    #expect(throws: DispatchError.self) {
      try dispatcher.register(
        service: "t", handlers: ["b:": { _ in nil }], asyncHandlers: [":": { _ in nil }])
    }
    #expect(!dispatcher.responds(to: "b:"))
    try dispatcher.register(
      service: "s", handlers: ["b:": { _ in nil }], asyncHandlers: ["c:": { _ in nil }])
    #expect(dispatcher.responds(to: "b:") && dispatcher.responds(to: "c:"))
  }
}

/// The README's async example, verbatim apart from its stand-ins.
@Suite struct ReadmeAsyncTests {
  final class Feed: Sendable {
    func refresh() async -> Bool { true }
  }

  @Test func bothFormsOfACompletionSelectorJoinTheAnswers() async throws {
    let feed = Feed()
    let uiApp = DispatcherAsyncCompletionTests.NSObjectLike()
    let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1]]
    let probe = CompletionProbe<BackgroundFetchResult>()
    let completion = probe.handler
    let push = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
    let app = Dispatcher(vocabulary: .applicationDelegate)
    try app.register(
      service: "feed",
      asyncHandlers: [
        push: { _ in await feed.refresh() ? BackgroundFetchResult.newData : .noData }
      ])
    try app.register(
      service: "mail",
      handlers: [
        push: { params in
          (params[2] as? (BackgroundFetchResult) -> Void)?(.noData)
          return nil
        }
      ])

    _ = try app.dispatch(selector: push, params: [uiApp, userInfo, completion])
    #expect(await probe.firstValue() == .newData)

    let result = try await app.answer(to: push, params: [uiApp, userInfo])
    #expect(result as? BackgroundFetchResult == .newData)
    #expect(try probe.requireCalledOnce() == .newData)
  }
}

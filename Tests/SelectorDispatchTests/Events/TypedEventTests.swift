import Dispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

// Events of a payments vocabulary of the tests' own, declared as an app
// would declare its events.
extension Dispatcher.Event {
  static var paymentDidSucceed: Dispatcher.Event<(String, Int) -> Void> {
    .init("paymentDidSucceed:amount:")
  }
  static var shouldRetryPayment: Dispatcher.Event<(String) -> Bool> { .init("shouldRetryPayment:") }
  /// Declared with one argument too few for its selector.
  static var misdeclared: Dispatcher.Event<(String) -> Void> { .init("refund:amount:") }
}

extension Dispatcher.MainActorEvent {
  static var themeDidChange: Dispatcher.MainActorEvent<(String) -> Void> {
    .init("themeDidChange:")
  }
  static var mayPresent: Dispatcher.MainActorEvent<(String) -> Bool> { .init("mayPresent:") }
}

extension Dispatcher.CompletionEvent {
  static var refresh: Dispatcher.CompletionEvent<(String) -> Bool> {
    .init("refreshFeed:completionHandler:")
  }
  /// Handlers count new items; the vocabulary's completion takes a `Bool`.
  static var refreshCounting: Dispatcher.CompletionEvent<(String) -> Int> {
    .init("refreshFeed:completionHandler:", passing: { $0 > 0 })
  }
}

extension Dispatcher.CompletionEvent {
  static var finishUpload: Dispatcher.CompletionEvent<(String) -> Void> {
    .init("finishUpload:completionHandler:")
  }
}

extension Dispatcher.MainActorCompletionEvent {
  static var refreshOnMain: Dispatcher.MainActorCompletionEvent<(String) -> Bool> {
    .init("refreshFeed:completionHandler:")
  }
  static var sync: Dispatcher.MainActorCompletionEvent<(String) -> Bool> {
    .init("syncAccount:completionHandler:")
  }
}

/// Main-actor state that the main-actor handlers change, as an app's
/// handlers call its main-actor singletons.
@MainActor final class Palette {
  static let shared = Palette()
  var applied: [String] = []
  func apply(_ name: String) { applied.append(name) }
}

@Suite struct TypedEventTests {
  static let domain = Domain("payments")
  static let vocabulary: Vocabulary = {
    let kind = CompletionKind.anySucceeded
    do {
      return try Vocabulary(
        name: "typed events",
        entries: [
          .init(
            "paymentDidSucceed:amount:", domain: domain, fold: .broadcast,
            arguments: [.string, ArgumentType("Int") { $0 is Int }]),
          .init("shouldRetryPayment:", domain: domain, fold: .all, arguments: [.string]),
          .init("themeDidChange:", domain: domain, fold: .broadcast, arguments: [.string]),
          .init("mayPresent:", domain: domain, fold: .all, arguments: [.string]),
          .init(
            "refreshFeed:completionHandler:", domain: domain, fold: .broadcast,
            arguments: [.string], completion: kind),
          .init(
            "finishUpload:completionHandler:", domain: domain, fold: .broadcast,
            arguments: [.string], completion: .void),
          .init(
            "syncAccount:completionHandler:", domain: domain, fold: .broadcast,
            arguments: [.string], completion: kind),
        ])
    } catch {
      preconditionFailure("the tests' vocabulary: \(error)")
    }
  }()

  @Test func aTypedEventsHandlerLandsUnderItsSelectorWithItsTypesInferred() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    let paid = Locked<[String]>([])
    try dispatcher.register(
      Service("receipts") {
        on(.paymentDidSucceed) { order, amount in
          paid.withLock { $0.append("\(order) \(amount)") }
        }
        on(.shouldRetryPayment) { order in order.hasPrefix("retry") }
      })
    _ = try dispatcher.dispatch(selector: "paymentDidSucceed:amount:", params: ["o1", 42])
    #expect(paid.withLock { $0 } == ["o1 42"])
    #expect(
      try dispatcher.dispatch(selector: "shouldRetryPayment:", params: ["retry-7"]) as? Bool == true
    )
    #expect(
      try dispatcher.dispatch(selector: "shouldRetryPayment:", params: ["o2"]) as? Bool == false)
    // The same table entry as the string form's: in one table, the two collide.
    let table = HandlerTable([
      on(.shouldRetryPayment) { _ in true },
      on("shouldRetryPayment:") { (order: String) in false },
    ])
    #expect(table.problem == .duplicateHandler(selector: "shouldRetryPayment:", service: nil))
  }

  @Test func aHandlerThatReturnsNothingHasNoOpinionOnAnEventWithAnAnswer() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    let asked = Locked(0)
    try dispatcher.register(
      Service("audit") {
        on(.shouldRetryPayment) { _ in asked.withLock { $0 += 1 } }
      })
    try dispatcher.register(
      Service("veto") { on(.shouldRetryPayment) { _ in false } })
    #expect(
      try dispatcher.dispatch(selector: "shouldRetryPayment:", params: ["o"]) as? Bool == false)
    #expect(dispatcher.unregister(service: "veto"))
    // `all` with no opinion but the audit's: true, as with no services.
    #expect(
      try dispatcher.dispatch(selector: "shouldRetryPayment:", params: ["o"]) as? Bool == true)
    #expect(asked.withLock { $0 } == 2)
  }

  @Test func anArgumentOfAnotherTypeIsRefusedNamingTheService() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(
      Service("receipts") { on(.paymentDidSucceed) { _, _ in } })
    #expect(
      throws: DispatchError.handlerArgumentTypeMismatch(
        selector: "paymentDidSucceed:amount:", service: "receipts", index: 1, expected: "Int",
        actual: "String")
    ) {
      try dispatcher.dispatch(selector: "paymentDidSucceed:amount:", params: ["o", "42"])
    }
  }

  @Test func anEventDeclaredWithTheWrongArityIsRefusedWhenItsHandlerRegisters() throws {
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.arityMismatch(selector: "refund:amount:", expected: 2, actual: 1))
    {
      try dispatcher.register(
        Service("refunds") { on(.misdeclared) { _ in } })
    }
    #expect(!dispatcher.responds(to: "refund:amount:"))
  }

  @MainActor @Test func aMainActorEventsHandlerCallsMainActorCodeOnTheMainActor() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    // The service is nonisolated; only its closures are main-actor ones.
    try dispatcher.register(
      Service("appearance") {
        on(.themeDidChange) { name in Palette.shared.apply(name) }
        on(.mayPresent) { name in !Palette.shared.applied.contains(name) }
      })
    _ = try dispatcher.dispatch(selector: "themeDidChange:", params: ["dusk"])
    #expect(Palette.shared.applied.last == "dusk")
    #expect(try dispatcher.dispatch(selector: "mayPresent:", params: ["dusk"]) as? Bool == false)
  }

  @Test func aMainActorEventDispatchedOffTheMainThreadThrowsAndTheOthersRun() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    let ran = Locked<[String]>([])
    try dispatcher.register(
      Service("appearance") {
        on(.themeDidChange) { name in Palette.shared.apply(name) }
      })
    try dispatcher.register(
      service: "log", handlers: ["themeDidChange:": { _ in ran.withLock { $0.append("log") } }])
    // A Swift Testing test that is not @MainActor runs on the cooperative pool.
    #expect(
      throws: DispatchError.notOnMainActor(selector: "themeDidChange:", service: "appearance")
    ) {
      try dispatcher.dispatch(selector: "themeDidChange:", params: ["noon"])
    }
    #expect(ran.withLock { $0 } == ["log"])
    let message = DispatchError.notOnMainActor(selector: "themeDidChange:", service: "appearance")
      .description
    #expect(message.contains("service \"appearance\" did not handle `themeDidChange:`"))
    #expect(message.contains("dispatched off the main thread"))
  }

  @Test func aCompletionEventsHandlerReturnsItsValueToTheCompletion() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: FakeClock())
    try dispatcher.register(
      Service("news") { on(.refresh) { feed in feed == "news" } })
    try dispatcher.register(
      Service("counted") { on(.refreshCounting) { _ in 0 } })
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["news", completion])
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["sport", completion])
    #expect(received.withLock { $0 } == [true, false])
  }

  /// A dispatcher on which `refreshFeed:completionHandler:` has no declared completion: not
  /// declared, declared with a fold only, or a vocabulary entry without a completion.
  static func withoutCompletion() throws -> [(String, Dispatcher)] {
    let withFold = Dispatcher()
    try withFold.declare("refreshFeed:completionHandler:", fold: .broadcast)
    let entry = try Vocabulary(
      name: "no completion",
      entries: [
        .init(
          "refreshFeed:completionHandler:", domain: domain, fold: .broadcast,
          arguments: [.string, ArgumentType("a completion") { _ in true }])
      ])
    return [
      ("not declared", Dispatcher()), ("declared with a fold", withFold),
      ("declared without a completion", Dispatcher(vocabulary: entry)),
    ]
  }

  /// A completion event's handler, synchronous or async, main-actor or not, is refused where
  /// the selector has no declared completion, naming the service and saying how to declare
  /// one. Before, the synchronous forms registered silently: no join was made, each service
  /// was handed the caller's own completion, and with two services it ran twice.
  @Test func aCompletionEventsHandlerIsRefusedWhereNoCompletionIsDeclared() async throws {
    let forms: [(String, () -> Service)] = [
      ("sync", { Service("news") { on(.refresh) { _ in true } } }),
      ("async", { Service("news") { on(.refresh) { (_: String) async in true } } }),
      ("main-actor sync", { Service("news") { on(.refreshOnMain) { _ in true } } }),
      (
        "main-actor async", { Service("news") { on(.refreshOnMain) { (_: String) async in true } } }
      ),
    ]
    for (declaration, dispatcher) in try Self.withoutCompletion() {
      for (form, build) in forms {
        let refusal = DispatchError.completionNotDeclared(
          selector: "refreshFeed:completionHandler:", service: "news")
        #expect(throws: refusal, "\(form), \(declaration)") {
          try dispatcher.register(build())
        }
        #expect(!dispatcher.unregister(service: "news"), "nothing of it registered")
      }
    }
    #expect(
      "\(DispatchError.completionNotDeclared(selector: "a:b:", service: "news"))"
        == "service \"news\" handles `a:b:` as a completion event, but the dispatcher declares "
        + "no completion handler for it, so the caller's completion would reach every service; "
        + "declare it first in a vocabulary whose entry has a completion "
        + "(Vocabulary.Entry(_:domain:fold:arguments:completion:))")
  }

  /// With the completion declared, the same two services each get a completion of their own,
  /// and the caller's runs once.
  @Test func withTheCompletionDeclaredTwoServicesCompleteTheCallerOnce() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: FakeClock())
    for name in ["news", "sport"] {
      try dispatcher.register(Service(name) { on(.refresh) { _ in false } })
    }
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["news", completion])
    #expect(received.withLock { $0 } == [false])
  }

  /// One service at two points of a completion event's order: each point gets a completion of
  /// its own, and the caller's runs once, with both folded.
  @Test func aServiceListingACompletionEventTwiceCompletesEachPointOnce() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: FakeClock())
    let ran = Locked<[String]>([])
    try dispatcher.register(
      Service("news") {
        on(.refresh) { _ in
          ran.withLock { $0.append("early") }
          return false
        }
        .priority(10)
        on(.refresh) { _ in
          ran.withLock { $0.append("late") }
          return true
        }
        .priority(-10)
      })
    try dispatcher.register(
      Service("sport") {
        on(.refresh) { _ in
          ran.withLock { $0.append("sport") }
          return false
        }
      })
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["news", completion])
    #expect(ran.withLock { $0 } == ["early", "sport", "late"])
    #expect(received.withLock { $0 } == [true], "any succeeded: the late point's answer")
  }

  @Test func aCompletionEventsValueIsConvertedToTheOneTheKindTakes() async throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: FakeClock())
    try dispatcher.register(
      Service("counted") { on(.refreshCounting) { feed in feed.count } })
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["", completion])
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["abc", completion])
    #expect(received.withLock { $0 } == [false, true])
    #expect(
      try await dispatcher.answer(to: "refreshFeed:completionHandler:", params: ["ab"]) as? Bool
        == true)
  }

  @Test func aCompletionEventsAsyncHandlerIsAwaitedAndBridged() async throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    try dispatcher.register(
      Service("news") {
        on(.refresh) { (feed: String) async in
          await Task.yield()
          return feed == "news"
        }
      })
    #expect(
      try await dispatcher.answer(to: "refreshFeed:completionHandler:", params: ["news"]) as? Bool
        == true)
    #expect(
      try await dispatcher.answer(to: "refreshFeed:completionHandler:", params: ["x"]) as? Bool
        == false)
    // A synchronous dispatch runs it later, and completes then.
    let done = AsyncStream<Bool>.makeStream()
    let completion: (Bool) -> Void = { done.continuation.yield($0) }
    _ = try dispatcher.dispatch(
      selector: "refreshFeed:completionHandler:", params: ["news", completion])
    var values = done.stream.makeAsyncIterator()
    #expect(await values.next() == true)
  }

  @Test func aCompletionHandlerThatThrowsIsNotWaitedFor() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: clock)
    struct Offline: Error {}
    try dispatcher.register(
      Service("broken") {
        on(.refresh) { _ throws -> Bool in throw Offline() }
      })
    try dispatcher.register(
      Service("news") { on(.refresh) { _ in true } })
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    #expect {
      try dispatcher.dispatch(
        selector: "refreshFeed:completionHandler:", params: ["n", completion])
    } throws: { error in
      guard case .handlerFailed(_, "broken", _)? = error as? DispatchError else { return false }
      return true
    }
    // Completed at once with the other service's value, not at the deadline.
    #expect(received.withLock { $0 } == [true])
    #expect(clock.pending == 0)
  }

  @MainActor @Test func aMainActorCompletionEventsHandlersRunOnTheMainActor() async throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    try dispatcher.register(
      Service("accounts") {
        on(.sync) { account in Palette.shared.applied.contains(account) }
      })
    Palette.shared.apply("ada")
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    _ = try dispatcher.dispatch(
      selector: "syncAccount:completionHandler:", params: ["ada", completion])
    #expect(received.withLock { $0 } == [true])
  }

  @Test func aMainActorCompletionEventsAsyncHandlerHopsToTheMainActor() async throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    try dispatcher.register(
      Service("accounts") {
        on(.sync) { (account: String) async in
          MainActor.assertIsolated()
          Palette.shared.apply(account)
          return true
        }
      })
    // Awaited off the main actor: the handler hops to it.
    #expect(
      try await dispatcher.answer(to: "syncAccount:completionHandler:", params: ["grace"]) as? Bool
        == true)
    #expect(await Palette.shared.applied.contains("grace"))
  }

  @Test func aMainActorCompletionEventsSyncHandlerOffTheMainThreadIsNotWaitedFor() throws {
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: clock)
    try dispatcher.register(
      Service("accounts") { on(.sync) { _ in true } })
    let received = Locked<[Bool]>([])
    let completion: (Bool) -> Void = { value in received.withLock { $0.append(value) } }
    #expect(
      throws: DispatchError.notOnMainActor(
        selector: "syncAccount:completionHandler:", service: "accounts")
    ) {
      try dispatcher.dispatch(
        selector: "syncAccount:completionHandler:", params: ["ada", completion])
    }
    #expect(received.withLock { $0 } == [false], "the identity, at once")
    #expect(clock.pending == 0)
  }

  @Test func aVoidCompletionEventsHandlerCompletesWhenItReturns() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary, clock: FakeClock())
    let uploads = Locked<[String]>([])
    try dispatcher.register(
      Service("uploads") {
        on(.finishUpload) { name in uploads.withLock { $0.append(name) } }
      })
    let completed = Locked(0)
    let completion: () -> Void = { completed.withLock { $0 += 1 } }
    _ = try dispatcher.dispatch(
      selector: "finishUpload:completionHandler:", params: ["photo", completion])
    #expect(uploads.withLock { $0 } == ["photo"])
    #expect(completed.withLock { $0 } == 1)
  }

  /// A completion event's handler registers only where the completion is declared, so the
  /// dispatcher checks the caller's completion against the declared kind before any handler
  /// runs, and the caller's completion is still the caller's.
  @Test func aCompletionOfAnotherTypeThanTheEventPassesIsRefused() throws {
    let dispatcher = Dispatcher(vocabulary: Self.vocabulary)
    let called = Locked(0)
    try dispatcher.register(
      Service("counted") {
        on(.refreshCounting) { _ in
          called.withLock { $0 += 1 }
          return 1
        }
      })
    let completion: (Int) -> Void = { _ in }
    #expect(
      throws: DispatchError.argumentTypeMismatch(
        selector: "refreshFeed:completionHandler:", index: 1,
        expected: CompletionKind.anySucceeded.description, actual: "(Int) -> ()")
    ) {
      try dispatcher.dispatch(
        selector: "refreshFeed:completionHandler:", params: ["a", completion])
    }
    #expect(called.withLock { $0 } == 0, "no handler ran")
  }
}

import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch
@testable import SelectorDispatchUIKit

extension ForwardedEvent {
  /// The forwarded event of `selector`, whose handlers take `Signature`.
  init(_ selector: String) { self.init(Dispatcher.MainActorEvent(selector)) }
}

@Suite struct DelegateForwarderTests {
  static let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
  static let present = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
  static let session = "application:handleEventsForBackgroundURLSession:completionHandler:"
  static let shortcut = "windowScene:performActionForShortcutItem:completionHandler:"

  /// A service's handler that calls its completion at once with `value`.
  static func completing<Value>(with value: Value) -> SelectorHandler {
    { params in
      (params.last as? (Value) -> Void)?(value)
      return nil
    }
  }

  /// A forwarder on the adapter's vocabulary, with a fake clock, that records what it reports.
  struct Host {
    let clock = FakeClock()
    let dispatcher: Dispatcher
    let forwarder: DelegateForwarder
    let errors = Locked<[String]>([])
    let diagnostics = DiagnosticLog()

    init() {
      dispatcher = Dispatcher(
        vocabulary: DelegateMethod.vocabulary, clock: clock, completionDeadline: .seconds(25))
      forwarder = DelegateForwarder(dispatcher: dispatcher) { [errors] error in
        errors.withLock { $0.append("\(error)") }
      }
      diagnostics.attach(to: dispatcher)
    }

    /// UIKit's completion, counting its calls and keeping their values.
    func completion<Value>(_: Value.Type) -> CompletionProbe<Value> { CompletionProbe() }
  }

  /// An app's own completion event: its handlers register only where the completion is
  /// declared, which `appSelectors` (a fold per selector) cannot do and the app's vocabulary
  /// does. Each of two services gets a completion of its own, and the caller's runs once.
  @Test func anAppsOwnCompletionEventIsDeclaredByTheAppsVocabulary() throws {
    struct Sync: DispatchService {
      static var account: Dispatcher.CompletionEvent<(String) -> Bool> {
        .init("syncAccount:completionHandler:")
      }
      let name: String
      var handlers: HandlerTable { on(Self.account) { account in account == name } }
    }
    let host = Host()
    let vocabulary = try Vocabulary(
      name: "sync",
      entries: [
        .init(
          "syncAccount:completionHandler:", domain: Domain("sync"), fold: .broadcast,
          arguments: [.string], completion: .anySucceeded)
      ])
    host.forwarder.register(
      [Sync(name: "mail"), Sync(name: "notes")], appVocabulary: vocabulary,
      appSelectors: ["cartDidChange:": .broadcast], by: Host.self)
    let probe = CompletionProbe<Bool>()
    _ = try host.dispatcher.dispatch(
      selector: "syncAccount:completionHandler:", params: ["notes", probe.handler])
    #expect(try probe.requireCalledOnce() == true)
    #expect(host.dispatcher.responds(to: "syncAccount:completionHandler:"))
    #expect(host.diagnostics.entries.isEmpty, "declared, so not reported as a misspelling")
  }

  @Test func anEventReachesEveryServiceWithUIKitsArguments() throws {
    let host = Host()
    let seen = Locked<[String]>([])
    for name in ["a", "b"] {
      try host.dispatcher.register(
        service: name,
        handlers: [
          "sceneDidBecomeActive:": { params in
            seen.withLock { $0.append("\(name) \(params[0])") }
            return nil
          }
        ])
    }
    host.forwarder.event(ForwardedEvent<(String) -> Void>("sceneDidBecomeActive:"), "scene")
    #expect(seen.withLock { $0 } == ["a scene", "b scene"])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  /// A main-actor typed handler of `application:didFinishLaunchingWithOptions:` that answers
  /// `answer` and records its name, and which of its two forms ran: the typed call, given
  /// the dispatch's arguments as they are, or the handler that takes them as `[Any]`.
  @MainActor static func launchHandler(
    _ name: String, answer: Bool, _ calls: Locked<[String]>
  ) -> TypedHandler {
    let selector = "application:didFinishLaunchingWithOptions:"
    let typed = TypedHandler.callingOnMainActor(selector) {
      (app: String, options: [String: Any]?) -> Bool in
      calls.withLock { $0.append("\(name) typed \(app) \(options == nil)") }
      return answer
    }.typed
    return TypedHandler(
      selector: selector, parameterCount: 2,
      handler: { params in
        let options = (params[1] as? [String: Any]).map { "\($0.count) options" } ?? "no options"
        calls.withLock { $0.append("\(name) [Any] \(params[0]) \(options)") }
        return answer
      }, typed: typed)
  }

  /// The adapter's path: a forwarded event calls the typed handlers of its signature with
  /// UIKit's arguments as they are, in priority order, folded by the selector's fold; one
  /// handler of other types sends them all the `[Any]`, with the same order and fold.
  @Test @MainActor func aForwardedEventCallsTypedHandlersOfItsSignatureDirectly() throws {
    let host = Host()
    let calls = Locked<[String]>([])
    try host.dispatcher.register(
      service: "first", priority: 10,
      handlers: HandlerTable([Self.launchHandler("first", answer: true, calls)]))
    try host.dispatcher.register(
      service: "veto", handlers: HandlerTable([Self.launchHandler("veto", answer: false, calls)]))
    let launch = ForwardedEvent<(String, [String: Any]?) -> Bool>(
      "application:didFinishLaunchingWithOptions:")
    #expect(!host.forwarder.ask(launch, "app", nil, or: true), "the veto, folded by .all")
    #expect(calls.withLock { $0 } == ["first typed app true", "veto typed app true"])

    calls.withLock { $0.removeAll() }
    try host.dispatcher.register(
      service: "untyped", priority: 5,
      handlers: [
        launch.key.description: { params in
          calls.withLock { $0.append("untyped [Any] \(params[0])") }
          return true
        }
      ])
    #expect(!host.forwarder.ask(launch, "app", nil, or: true))
    #expect(
      calls.withLock { $0 } == [
        "first [Any] app no options", "untyped [Any] app", "veto [Any] app no options",
      ])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  /// A forwarded event whose arguments are not of the typed handlers' types reaches them
  /// through `[Any]`, an `Optional` argument as the `Optional` it is, as the adapter passed
  /// UIKit's before it dispatched typed.
  @Test @MainActor func aForwardedEventOfOtherTypesTakesTheUntypedPath() throws {
    let host = Host()
    let calls = Locked<[String]>([])
    try host.dispatcher.register(
      service: "first", handlers: HandlerTable([Self.launchHandler("first", answer: false, calls)]))
    let erased = ForwardedEvent<(Any, [String: Any]?) -> Bool>(
      "application:didFinishLaunchingWithOptions:")
    #expect(!host.forwarder.ask(erased, "app" as Any, ["url": "demo://a"], or: true))
    #expect(!host.forwarder.ask(erased, "app" as Any, nil, or: true))
    #expect(
      calls.withLock { $0 } == ["first [Any] app 1 options", "first [Any] app no options"])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  /// A question answered with an object of another type than UIKit's method returns is
  /// reported, and UIKit gets its default: before the adapter dispatched typed, the answer
  /// was dropped without a word. An event's answers are not read, and report nothing.
  @Test @MainActor func anAnswerOfAnotherTypeIsReportedAndUIKitGetsItsDefault() throws {
    let host = Host()
    let restoration = ForwardedEvent<(String) -> Int?>("stateRestorationActivityForScene:")
    try host.dispatcher.register(
      service: "restorer", handlers: [restoration.key.description: { _ in "an activity" }])
    #expect(host.forwarder.ask(restoration, "scene", as: Int.self) == nil)
    let errors = host.errors.withLock { $0 }
    #expect(errors.count == 1)
    #expect(errors.first?.contains("stateRestorationActivityForScene:") == true, "\(errors)")

    try host.dispatcher.register(
      service: "chatty", handlers: ["sceneDidBecomeActive:": { _ in "an answer" }])
    host.forwarder.event(ForwardedEvent<(String) -> Void>("sceneDidBecomeActive:"), "scene")
    #expect(host.errors.withLock { $0 }.count == 1, "nothing more")
  }

  /// A closure among UIKit's arguments (`continueUserActivity`'s restoration handler) goes
  /// down the typed path as it is, and the service's handler can call it.
  @Test @MainActor func aClosureArgumentReachesATypedHandlerAsItIs() throws {
    struct Restorer: DispatchService {
      static let event = Dispatcher.MainActorEvent<
        (String, String, @escaping ([String]?) -> Void) -> Bool
      >("application:continueUserActivity:restorationHandler:")
      var handlers: HandlerTable {
        on(Self.event) { _, activity, restore in
          restore([activity])
          return true
        }
      }
    }
    let host = Host()
    try host.dispatcher.register(Restorer())
    let signature = host.dispatcher.snapshot(of: ForwardedEvent(Restorer.event).key)?
      .typedSignature
    #expect(signature == ObjectIdentifier((String, String, ([String]?) -> Void).self))
    let restored = Locked<[String]?>(nil)
    let restore: ([String]?) -> Void = { objects in restored.withLock { $0 = objects } }
    #expect(
      host.forwarder.ask(ForwardedEvent(Restorer.event), "app", "reading", restore, or: false))
    #expect(restored.withLock { $0 } == ["reading"])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  @Test func aQuestionGetsTheFoldedAnswerOrUIKitsDefault() throws {
    let host = Host()
    let open = ForwardedEvent<(String, URL, [String: Any]) -> Bool>("application:openURL:options:")
    let (app, url) = ("app", URL(fileURLWithPath: "/item/7"))
    #expect(host.forwarder.ask(open, app, url, [:], or: false) == false, "no service: UIKit's")
    #expect(host.forwarder.ask(open, app, url, [:], or: true) == false, "no service: the fold's")
    try host.dispatcher.register(service: "links", handlers: [open.key.description: { _ in true }])
    #expect(host.forwarder.ask(open, app, url, [:], or: false) == true)
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  /// A handler that refuses UIKit's arguments: the error is reported, naming the service,
  /// and UIKit gets its default instead of a crash.
  @Test func aFailedDispatchIsReportedAndUIKitGetsItsDefault() throws {
    let host = Host()
    let launch = ForwardedEvent<(String, [String: Any]?) -> Bool>(
      "application:didFinishLaunchingWithOptions:")
    let selector = launch.key.description
    try host.dispatcher.register(service: "veto", handlers: [selector: { _ in false }])
    try host.dispatcher.register(service: "confused", handlers: [selector: { _ in "yes" }])
    #expect(host.forwarder.ask(launch, "app", nil, or: true))
    let errors = host.errors.withLock { $0 }
    #expect(errors.count == 1)
    #expect(errors.first?.contains("confused") == true, "\(errors)")
  }

  @Test func aCompletionFoldsTheServicesValuesAndRunsOnce() throws {
    let host = Host()
    for (name, result) in [("quiet", BackgroundFetchResult.noData), ("news", .newData)] {
      try host.dispatcher.register(
        service: name,
        handlers: [Self.fetch: Self.completing(with: result)])
    }
    let uiKit = host.completion(UInt.self)
    host.forwarder.event(
      Self.fetch, ["app", [AnyHashable: Any]()],
      completion: { (result: BackgroundFetchResult) in
        uiKit.handler(UIKitValue.backgroundFetchRawValue(result))
      }, fallback: .failed)
    #expect(uiKit.values == [0], "newData, UIKit's raw value 0, once")
    #expect(host.clock.pending == 0)
  }

  @Test func presentationOptionsAreTheUnionOfTheServicesRawValues() throws {
    let host = Host()
    for (name, options) in [("banner", UInt(1 << 4)), ("sound", UInt(1 << 1))] {
      try host.dispatcher.register(
        service: name,
        handlers: [Self.present: Self.completing(with: options)])
    }
    let uiKit = host.completion(UInt.self)
    host.forwarder.event(Self.present, ["center", "note"], completion: uiKit.handler, fallback: 0)
    #expect(uiKit.values == [1 << 4 | 1 << 1])
  }

  /// The shortcut item: one service succeeds, one never calls its completion. UIKit's
  /// completion still runs exactly once, at the deadline, with the folded value, and the
  /// diagnostic names the silent service.
  @Test func aServiceThatNeverCallsItsCompletionIsNamedAtTheDeadline() throws {
    let host = Host()
    try host.dispatcher.register(
      service: "search",
      handlers: [Self.shortcut: Self.completing(with: true)])
    try host.dispatcher.register(service: "forgetful", handlers: [Self.shortcut: { _ in nil }])
    let uiKit = host.completion(Bool.self)
    host.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    #expect(uiKit.values.isEmpty, "it waits for the forgetful service")
    host.clock.advance(by: .seconds(24))
    #expect(uiKit.values.isEmpty, "until the deadline")
    host.clock.advance(by: .seconds(1))
    #expect(uiKit.values == [true])
    #expect(
      host.diagnostics.entries == [
        .completionMissedDeadline(
          selector: Self.shortcut, service: "forgetful", deadlineMilliseconds: 25_000)
      ])
    host.clock.advance(by: .seconds(60))
    #expect(uiKit.values == [true], "once")
  }

  /// A misspelt scene selector on the adapter's dispatcher, which declares both UIKit
  /// vocabularies: reported when the service registers, with the selector it meant, where
  /// before UIKit would silently never call it.
  @Test func aMisspeltSelectorIsReportedWithTheOneItMeant() throws {
    let host = Host()
    try host.dispatcher.register(
      service: "handoff", handlers: ["scene:continueUserActivty:": { _ in nil }])
    #expect(
      host.diagnostics.entries == [
        .undeclaredSelector(
          selector: "scene:continueUserActivty:", service: "handoff",
          suggestion: "scene:continueUserActivity:")
      ])
  }

  /// An async service that answers the shortcut with a `String`, beside one that answers
  /// `true`: the wrong answer is reported, naming the service and both types, and UIKit's
  /// completion runs once, with the other service's answer.
  @Test func aWrongAsyncAnswerIsReportedAndUIKitsCompletionRunsOnce() async throws {
    let host = Host()
    try host.dispatcher.register(
      service: "confused", priority: 1, asyncHandlers: [Self.shortcut: { _ in "opened" }])
    try host.dispatcher.register(service: "search", asyncHandlers: [Self.shortcut: { _ in true }])
    let uiKit = host.completion(Bool.self)
    host.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    #expect(await uiKit.firstValue() == true)
    #expect(try uiKit.requireCalledOnce() == true)
    #expect(
      host.diagnostics.entries == [
        .answerTypeMismatch(
          selector: Self.shortcut, service: "confused", expected: "Bool", actual: "String")
      ])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  /// A dispatch refused before any service ran (here the session identifier is not a
  /// `String`): no service has the completion, so UIKit's runs at once with its default.
  @Test func aDispatchRefusedBeforeTheServicesCallsUIKitsCompletionOnce() throws {
    let host = Host()
    try host.dispatcher.register(service: "downloads", handlers: [Self.session: { _ in nil }])
    let uiKit = host.completion(Void.self)
    host.forwarder.event(Self.session, ["app", 42], completion: { uiKit.handler(()) })
    #expect(uiKit.callCount == 1)
    #expect(host.errors.withLock { $0.count } == 1)
    host.clock.advance(by: .seconds(60))
    #expect(uiKit.callCount == 1, "the dispatcher never had it")
  }

  /// A service whose typed handler refuses UIKit's arguments, after the others ran: the
  /// dispatcher's join has UIKit's completion and calls it once; the fallback does not.
  @Test func aHandlerThatRefusesItsArgumentsLeavesTheCompletionToTheJoin() throws {
    struct Strict: DispatchService {
      var handlers: HandlerTable {
        on(DelegateForwarderTests.shortcut) {
          (scene: Int, item: String, done: @escaping (Bool) -> Void) in done(true)
        }
      }
    }
    let host = Host()
    try host.dispatcher.register(
      service: "search",
      handlers: [Self.shortcut: Self.completing(with: true)])
    try host.dispatcher.register(Strict())
    let uiKit = host.completion(Bool.self)
    host.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    let errors = host.errors.withLock { $0 }
    #expect(errors.count == 1 && errors[0].contains("Strict"), "\(errors)")
    host.clock.advance(by: .seconds(60))
    #expect(uiKit.values == [true])
  }

  /// A handler that calls its completion, then passes on the error of a dispatch of its own
  /// (here the nesting guard's): an error that does not show the handlers ran. UIKit's
  /// completion has already run, from the join; the forwarder's default does not run again.
  @Test func anErrorPassedOnAfterTheCompletionRanDoesNotCallItAgain() throws {
    let host = Host()
    try host.dispatcher.register(
      service: "looping",
      handlers: [
        Self.shortcut: { params in
          (params.last as? (Bool) -> Void)?(true)
          return DispatchError.nestingTooDeep(selector: Self.shortcut, limit: 64)
        }
      ])
    let uiKit = host.completion(Bool.self)
    host.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    #expect(host.errors.withLock { $0.count } == 1, "the error is reported")
    host.clock.advance(by: .seconds(60))
    #expect(uiKit.values == [true], "once, with the service's value")
  }

  /// The same, before the service calls its completion: the forwarder gives UIKit its
  /// default at once, and the service's later call finds the completion taken.
  @Test func anErrorPassedOnBeforeTheCompletionRanGivesTheDefaultOnce() throws {
    let host = Host()
    final class Kept { var completion: ((Bool) -> Void)? }
    let kept = Kept()
    try host.dispatcher.register(
      service: "looping",
      handlers: [
        Self.shortcut: { params in
          kept.completion = params.last as? (Bool) -> Void
          return DispatchError.nestingTooDeep(selector: Self.shortcut, limit: 64)
        }
      ])
    let uiKit = host.completion(Bool.self)
    host.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    #expect(uiKit.values == [false])
    kept.completion?(true)
    host.clock.advance(by: .seconds(60))
    #expect(uiKit.values == [false], "once")
  }

  @Test func onlyErrorsThatNameAServiceShowTheHandlersRan() {
    let after: [DispatchError] = [
      .handlerArgumentTypeMismatch(
        selector: "a:", service: "s", index: 0, expected: "Int", actual: "String"),
      .resultTypeMismatch(selector: "a:", service: "s", expected: "Bool", actual: "String"),
      .handlerFailed(selector: "a:", service: "s", reason: "r"),
      .asyncHandlerNeedsAwait(selector: "a:", service: "s"),
    ]
    let before: [DispatchError] = [
      .arityMismatch(selector: "a:", expected: 1, actual: 2),
      .argumentTypeMismatch(selector: "a:", index: 0, expected: "String", actual: "Int"),
      .nestingTooDeep(selector: "a:", limit: 64),
      .unrecognizedSelector(selector: "a:", suggestion: nil),
    ]
    #expect(after.allSatisfy(DelegateForwarder.wasThrownAfterHandlersRan))
    #expect(!before.contains(where: DelegateForwarder.wasThrownAfterHandlersRan))
  }

  /// A service whose typed handler refuses UIKit's arguments, beside an async one: UIKit's
  /// fetch completion runs with the async service's answer as soon as its handler returns.
  /// Before, it ran only at the 25-second deadline, of the roughly 30 iOS allows, with a
  /// report that the refusing service had not called a completion it never received.
  @Test func aRefusingServiceIsNotWaitedForBesideAnAsyncOne() async throws {
    let host = Host()
    try host.dispatcher.register(
      service: "typed", priority: 1,
      handlers: HandlerTable([
        TypedHandler(Self.fetch) {
          (app: Int, info: [AnyHashable: Any], done: @escaping (BackgroundFetchResult) -> Void) in
          done(.failed)
        }
      ]))
    try host.dispatcher.register(
      service: "news", asyncHandlers: [Self.fetch: { _ in BackgroundFetchResult.newData }])
    let uiKit = host.completion(BackgroundFetchResult.self)
    // Tells when the bridge that runs the async handler after the forwarder returns is done.
    let settled = CompletionProbe<Void>()
    BridgeWatch.current.withValue(BridgeWatch { settled.handler(()) }) {
      host.forwarder.event(
        Self.fetch, ["app", [AnyHashable: Any]()], completion: uiKit.handler, fallback: .failed)
    }
    await settled.firstValue()
    #expect(uiKit.values == [.newData], "the async service's answer, before any deadline")
    #expect(host.clock.pending == 0)
    #expect(host.diagnostics.entries.isEmpty)
    #expect(host.errors.withLock { $0.count } == 1, "the refusal is reported")
  }

  /// A service whose handler of a UIKit event awaits the same event in a
  /// task it runs on the forwarding thread (`Task.immediate`): the chain
  /// stops at the nesting limit. Without it the app died with SIGSEGV
  /// after about 4,000 levels; this loop stops itself at 200.
  @Test func aLoopThroughTaskImmediateStopsAtTheLimit() throws {
    guard #available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let host = Host()
    let runs = Locked(0)
    let selector = "sceneDidBecomeActive:"
    try host.dispatcher.register(
      service: "loop",
      handlers: [
        selector: { [unowned dispatcher = host.dispatcher] params in
          let run = runs.withLock { runs in
            runs += 1
            return runs
          }
          guard run < 200 else { return nil }
          nonisolated(unsafe) let params = params
          Task.immediate { _ = try? await dispatcher.answer(to: selector, params: params) }
          return nil
        }
      ])
    host.forwarder.event(ForwardedEvent<(String) -> Void>(selector), "scene")
    #expect(runs.withLock { $0 } == Dispatcher.maximumNestingDepth)
    #expect(host.diagnostics.entries == [.nestingTooDeep(selector: selector, depth: 65)])
  }
}

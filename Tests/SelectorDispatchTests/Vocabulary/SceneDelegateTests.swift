import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@Suite struct SceneDelegateTests {
  let table = Vocabulary.sceneDelegate

  struct Expected: Sendable, CustomTestStringConvertible {
    let selector: String
    let arguments: [String]
    let fold: Fold
    let completion: String?
    let domain: Domain
    let introduced: String
    let deprecated: String?
    let replacement: String?
    var testDescription: String { selector }

    init(
      _ selector: String, _ arguments: [String], _ fold: Fold, _ domain: Domain,
      iOS introduced: String, completion: String? = nil, deprecated: String? = nil,
      replacement: String? = nil
    ) {
      self.selector = selector
      self.arguments = arguments
      self.fold = fold
      self.completion = completion
      self.domain = domain
      self.introduced = introduced
      self.deprecated = deprecated
      self.replacement = replacement
    }
  }

  /// The 13 `UISceneDelegate` and 6 `UIWindowSceneDelegate` methods, as
  /// Apple's headers and documentation declare them.
  static let expected: [Expected] = [
    Expected(
      "scene:willConnectToSession:options:", ["UIScene", "any", "any"], .broadcast,
      .sceneLifeCycle, iOS: "13.0"),
    Expected("sceneDidDisconnect:", ["UIScene"], .broadcast, .sceneLifeCycle, iOS: "13.0"),
    Expected("sceneDidBecomeActive:", ["UIScene"], .broadcast, .sceneLifeCycle, iOS: "13.0"),
    Expected("sceneWillResignActive:", ["UIScene"], .broadcast, .sceneLifeCycle, iOS: "13.0"),
    Expected("sceneWillEnterForeground:", ["UIScene"], .broadcast, .sceneLifeCycle, iOS: "13.0"),
    Expected("sceneDidEnterBackground:", ["UIScene"], .broadcast, .sceneLifeCycle, iOS: "13.0"),
    Expected(
      "scene:openURLContexts:", ["UIScene", "Set<OpenURLContext>"], .firstTrue,
      .urlResourceOpening, iOS: "13.0"),
    Expected(
      "stateRestorationActivityForScene:", ["UIScene"], .firstNonNil, .stateRestoration,
      iOS: "13.0"),
    Expected(
      "scene:restoreInteractionStateWithUserActivity:", ["UIScene", "any"], .broadcast,
      .stateRestoration, iOS: "13.0"),
    Expected(
      "scene:willContinueUserActivityWithType:", ["UIScene", "String"], .broadcast,
      .activityContinuation, iOS: "13.0"),
    Expected(
      "scene:continueUserActivity:", ["UIScene", "any"], .broadcast, .activityContinuation,
      iOS: "13.0"),
    Expected(
      "scene:didFailToContinueUserActivityWithType:error:", ["UIScene", "String", "Error"],
      .broadcast, .activityContinuation, iOS: "13.0"),
    Expected(
      "scene:didUpdateUserActivity:", ["UIScene", "any"], .broadcast, .activityContinuation,
      iOS: "13.0"),
    Expected(
      "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:",
      ["UIScene", "any", "any", "any"], .broadcast, .sceneGeometry, iOS: "13.0",
      deprecated: "26.0", replacement: "windowScene:didUpdateEffectiveGeometry:"),
    Expected(
      "windowScene:didUpdateEffectiveGeometry:", ["UIScene", "any"], .broadcast, .sceneGeometry,
      iOS: "26.0"),
    Expected(
      "windowScene:performActionForShortcutItem:completionHandler:", ["UIScene", "any"],
      .broadcast, .shortcutItems, iOS: "13.0", completion: "(Bool) -> Void"),
    Expected(
      "windowScene:userDidAcceptCloudKitShareWithMetadata:", ["UIScene", "any"], .broadcast,
      .urlResourceOpening, iOS: "13.0"),
    Expected(
      "supportedInterfaceOrientationsForWindowScene:", ["UIScene"], .nonEmptyIntersection,
      .defaultOrientation, iOS: "27.0"),
    Expected(
      "preferredWindowingControlStyleForScene:", ["UIScene"], .firstNonNil, .sceneGeometry,
      iOS: "26.0"),
  ]

  @Test func holdsExactlyTheNineteenSceneDelegateSelectorsInOrder() {
    #expect(table.name == "sceneDelegate")
    #expect(table.entries.map(\.selector) == Self.expected.map(\.selector))
    #expect(table.entries.count == 19)
    #expect(table.exclusiveDomains.isEmpty, "domains are shared unless a host says otherwise")
  }

  @Test(arguments: expected)
  func eachEntryHasItsSignature(_ expected: Expected) throws {
    let entry = try #require(table[selector: expected.selector])
    try expectDispatchEnforcesArity(of: expected.selector, in: table)
    #expect(entry.arguments.map(\.description) == expected.arguments)
    #expect(entry.fold == expected.fold)
    #expect(entry.completion?.description == expected.completion)
    #expect(entry.domain == expected.domain)
    #expect(entry.availability?.introduced == expected.introduced)
    #expect(entry.availability?.deprecated == expected.deprecated)
    #expect(entry.replacement == expected.replacement)
    #expect(entry.isDeprecated == (expected.replacement != nil))
  }

  @Test func availabilityReadsAsApplesHeadersDo() throws {
    let old = try #require(
      table[
        selector: "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"])
    #expect(old.availability?.description == "iOS 13.0, deprecated in 26.0")
    let new = try #require(table[selector: "windowScene:didUpdateEffectiveGeometry:"])
    #expect(new.availability?.description == "iOS 26.0")
  }

  // MARK: Dispatching

  let scene = EventInjector.StandIn("main")

  func dispatcher() -> Dispatcher { Dispatcher(vocabulary: .sceneDelegate) }

  @Test func voidSceneEventsReachEveryServiceInOrder() throws {
    let dispatcher = dispatcher()
    let log = CallLog()
    for name in ["a", "b", "c"] {
      try dispatcher.register(
        service: name, handlers: ["sceneDidEnterBackground:": log.handler(name, answer: true)])
    }
    #expect(try dispatcher.dispatch(selector: "sceneDidEnterBackground:", params: [scene]) == nil)
    #expect(log.entries == ["a", "b", "c"])
  }

  @Test(arguments: ["stateRestorationActivityForScene:", "preferredWindowingControlStyleForScene:"])
  func objectQuestionsTakeTheFirstAnswer(_ selector: String) throws {
    let dispatcher = dispatcher()
    #expect(
      try dispatcher.dispatch(selector: selector, params: [scene]) == nil,
      "no answer: the host uses UIKit's default")
    let log = CallLog()
    try dispatcher.register(
      service: "silent", priority: 3, handlers: [selector: log.handler("silent")])
    try dispatcher.register(
      service: "first", priority: 2, handlers: [selector: log.handler("first", answer: "one")])
    try dispatcher.register(
      service: "second", priority: 1, handlers: [selector: log.handler("second", answer: "two")])
    #expect(try dispatcher.dispatch(selector: selector, params: [scene]) as? String == "one")
    #expect(log.entries == ["silent", "first"], "later services are not asked")
  }

  struct ShortcutCase: Sendable, CustomTestStringConvertible {
    let answers: [Bool]
    let expected: Bool
    var testDescription: String { "\(answers) -> \(expected)" }
  }

  @Test(arguments: [
    ShortcutCase(answers: [], expected: false),
    ShortcutCase(answers: [false, false], expected: false),
    ShortcutCase(answers: [false, true, false], expected: true),
  ])
  func theShortcutCompletionRunsOnceWithAnyServiceSucceeded(_ test: ShortcutCase) throws {
    let selector = "windowScene:performActionForShortcutItem:completionHandler:"
    let dispatcher = dispatcher()
    let log = CallLog()
    for (index, answer) in test.answers.enumerated() {
      try dispatcher.register(
        service: "s\(index)",
        handlers: HandlerTable([
          TypedHandler(selector) {
            (_: AnyObject, _: Any, completion: @escaping (Bool) -> Void) in
            log.record("s\(index)")
            completion(answer)
          }
        ]))
    }
    let probe = CompletionProbe<Bool>()
    _ = try dispatcher.dispatch(selector: selector, params: [scene, "search", probe.handler])
    #expect(try probe.requireCalledOnce() == test.expected)
    #expect(log.entries == test.answers.indices.map { "s\($0)" })
  }

  @Test func urlContextsAreASetOfOpenURLContexts() throws {
    let dispatcher = dispatcher()
    let opened = Locked<[URL]>([])
    try dispatcher.register(
      service: "links",
      handlers: HandlerTable([
        TypedHandler("scene:openURLContexts:") {
          (_: AnyObject, contexts: Set<OpenURLContext>) in
          opened.withLock {
            $0 += contexts.map(\.url).sorted { $0.absoluteString < $1.absoluteString }
          }
        }
      ]))
    let urls = try ["demo://a", "demo://b"].map { try #require(URL(string: $0)) }
    let contexts = Set(urls.map { OpenURLContext(url: $0, sourceApplication: "com.example") })
    _ = try dispatcher.dispatch(selector: "scene:openURLContexts:", params: [scene, contexts])
    #expect(opened.withLock { $0 } == urls)
  }

  struct WrongArgument: Sendable, CustomTestStringConvertible {
    let selector: String
    let params: [any Sendable]
    let index: Int
    let expected: String
    var testDescription: String { "\(selector) argument \(index)" }
  }

  @Test(arguments: [
    WrongArgument(
      selector: "scene:openURLContexts:", params: ["scene", [URL(fileURLWithPath: "/x")]],
      index: 1, expected: "Set<OpenURLContext>"),
    WrongArgument(
      selector: "scene:openURLContexts:", params: ["scene", "demo://a"], index: 1,
      expected: "Set<OpenURLContext>"),
    WrongArgument(
      selector: "scene:willContinueUserActivityWithType:", params: ["scene", 7], index: 1,
      expected: "String"),
    WrongArgument(
      selector: "scene:didFailToContinueUserActivityWithType:error:",
      params: ["scene", "com.example.view", "not an error"], index: 2, expected: "Error"),
  ])
  func wrongArgumentsThrowBeforeAnyServiceRuns(_ test: WrongArgument) throws {
    let dispatcher = dispatcher()
    let log = CallLog()
    try dispatcher.register(service: "s", handlers: [test.selector: log.handler("s")])
    #expect {
      try dispatcher.dispatch(selector: test.selector, params: test.params)
    } throws: { error in
      guard case DispatchError.argumentTypeMismatch(_, let index, let expected, _) = error
      else { return false }
      return index == test.index && expected == test.expected
    }
    #expect(log.entries.isEmpty)
  }
}

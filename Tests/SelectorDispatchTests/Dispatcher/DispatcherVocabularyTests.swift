import CSelectorDispatch
import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

@Suite struct DispatcherVocabularyTests {
  let launch = "application:didFinishLaunchingWithOptions:"
  let openURL = "application:openURL:options:"
  let url = URL(string: "myapp://item/42")

  struct FoldCase: Sendable, CustomTestStringConvertible {
    let selector: String
    let params: [any Sendable]
    let answers: [Bool?]
    let expected: Bool
    /// The services that run, by index into `answers`.
    let called: [Int]
    var testDescription: String { "\(selector) \(answers) -> \(expected)" }
  }

  static let options: [String: Int] = [:]

  @Test(arguments: [
    // Launch: every service runs, any veto gives false, none gives true.
    FoldCase(
      selector: "application:didFinishLaunchingWithOptions:", params: ["app", [String: Int]()],
      answers: [true, false, true], expected: false, called: [0, 1, 2]),
    FoldCase(
      selector: "application:willFinishLaunchingWithOptions:", params: ["app", [String: Int]()],
      answers: [false, nil, true], expected: false, called: [0, 1, 2]),
    FoldCase(
      selector: "application:didFinishLaunchingWithOptions:", params: ["app", [String: Int]()],
      answers: [], expected: true, called: []),
    // Opening a URL: the first service that claims it; later ones are not asked.
    FoldCase(
      selector: "application:openURL:options:",
      params: ["app", URL(fileURLWithPath: "/x"), [String: Int]()],
      answers: [false, true, true], expected: true, called: [0, 1]),
    FoldCase(
      selector: "application:openURL:options:",
      params: ["app", URL(fileURLWithPath: "/x"), [String: Int]()],
      answers: [], expected: false, called: []),
    FoldCase(
      selector: "application:continueUserActivity:restorationHandler:",
      params: ["app", "activity", "handler"],
      answers: [nil, true, false], expected: true, called: [0, 1]),
    FoldCase(
      selector: "application:willContinueUserActivityWithType:",
      params: ["app", "com.example.view"],
      answers: [false, true, false], expected: true, called: [0, 1, 2]),
    FoldCase(
      selector: "application:shouldAllowExtensionPointIdentifier:",
      params: ["app", "com.apple.keyboard-service"],
      answers: [true, false, true], expected: false, called: [0, 1, 2]),
  ])
  func vocabularyFolds(_ test: FoldCase) throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    for (index, answer) in test.answers.enumerated() {
      try dispatcher.register(
        service: "s\(index)", handlers: [test.selector: log.handler("s\(index)", answer: answer)])
    }
    let result = try dispatcher.dispatch(selector: test.selector, params: test.params)
    #expect(result as? Bool == test.expected)
    #expect(log.entries == test.called.map { "s\($0)" })
  }

  @Test func supportedOrientationsAreTheIntersectionOfTheAnswers() throws {
    let selector = "application:supportedInterfaceOrientationsForWindow:"
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    #expect(try dispatcher.dispatch(selector: selector, params: ["app", "window"]) == nil)
    try dispatcher.register(service: "a", handlers: [selector: { _ in UInt(0b11110) }])
    try dispatcher.register(service: "b", handlers: [selector: { _ in nil }])
    try dispatcher.register(service: "c", handlers: [selector: { _ in UInt(0b00110) }])
    #expect(
      try dispatcher.dispatch(selector: selector, params: ["app", "window"]) as? UInt == 0b110)
  }

  @Test func voidEventsReachEveryService() throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    for name in ["a", "b", "c"] {
      try dispatcher.register(
        service: name, handlers: ["applicationDidEnterBackground:": log.handler(name, answer: true)]
      )
    }
    #expect(try dispatcher.dispatch(selector: "applicationDidEnterBackground:", params: [0]) == nil)
    #expect(log.entries == ["a", "b", "c"])
  }

  struct Mismatch: Sendable, CustomTestStringConvertible {
    let selector: String
    let params: [any Sendable]
    let index: Int
    let expected: String
    let actual: String
    var testDescription: String { "\(selector) #\(index)" }
  }

  @Test(arguments: [
    Mismatch(
      selector: "application:openURL:options:", params: ["app", 42, [String: Int]()],
      index: 1, expected: "URL", actual: "Int"),
    Mismatch(
      selector: "application:openURL:options:",
      params: ["app", URL(fileURLWithPath: "/x"), "not a dictionary"],
      index: 2, expected: "Dictionary", actual: "String"),
    Mismatch(
      selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      params: ["app", "token"], index: 1, expected: "Data", actual: "String"),
    Mismatch(
      selector: "application:didFailToRegisterForRemoteNotificationsWithError:",
      params: ["app", "oops"], index: 1, expected: "Error", actual: "String"),
    Mismatch(
      selector: "application:didFinishLaunchingWithOptions:", params: ["app", [1, 2]],
      index: 1, expected: "Dictionary or nil", actual: "Array<Int>"),
    Mismatch(
      selector: "application:willContinueUserActivityWithType:", params: ["app", 7],
      index: 1, expected: "String", actual: "Int"),
    Mismatch(
      selector: "application:handleEventsForBackgroundURLSession:completionHandler:",
      params: ["app", "session", "not a closure"], index: 2, expected: "() -> Void",
      actual: "String"),
    Mismatch(
      selector: "application:performFetchWithCompletionHandler:",
      params: ["app", { (_: Bool) in } as @Sendable (Bool) -> Void], index: 1,
      expected: "(BackgroundFetchResult) -> Void", actual: "@Sendable (Bool) -> ()"),
  ])
  func wrongArgumentTypesThrowBeforeAnyHandlerRuns(_ test: Mismatch) throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(service: "a", handlers: [test.selector: log.handler("a")])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: test.selector, params: test.params)
    }
    #expect(
      error
        == .argumentTypeMismatch(
          selector: test.selector, index: test.index, expected: test.expected,
          actual: test.actual))
    #expect(log.entries.isEmpty)
  }

  @Test func theFastPathChecksArgumentsToo() throws {
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(service: "a", handlers: [openURL: log.handler("a", answer: true)])
    let key = try SelectorKey(openURL)
    #expect(throws: DispatchError.self) { try dispatcher.dispatch(key, params: ["app", 1, [:]]) }
    #expect(log.entries.isEmpty)
    #expect(try dispatcher.dispatch(key, params: ["app", url as Any, [:]]) as? Bool == true)
    #expect(log.entries == ["a"])
  }

  @Test func nilLaunchOptionsAndUIKitStyleKeysAreAccepted() throws {
    struct LaunchOptionsKey: RawRepresentable, Hashable { let rawValue: String }
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(service: "a", handlers: [launch: { _ in true }])
    let none: [LaunchOptionsKey: Any]? = nil
    let some: [LaunchOptionsKey: Any]? = [LaunchOptionsKey(rawValue: "url"): 1]
    #expect(
      try dispatcher.dispatch(selector: launch, params: ["app", none as Any]) as? Bool == true)
    #expect(
      try dispatcher.dispatch(selector: launch, params: ["app", some as Any]) as? Bool == true)
    let extensionPoint = "application:shouldAllowExtensionPointIdentifier:"
    try dispatcher.register(service: "b", handlers: [extensionPoint: { _ in false }])
    let identifier = LaunchOptionsKey(rawValue: "com.apple.keyboard-service")
    #expect(
      try dispatcher.dispatch(selector: extensionPoint, params: ["app", identifier]) as? Bool
        == false)
  }

  @Test func respondsReflectsHandlersNotTheVocabulary() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    for entry in Vocabulary.applicationDelegate.entries {
      #expect(!dispatcher.responds(to: entry.selector), "\(entry.selector)")
    }
    try dispatcher.register(service: "links", handlers: [openURL: { _ in true }])
    let responding = Vocabulary.applicationDelegate.entries.map(\.selector).filter {
      dispatcher.responds(to: $0)
    }
    #expect(responding == [openURL])
    dispatcher.unregister(service: "links")
    #expect(!dispatcher.responds(to: openURL))
  }

  @Test func declaredButUnhandledSelectorsAnswerTheIdentity() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    #expect(try dispatcher.dispatch(selector: launch, params: ["app", [:]]) as? Bool == true)
    #expect(
      try dispatcher.dispatch(selector: openURL, params: ["app", url as Any, [:]]) as? Bool == false
    )
    #expect(try dispatcher.dispatch(selector: "applicationWillTerminate:", params: ["app"]) == nil)
  }

  /// `paymentDidSucceed:` (broadcast) and `shouldRetryPayment:` (`all`),
  /// each taking a `String`.
  static func payments() throws -> Vocabulary {
    try Vocabulary(
      name: "payments",
      entries: [
        .init(
          "paymentDidSucceed:", domain: Domain("payments"), fold: .broadcast,
          arguments: [.string]),
        .init("shouldRetryPayment:", domain: Domain("payments"), fold: .all, arguments: [.string]),
      ])
  }

  @Test func declaringAVocabularyIsAllOrNothing() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldRetryPayment:", fold: .any)
    let vocabulary = try Self.payments()
    let error = try #require(throws: DispatchError.self) { try dispatcher.declare(vocabulary) }
    guard case .conflictingDeclaration(let selector, "any", _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(selector == "shouldRetryPayment:")
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: "paymentDidSucceed:", params: ["x"])
    }
    // The same vocabulary twice is fine; so is adding it to the app delegate's.
    let app = Dispatcher(vocabulary: .applicationDelegate)
    try app.declare(.applicationDelegate)
    try app.declare(try Vocabulary(name: "more", entries: [vocabulary.entries[0]]))
    #expect(
      throws: DispatchError.argumentTypeMismatch(
        selector: "paymentDidSucceed:", index: 0, expected: "String", actual: "Int")
    ) {
      try app.dispatch(selector: "paymentDidSucceed:", params: [5])
    }
  }

  @Test func aVocabularyThatFailsToDeclareRetiresNoPublishedSnapshot() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldRetryPayment:", fold: .any)
    try dispatcher.register(service: "a", handlers: ["paymentDidSucceed:": { _ in nil }])
    // Publishes the snapshot that the vocabulary's first entry would replace.
    _ = try dispatcher.dispatch(selector: "paymentDidSucceed:", params: ["x"])
    let published = try #require(dispatcher.snapshot(of: "paymentDidSucceed:"))
    let vocabulary = try Self.payments()
    #expect(throws: DispatchError.self) { try dispatcher.declare(vocabulary) }
    // Still published and not marked retired: a retired mark would send
    // every later dispatch of it through the clean-up of `retiredWhileRead`.
    #expect(dispatcher.snapshot(of: "paymentDidSucceed:") === published)
    #expect(csd_readers_gone(try #require(published.readers)) == 0)
  }

  @Test func registeringForADeprecatedSelectorIsReported() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(
      service: "legacy",
      handlers: [
        "application:handleOpenURL:": { _ in true }, launch: { _ in true },
      ])
    #expect(
      diagnostics.entries == [
        .deprecatedSelector(
          selector: "application:handleOpenURL:", service: "legacy",
          replacement: "scene:openURLContexts:")
      ], "launching is current: only the deprecated selector is reported")
  }
}

extension DispatcherVocabularyTests {
  @Test func aPlainDeclarationWithTheSameFoldGainsTheSignature() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(openURL, fold: .firstTrue)
    try dispatcher.declare(.applicationDelegate)
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: openURL, params: ["app", "not a URL", [:]])
    }
    #expect(
      throws: DispatchError.conflictingDeclaration(
        selector: openURL, declared: "firstTrue", requested: "any")
    ) {
      try dispatcher.declare(openURL, fold: .any)
    }
    try dispatcher.declare(openURL, fold: .firstTrue)
  }
}

/// Exclusive domains across a batch: services registered together (from a
/// manifest or `register(contentsOf:)`) count against each other.
@Suite struct DispatcherVocabularyBatchTests {
  struct Opener: DispatchService {
    let name: String
    var handlers: HandlerTable { ["application:openURL:options:": { _ in true }] }
  }

  @Test func twoServicesOfOneBatchCannotShareAnExclusiveDomain() throws {
    let dispatcher = Dispatcher(
      vocabulary: Vocabulary.applicationDelegate.exclusive([.urlResourceOpening]))
    #expect(
      throws: DispatchError.exclusiveDomainConflict(
        domain: "URL resource opening", selector: "application:openURL:options:",
        service: "second", owner: "first")
    ) {
      try dispatcher.register(contentsOf: [Opener(name: "first"), Opener(name: "second")])
    }
    #expect(!dispatcher.responds(to: "application:openURL:options:"), "nothing registered")
    // The failed batch's claim was undone: a later service may take the domain.
    try dispatcher.register(Opener(name: "later"))
    #expect(dispatcher.responds(to: "application:openURL:options:"))
  }
}

/// A service's selector that the dispatcher's vocabulary does not declare: reported when it
/// registers, with the nearest declared selector, unless the app declared it as its own.
@Suite struct DispatcherUndeclaredSelectorTests {
  static let continueActivity = "scene:continueUserActivity:"
  static let misspelt = "scene:continueUserActivty:"
  static let track = "track:category:"

  /// A dispatcher on the scene vocabulary that records its diagnostics.
  static func scenes() -> (Dispatcher, DiagnosticLog) {
    let dispatcher = Dispatcher(vocabulary: .sceneDelegate)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    return (dispatcher, diagnostics)
  }

  @Test func aMisspeltSelectorIsReportedWithTheDeclaredOneItMeant() throws {
    let (dispatcher, diagnostics) = Self.scenes()
    try dispatcher.register(
      service: "handoff",
      handlers: [Self.misspelt: { _ in nil }, "sceneDidBecomeActive:": { _ in nil }])
    #expect(
      diagnostics.entries == [
        .undeclaredSelector(
          selector: Self.misspelt, service: "handoff", suggestion: Self.continueActivity)
      ], "the declared selector is not reported")
    #expect(
      diagnostics.entries.first?.description
        == "service \"handoff\" handles `scene:continueUserActivty:`, which the dispatcher's "
        + "vocabulary does not declare; did you mean `scene:continueUserActivity:`? If it is "
        + "an event of the app's own, declare it before registering")
    #expect(dispatcher.responds(to: Self.misspelt), "reported, not refused: it is registered")
  }

  @Test func eachUndeclaredSelectorOfEachServiceIsReportedInOrder() throws {
    let (dispatcher, diagnostics) = Self.scenes()
    struct Tracker: DispatchService {
      let name: String
      var handlers: HandlerTable {
        [
          DispatcherUndeclaredSelectorTests.track: { _ in nil }, "zoom:": { _ in nil },
          "sceneWillEnterForeground:": { _ in nil },
        ]
      }
    }
    try dispatcher.register(contentsOf: [Tracker(name: "one"), Tracker(name: "two")])
    #expect(
      diagnostics.entries == [
        .undeclaredSelector(selector: Self.track, service: "one", suggestion: nil),
        .undeclaredSelector(selector: "zoom:", service: "one", suggestion: nil),
        .undeclaredSelector(selector: Self.track, service: "two", suggestion: nil),
        .undeclaredSelector(selector: "zoom:", service: "two", suggestion: nil),
      ])
  }

  @Test func anEventTheAppDeclaresIsNotReported() throws {
    let (dispatcher, diagnostics) = Self.scenes()
    try dispatcher.declare(Self.track, fold: .collect)
    let own = try Vocabulary(
      name: "app",
      entries: [.init("didSync:", domain: Domain("sync"), fold: .all, arguments: [.any])])
    try dispatcher.declare(own)
    try dispatcher.register(
      service: "analytics", handlers: [Self.track: { _ in nil }, "didSync:": { _ in true }])
    #expect(diagnostics.entries.isEmpty)
    #expect(try dispatcher.dispatch(selector: "didSync:", params: [1]) as? Bool == true)
  }

  @Test func aDispatcherWithoutAVocabularyTakesAnySelectorSilently() throws {
    let dispatcher = Dispatcher()
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(service: "handoff", handlers: [Self.misspelt: { _ in nil }])
    #expect(diagnostics.entries.isEmpty)
  }

  /// Services registered before the dispatcher's first vocabulary are checked when it is
  /// declared, once: a second vocabulary reports them no more.
  @Test func servicesRegisteredBeforeTheVocabularyAreReportedWhenItIsDeclared() throws {
    let dispatcher = Dispatcher()
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(service: "handoff", handlers: [Self.misspelt: { _ in nil }])
    try dispatcher.declare(.sceneDelegate)
    try dispatcher.declare(.applicationDelegate)
    #expect(
      diagnostics.entries == [
        .undeclaredSelector(
          selector: Self.misspelt, service: "handoff", suggestion: Self.continueActivity)
      ])
  }
}

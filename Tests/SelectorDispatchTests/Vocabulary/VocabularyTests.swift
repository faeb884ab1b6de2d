import Testing

@testable import SelectorDispatch

@Suite struct VocabularyTests {
  let table = Vocabulary.applicationDelegate

  /// Every selector the module-manager pattern (AppModuleManager) forwards.
  static let moduleManagerSelectors = [
    "applicationDidFinishLaunching:",
    "application:willFinishLaunchingWithOptions:",
    "application:didFinishLaunchingWithOptions:",
    "applicationWillResignActive:",
    "applicationDidEnterBackground:",
    "applicationWillEnterForeground:",
    "applicationDidBecomeActive:",
    "applicationWillTerminate:",
    "applicationDidReceiveMemoryWarning:",
    "application:handleOpenURL:",
    "application:openURL:sourceApplication:annotation:",
    "application:openURL:options:",
    "application:didRegisterForRemoteNotificationsWithDeviceToken:",
    "application:didFailToRegisterForRemoteNotificationsWithError:",
    "application:didReceiveRemoteNotification:fetchCompletionHandler:",
    "application:didReceiveRemoteNotification:",
    "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
    "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:"
      + "completionHandler:",
    "userNotificationCenter:willPresentNotification:withCompletionHandler:",
    "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
    "application:didReceiveLocalNotification:",
    "application:handleActionWithIdentifier:forLocalNotification:completionHandler:",
    "application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:"
      + "completionHandler:",
    "application:didRegisterUserNotificationSettings:",
    "application:willContinueUserActivityWithType:",
    "application:continueUserActivity:restorationHandler:",
    "application:didUpdateUserActivity:",
    "application:didFailToContinueUserActivityWithType:error:",
    "application:performActionForShortcutItem:completionHandler:",
  ]

  @Test(arguments: moduleManagerSelectors)
  func coversEverySelectorTheModuleManagerForwards(_ selector: String) throws {
    #expect(table[selector: selector] != nil)
    try expectDispatchEnforcesArity(of: selector, in: table)
  }

  struct Expectation: Sendable, CustomTestStringConvertible {
    let selector: String
    let domain: Domain
    let fold: Fold
    var testDescription: String { selector }
  }

  @Test(arguments: [
    Expectation(
      selector: "application:willFinishLaunchingWithOptions:", domain: .appState, fold: .all),
    Expectation(
      selector: "application:didFinishLaunchingWithOptions:", domain: .appState, fold: .all),
    Expectation(
      selector: "application:openURL:options:", domain: .urlResourceOpening, fold: .firstTrue),
    Expectation(
      selector: "application:continueUserActivity:restorationHandler:",
      domain: .activityContinuation, fold: .firstTrue),
    Expectation(
      selector: "application:willContinueUserActivityWithType:", domain: .activityContinuation,
      fold: .any),
    Expectation(
      selector: "application:shouldAllowExtensionPointIdentifier:", domain: .extensions,
      fold: .all),
    Expectation(
      selector: "application:supportedInterfaceOrientationsForWindow:",
      domain: .defaultOrientation, fold: .nonEmptyIntersection),
    Expectation(selector: "applicationDidEnterBackground:", domain: .appState, fold: .broadcast),
    Expectation(
      selector: "applicationShouldRequestHealthAuthorization:", domain: .health,
      fold: .broadcast),
    Expectation(
      selector: "applicationProtectedDataWillBecomeUnavailable:", domain: .protectedData,
      fold: .broadcast),
    Expectation(
      selector: "application:handleWatchKitExtensionRequest:reply:", domain: .watchInteraction,
      fold: .broadcast),
    Expectation(
      selector: "application:configurationForConnectingSceneSession:options:", domain: .scenes,
      fold: .firstNonNil),
    Expectation(
      selector: "userNotificationCenter:openSettingsForNotification:",
      domain: .userNotifications, fold: .broadcast),
  ])
  func requiredFoldsAndDomains(_ expected: Expectation) throws {
    let entry = try #require(table[selector: expected.selector])
    #expect(entry.fold == expected.fold)
    #expect(entry.domain == expected.domain)
  }

  @Test func everyEntryIsConsistent() throws {
    #expect(table.entries.count >= 50)
    for entry in table.entries {
      try expectDispatchEnforcesArity(of: entry.selector, in: table)
      if entry.completion != nil {
        #expect(entry.fold == .broadcast, "completion selectors answer through the completion")
      }
    }
  }

  @Test func coversTheThirteenDecoupledDomainsPlusUserNotificationsAndScenes() {
    let expected = Set(Domain.decoupledAppDelegateDomains + [.userNotifications, .scenes])
    #expect(Domain.decoupledAppDelegateDomains.count == 13)
    #expect(Set(table.domains) == expected)
    #expect(table.domains.count == 15)
  }

  @Test(arguments: [
    // Their old replacement, application:openURL:options:, is deprecated too.
    ("application:handleOpenURL:", "scene:openURLContexts:"),
    ("application:openURL:sourceApplication:annotation:", "scene:openURLContexts:"),
    (
      "application:didReceiveRemoteNotification:",
      "application:didReceiveRemoteNotification:fetchCompletionHandler:"
    ),
    ("application:shouldSaveApplicationState:", "application:shouldSaveSecureApplicationState:"),
    (
      "application:shouldRestoreApplicationState:",
      "application:shouldRestoreSecureApplicationState:"
    ),
    (
      "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
      "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    ),
  ])
  func deprecatedEntriesNameTheirReplacement(_ selector: String, _ replacement: String) throws {
    let entry = try #require(table[selector: selector])
    #expect(entry.isDeprecated)
    #expect(entry.replacement == replacement)
    #expect(entry.description.contains("deprecated, use \(replacement)"))
  }

  @Test(arguments: [
    "applicationDidFinishLaunching:", "application:didFinishLaunchingWithOptions:",
    "applicationWillTerminate:", "applicationDidReceiveMemoryWarning:",
    "application:didRegisterForRemoteNotificationsWithDeviceToken:",
    "application:didReceiveRemoteNotification:fetchCompletionHandler:",
    "application:handleEventsForBackgroundURLSession:completionHandler:",
    "application:configurationForConnectingSceneSession:options:",
    "application:didDiscardSceneSessions:",
    "userNotificationCenter:willPresentNotification:withCompletionHandler:",
  ])
  func currentEntriesAreNotDeprecated(_ selector: String) throws {
    #expect(try #require(table[selector: selector]).isDeprecated == false)
  }

  struct CompletionExpectation: Sendable, CustomTestStringConvertible {
    let selector: String
    let type: String
    var testDescription: String { selector }
  }

  @Test(arguments: [
    CompletionExpectation(
      selector: "application:performFetchWithCompletionHandler:",
      type: "(BackgroundFetchResult) -> Void"),
    CompletionExpectation(
      selector: "application:didReceiveRemoteNotification:fetchCompletionHandler:",
      type: "(BackgroundFetchResult) -> Void"),
    CompletionExpectation(
      selector: "application:handleEventsForBackgroundURLSession:completionHandler:",
      type: "() -> Void"),
    CompletionExpectation(
      selector: "application:performActionForShortcutItem:completionHandler:",
      type: "(Bool) -> Void"),
    CompletionExpectation(
      selector: "userNotificationCenter:willPresentNotification:withCompletionHandler:",
      type: "(UInt) -> Void"),
    CompletionExpectation(
      selector: "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
      type: "() -> Void"),
    CompletionExpectation(
      selector: "application:handleWatchKitExtensionRequest:reply:",
      type: "(Optional<Dictionary<AnyHashable, Any>>) -> Void"),
    CompletionExpectation(
      selector: "application:handleActionWithIdentifier:forLocalNotification:completionHandler:",
      type: "() -> Void"),
  ])
  func completionSelectorsDeclareTheirCompletion(_ expected: CompletionExpectation) throws {
    let entry = try #require(table[selector: expected.selector])
    #expect(entry.completion?.description == expected.type)
  }

  @Test func openURLChecksItsURLAndDictionary() throws {
    let entry = try #require(table[selector: "application:openURL:options:"])
    #expect(entry.arguments.map(\.description) == ["any", "URL", "Dictionary"])
    #expect(
      entry.description
        == "application:openURL:options:(any, URL, Dictionary) firstTrue "
        + "[URL resource opening; deprecated, use scene:openURLContexts:]")
  }

  @Test func customVocabulariesAreBuiltTheSameWay() throws {
    let payments = Domain("payments")
    let vocabulary = try Vocabulary(
      name: "payments",
      entries: [
        .init(
          "paymentDidSucceed:amount:", domain: payments, fold: .broadcast,
          arguments: [.string, ArgumentType("Int") { $0 is Int }]),
        .init("shouldRetryPayment:", domain: payments, fold: .all, arguments: [.string]),
      ])
    #expect(vocabulary.domains == [payments])
    #expect(vocabulary[selector: "shouldRetryPayment:"]?.fold == .all)
    #expect(vocabulary[selector: "unknown:"] == nil)
    #expect(vocabulary.exclusive([payments]).exclusiveDomains == [payments])
    #expect(vocabulary.exclusiveDomains.isEmpty)
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let entries: [Vocabulary.Entry]
    let error: DispatchError
    var testDescription: String { error.description }
  }

  @Test(arguments: [
    Invalid(
      entries: [.init("bad selector", domain: .appState, fold: .broadcast, arguments: [])],
      error: .malformedSelector(
        selector: "bad selector", offset: 3,
        reason: "unexpected space (U+0020); expected an ASCII letter, digit, '_' or ':'")),
    Invalid(
      entries: [.init("a:b:", domain: .appState, fold: .broadcast, arguments: [.any])],
      error: .arityMismatch(selector: "a:b:", expected: 2, actual: 1)),
    Invalid(
      entries: [
        .init(
          "a:", domain: .appState, fold: .broadcast, arguments: [.any],
          completion: .void)
      ],
      error: .arityMismatch(selector: "a:", expected: 1, actual: 2)),
    Invalid(
      entries: [
        .init("a:", domain: .appState, fold: .broadcast, arguments: [.any]),
        .init("a:", domain: .appState, fold: .all, arguments: [.any]),
      ],
      error: .duplicateVocabularyEntry(vocabulary: "bad", selector: "a:")),
  ])
  func invalidVocabulariesAreRejected(_ test: Invalid) {
    #expect(throws: test.error) { try Vocabulary(name: "bad", entries: test.entries) }
  }
}

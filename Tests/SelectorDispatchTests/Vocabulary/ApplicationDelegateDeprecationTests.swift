import SelectorDispatch
import SelectorDispatchTesting
import Testing

/// `Vocabulary.applicationDelegate` on the iOS 26/27 SDK: the app-delegate
/// methods the scene delegate replaces are deprecated and name their scene
/// selector.
@Suite struct ApplicationDelegateDeprecationTests {
  struct Deprecation: Sendable, CustomTestStringConvertible {
    let selector: String
    let replacement: String
    let deprecated: String
    var testDescription: String { selector }

    init(_ selector: String, _ replacement: String, in deprecated: String = "26.0") {
      self.selector = selector
      self.replacement = replacement
      self.deprecated = deprecated
    }
  }

  /// The twelve of the iOS 26 and 27 SDKs.
  static let twelve = [
    Deprecation("applicationDidBecomeActive:", "sceneDidBecomeActive:"),
    Deprecation("applicationWillResignActive:", "sceneWillResignActive:"),
    Deprecation("applicationDidEnterBackground:", "sceneDidEnterBackground:"),
    Deprecation("applicationWillEnterForeground:", "sceneWillEnterForeground:"),
    Deprecation("application:openURL:options:", "scene:openURLContexts:"),
    Deprecation(
      "application:performActionForShortcutItem:completionHandler:",
      "windowScene:performActionForShortcutItem:completionHandler:"),
    Deprecation(
      "application:willContinueUserActivityWithType:", "scene:willContinueUserActivityWithType:"),
    Deprecation(
      "application:continueUserActivity:restorationHandler:", "scene:continueUserActivity:"),
    Deprecation(
      "application:didFailToContinueUserActivityWithType:error:",
      "scene:didFailToContinueUserActivityWithType:error:"),
    Deprecation("application:didUpdateUserActivity:", "scene:didUpdateUserActivity:"),
    Deprecation(
      "application:userDidAcceptCloudKitShareWithMetadata:",
      "windowScene:userDidAcceptCloudKitShareWithMetadata:"),
    Deprecation(
      "application:supportedInterfaceOrientationsForWindow:",
      "supportedInterfaceOrientationsForWindowScene:", in: "27.0"),
  ]

  /// Older deprecations whose replacement is now deprecated too.
  static let older = [
    Deprecation("application:handleOpenURL:", "scene:openURLContexts:", in: "9.0"),
    Deprecation(
      "application:openURL:sourceApplication:annotation:", "scene:openURLContexts:", in: "9.0"),
  ]

  @Test(arguments: twelve + older)
  func eachNamesItsSceneSelectorAndTheReleaseThatDeprecatedIt(_ test: Deprecation) throws {
    let entry = try #require(Vocabulary.applicationDelegate[selector: test.selector])
    #expect(entry.replacement == test.replacement)
    #expect(entry.availability?.deprecated == test.deprecated)
    #expect(entry.availability?.introduced != nil)
    let replacement = try #require(
      Vocabulary.sceneDelegate[selector: test.replacement], "the replacement is a scene selector")
    #expect(replacement.domain == entry.domain || entry.domain == .appState)
    #expect(!replacement.isDeprecated)
  }

  @Test(arguments: twelve + older)
  func registeringOneReportsItsReplacement(_ test: Deprecation) throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    let log = DiagnosticLog()
    log.attach(to: dispatcher)
    try dispatcher.register(service: "legacy", handlers: [test.selector: { _ in nil }])
    #expect(
      log.entries == [
        .deprecatedSelector(
          selector: test.selector, service: "legacy", replacement: test.replacement)
      ])
    #expect(log.entries.first?.description.contains("handle \(test.replacement) instead") == true)
  }

  /// Every deprecated selector of both tables records the release that deprecated it, the one
  /// its typed event's `@available` names: the table of UIKit's methods writes it once for both.
  @Test func everyDeprecatedSelectorRecordsItsRelease() {
    let entries = Vocabulary.applicationDelegate.entries + Vocabulary.sceneDelegate.entries
    let deprecated = entries.filter(\.isDeprecated)
    #expect(deprecated.count == 29)
    for entry in deprecated {
      #expect(entry.availability?.deprecated != nil, "\(entry.selector)")
    }
    #expect(
      Vocabulary.applicationDelegate[selector: "application:performFetchWithCompletionHandler:"]?
        .availability?.deprecated == "13.0")
    #expect(
      Vocabulary.applicationDelegate[selector: "application:shouldSaveApplicationState:"]?
        .availability?.deprecated == "13.2")
  }

  @Test func theOnesThatStayOnTheAppDelegateAreCurrent() throws {
    let deprecated = Vocabulary.applicationDelegate.entries.filter {
      $0.availability?.deprecated == "26.0" || $0.availability?.deprecated == "27.0"
    }
    #expect(Set(deprecated.map(\.selector)) == Set(Self.twelve.map(\.selector)))
    for selector in [
      "application:didFinishLaunchingWithOptions:", "applicationWillTerminate:",
      "applicationDidReceiveMemoryWarning:",
      "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      "application:handleEventsForBackgroundURLSession:completionHandler:",
      "application:configurationForConnectingSceneSession:options:",
      "application:didDiscardSceneSessions:",
    ] {
      #expect(
        Vocabulary.applicationDelegate[selector: selector]?.isDeprecated == false, "\(selector)")
    }
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

/// The domain-delegates pattern, JSDecoupledAppDelegate: `UIApplicationDelegate` split into 13
/// domain protocols, with exactly one delegate object per domain, assigned
/// from `+load` (`[JSDecoupledAppDelegate sharedAppDelegate].appStateDelegate
/// = [self new]`).
///
/// Rebuilt with the vocabulary's domains made exclusive. Its users asked for
/// several observers per domain (JSDecoupledAppDelegate PR #4, #12): a
/// domain that is not exclusive takes any number of services.
@Suite struct DomainDelegatesPatternTests {
  struct DomainCase: Sendable, CustomTestStringConvertible {
    let domain: Domain
    /// Handled by the domain's delegate.
    let selector: String
    /// Another selector of the same domain, tried by a second delegate.
    let other: String
    var testDescription: String { domain.name }
  }

  static let domains = [
    DomainCase(
      domain: .appState, selector: "applicationDidBecomeActive:",
      other: "applicationWillTerminate:"),
    DomainCase(
      domain: .defaultOrientation, selector: "application:supportedInterfaceOrientationsForWindow:",
      other: "application:supportedInterfaceOrientationsForWindow:"),
    DomainCase(
      domain: .backgroundFetch,
      selector: "application:handleEventsForBackgroundURLSession:completionHandler:",
      other: "application:performFetchWithCompletionHandler:"),
    DomainCase(
      domain: .remoteNotifications,
      selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      other: "application:didFailToRegisterForRemoteNotificationsWithError:"),
    DomainCase(
      domain: .localNotifications, selector: "application:didReceiveLocalNotification:",
      other: "application:didRegisterUserNotificationSettings:"),
    DomainCase(
      domain: .stateRestoration, selector: "application:shouldSaveSecureApplicationState:",
      other: "application:willEncodeRestorableStateWithCoder:"),
    DomainCase(
      domain: .urlResourceOpening, selector: "application:openURL:options:",
      other: "application:handleOpenURL:"),
    DomainCase(
      domain: .shortcutItems,
      selector: "application:performActionForShortcutItem:completionHandler:",
      other: "application:performActionForShortcutItem:completionHandler:"),
    DomainCase(
      domain: .health, selector: "applicationShouldRequestHealthAuthorization:",
      other: "applicationShouldRequestHealthAuthorization:"),
    DomainCase(
      domain: .protectedData, selector: "applicationProtectedDataDidBecomeAvailable:",
      other: "applicationProtectedDataWillBecomeUnavailable:"),
    DomainCase(
      domain: .watchInteraction, selector: "application:handleWatchKitExtensionRequest:reply:",
      other: "application:handleWatchKitExtensionRequest:reply:"),
    DomainCase(
      domain: .extensions, selector: "application:shouldAllowExtensionPointIdentifier:",
      other: "application:shouldAllowExtensionPointIdentifier:"),
    DomainCase(
      domain: .activityContinuation,
      selector: "application:continueUserActivity:restorationHandler:",
      other: "application:didUpdateUserActivity:"),
  ]

  /// `JSDecoupledAppDelegate`: every one of its 13 domains is exclusive.
  static func decoupledAppDelegate() -> Dispatcher {
    Dispatcher(
      vocabulary: Vocabulary.applicationDelegate.exclusive(Domain.decoupledAppDelegateDomains))
  }

  @Test func theThirteenDomainsAreTheOriginals() {
    #expect(Self.domains.map(\.domain) == Domain.decoupledAppDelegateDomains)
    for test in Self.domains {
      #expect(Vocabulary.applicationDelegate[selector: test.selector]?.domain == test.domain)
      #expect(Vocabulary.applicationDelegate[selector: test.other]?.domain == test.domain)
    }
  }

  @Test(arguments: domains)
  func eachDomainTakesExactlyOneDelegate(_ test: DomainCase) throws {
    let appDelegate = Self.decoupledAppDelegate()
    try appDelegate.register(service: "delegate", handlers: [test.selector: { _ in nil }])
    let error = try #require(throws: DispatchError.self) {
      try appDelegate.register(service: "second", handlers: [test.other: { _ in nil }])
    }
    #expect(
      error
        == .exclusiveDomainConflict(
          domain: test.domain.name, selector: test.other, service: "second", owner: "delegate"))
    #expect(!appDelegate.responds(to: test.other) || test.other == test.selector)
  }

  @Test func oneDelegatePerDomainEachReceivingItsEvents() throws {
    let log = CallLog()
    let appDelegate = Self.decoupledAppDelegate()
    // `+load` of each delegate class assigns itself to its domain.
    try appDelegate.register(
      service: "AppDelegate",
      handlers: [
        "application:didFinishLaunchingWithOptions:": log.handler(
          "AppDelegate.launch", answer: true),
        "applicationDidBecomeActive:": log.handler("AppDelegate.active"),
      ])
    try appDelegate.register(
      service: "Router",
      handlers: ["application:openURL:options:": log.handler("Router", answer: true)])
    try appDelegate.register(
      service: "Push",
      handlers: [
        "application:didRegisterForRemoteNotificationsWithDeviceToken:": log.handler("Push")
      ])
    let launched = try appDelegate.dispatch(
      selector: "application:didFinishLaunchingWithOptions:", params: ["app", [String: Any]()])
    _ = try appDelegate.dispatch(selector: "applicationDidBecomeActive:", params: ["app"])
    let opened = try appDelegate.dispatch(
      selector: "application:openURL:options:",
      params: ["app", URL(fileURLWithPath: "/item"), [String: Any]()])
    _ = try appDelegate.dispatch(
      selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      params: ["app", Data([0xAB])])
    #expect(launched as? Bool == true && opened as? Bool == true)
    #expect(log.entries == ["AppDelegate.launch", "AppDelegate.active", "Router", "Push"])
    // Domains without a delegate are not advertised.
    #expect(!appDelegate.responds(to: "applicationShouldRequestHealthAuthorization:"))
  }

  @Test func reassigningADomainDelegateReplacesIt() throws {
    // The original's property setter replaces the delegate; here: unregister,
    // then register the new one.
    let log = CallLog()
    let appDelegate = Self.decoupledAppDelegate()
    let selector = "applicationProtectedDataDidBecomeAvailable:"
    try appDelegate.register(service: "old", handlers: [selector: log.handler("old")])
    #expect(appDelegate.unregister(service: "old"))
    try appDelegate.register(service: "new", handlers: [selector: log.handler("new")])
    _ = try appDelegate.dispatch(selector: selector, params: ["app"])
    #expect(log.entries == ["new"])
  }

  @Test func sharedDomainsTakeSeveralObservers() throws {
    // What the original's users asked for: keep one URL router, but let
    // analytics, push and crash reporting all observe app state and pushes.
    let log = CallLog()
    let appDelegate = Dispatcher(
      vocabulary: Vocabulary.applicationDelegate.exclusive([.urlResourceOpening]))
    for name in ["Analytics", "Push", "CrashReporter"] {
      try appDelegate.register(
        service: name,
        handlers: [
          "applicationDidEnterBackground:": log.handler("\(name).background"),
          "application:didRegisterForRemoteNotificationsWithDeviceToken:": log.handler(
            "\(name).token"),
        ])
    }
    try appDelegate.register(
      service: "Router", handlers: ["application:openURL:options:": { _ in true }])
    #expect(throws: DispatchError.self) {
      try appDelegate.register(
        service: "SecondRouter", handlers: ["application:openURL:options:": { _ in true }])
    }
    _ = try appDelegate.dispatch(selector: "applicationDidEnterBackground:", params: ["app"])
    _ = try appDelegate.dispatch(
      selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      params: ["app", Data([1])])
    #expect(
      log.entries == [
        "Analytics.background", "Push.background", "CrashReporter.background",
        "Analytics.token", "Push.token", "CrashReporter.token",
      ])
  }

  @Test func userNotificationsAndScenesStaySharedInTheDecoupledSetUp() throws {
    let appDelegate = Self.decoupledAppDelegate()
    let selector = "userNotificationCenter:openSettingsForNotification:"
    try appDelegate.register(service: "a", handlers: [selector: { _ in nil }])
    try appDelegate.register(service: "b", handlers: [selector: { _ in nil }])
    try appDelegate.register(
      service: "c", handlers: ["application:didDiscardSceneSessions:": { _ in nil }])
    try appDelegate.register(
      service: "d", handlers: ["application:didDiscardSceneSessions:": { _ in nil }])
    #expect(appDelegate.responds(to: selector))
  }
}

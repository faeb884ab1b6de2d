#if os(iOS)
  #if !targetEnvironment(macCatalyst)
    import CloudKit
  #endif
  import Intents
  import SelectorDispatch
  import UIKit
  import UserNotifications

  /// An app delegate that forwards every `UIApplicationDelegate` and
  /// `UNUserNotificationCenterDelegate` method to services: an app lists its
  /// services and writes no delegate method.
  ///
  /// ```swift
  /// @main
  /// final class AppDelegate: DispatchingAppDelegate {
  ///   override var services: [any DispatchService] { [PushService(), DeepLinkService()] }
  /// }
  /// ```
  ///
  /// The services' handlers are keyed by Objective-C selectors of
  /// `Vocabulary.applicationDelegate` and `.sceneDelegate`, on one
  /// ``dispatcher`` that ``DispatchingSceneDelegate`` shares: the app
  /// delegate's ``application(_:configurationForConnecting:options:)`` names
  /// `DispatchingSceneDelegate` unless Info.plist's scene configuration names
  /// another class.
  ///
  /// **When services are registered.** In `init`, before UIKit sets the
  /// object as its delegate: UIKit asks `responds(to:)` then, and caches some
  /// answers. A service registered later is called only for the methods that
  /// were already advertised.
  ///
  /// **What UIKit sees.** `responds(to:)` advertises a forwarded method only
  /// when some service handles it, so UIKit keeps its own default for the
  /// others: no service that handles background fetch, no fetch. It always
  /// advertises the methods where the class does work of its own:
  /// `application(_:willFinishLaunchingWithOptions:)`, which makes this
  /// object the notification centre's delegate, and, in an app whose
  /// Info.plist has `UIApplicationSceneManifest` (the scene-based life
  /// cycle, which the iOS 27 SDK requires),
  /// `application(_:configurationForConnecting:options:)`. A method a
  /// subclass overrides is advertised too; call `super` to keep forwarding
  /// it. A deprecated method is advertised only when a service handles it,
  /// and the dispatcher then reports a `Diagnostic` that names its
  /// replacement.
  ///
  /// **Values.** Services receive UIKit's objects as UIKit passes them, with
  /// these conversions: a background fetch's completion is
  /// `(BackgroundFetchResult) -> Void`, a foreground notification's
  /// `(UInt) -> Void` carrying `UNNotificationPresentationOptions`' raw
  /// value, and an orientation answer is a mask as `UInt` (or any integer
  /// raw value). UIKit's completion handler is called exactly once, with the
  /// services' folded value, when every service has called its own, or at
  /// the dispatcher's deadline (25 seconds) with what has arrived and a
  /// `Diagnostic` that names each late service.
  ///
  /// **Threads.** UIKit calls the delegate on the main actor, and the
  /// synchronous handlers run there, inside UIKit's call. The notification
  /// centre's callbacks, which UserNotifications does not promise on the
  /// main thread, move to it first.
  ///
  /// **Problems.** The dispatcher's diagnostics and any error a dispatch
  /// throws (such as a handler that takes another argument type than UIKit
  /// passes) are written with `NSLog`, prefixed `SelectorDispatch:`, and
  /// UIKit gets its default answer. Set `dispatcher.diagnosticHandler`
  /// to receive the diagnostics instead. Three mistakes that nothing would
  /// otherwise show are reported this way: a service's selector that
  /// neither UIKit's vocabularies nor ``appSelectors`` declare (with the
  /// selector it probably meant), a handler of a method the adapter does
  /// not forward and the app's subclass does not implement, both when the
  /// services register, and an async handler's answer of another type than
  /// UIKit's completion takes, when it answers.
  ///
  /// Compiled for iOS, iPadOS and Mac Catalyst; the module is empty on the
  /// other platforms.
  open class DispatchingAppDelegate: UIResponder, UIApplicationDelegate,
    UNUserNotificationCenterDelegate
  {
    /// The app's main window, for an app that sets one on its delegate.
    open var window: UIWindow?

    /// The dispatcher every delegate method forwards to, declaring
    /// `Vocabulary.applicationDelegate` merged with `.sceneDelegate`.
    public nonisolated let dispatcher: Dispatcher

    nonisolated let forwarder: DelegateForwarder

    /// The services, registered once, in `init`; empty by default.
    ///
    /// Override it to list the app's services. It is read before UIKit
    /// first asks `responds(to:)`.
    open var services: [any DispatchService] { [] }

    /// The app's own selectors, with their folds: events its services
    /// handle beside UIKit's, which the app dispatches on ``dispatcher``.
    /// Empty by default.
    ///
    /// They are declared in `init`, before ``services`` register: a service
    /// that handles a selector neither UIKit's vocabularies nor this
    /// declares, usually a misspelt one that UIKit would never call, is
    /// reported (see **Problems**).
    ///
    /// ```swift
    /// override var appSelectors: [String: Fold] { ["cartDidChange:": .broadcast] }
    /// ```
    open var appSelectors: [String: Fold] { [:] }

    /// The app delegate created last, whose dispatcher the scene delegates
    /// use.
    static weak var current: DispatchingAppDelegate?

    /// Creates the delegate, declares ``appSelectors`` and registers
    /// ``services``.
    ///
    /// Services that cannot be registered (two with one name, a handler
    /// whose closure takes another number of arguments than its selector
    /// has colons), or an app selector that cannot be declared (malformed,
    /// or UIKit's with another fold), stop the app here, with the
    /// dispatcher's error: the mistake is in the app's code, and an app
    /// without its services would misbehave later, further from the cause.
    public override init() {
      let dispatcher = Dispatcher(vocabulary: DelegateMethod.vocabulary)
      self.dispatcher = dispatcher
      forwarder = DelegateForwarder(dispatcher: dispatcher, report: UIKitHost.failed)
      super.init()
      dispatcher.diagnosticHandler = UIKitHost.diagnostic
      do {
        for (selector, fold) in appSelectors.sorted(by: { $0.key < $1.key }) {
          try dispatcher.declare(selector, fold: fold)
        }
        try dispatcher.register(contentsOf: services)
      } catch {
        preconditionFailure("\(type(of: self)) could not register its services: \(error)")
      }
      UIKitHost.reportUnforwardedHandlers(of: .appDelegate, in: self, on: dispatcher)
      Self.current = self
    }

    /// Advertises a forwarded method only when some service handles it (or
    /// a subclass overrides it), and the methods where this class does work
    /// of its own always; any other selector is `NSObject`'s answer.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
      UIKitHost.advertises(
        aSelector, host: .appDelegate, of: self, base: DispatchingAppDelegate.self,
        forwarder: forwarder) ?? super.responds(to: aSelector)
    }

    // MARK: App state

    /// Forwards `applicationDidFinishLaunching:`.
    open func applicationDidFinishLaunching(_ application: UIApplication) {
      forwarder.event("applicationDidFinishLaunching:", [application])
    }

    /// Makes this object the notification centre's delegate, as
    /// UserNotifications requires before launch finishes, then forwards
    /// `application:willFinishLaunchingWithOptions:`; `true` when no service
    /// vetoes.
    open func application(
      _ application: UIApplication,
      willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
      UNUserNotificationCenter.current().delegate = self
      return forwarder.answer(
        "application:willFinishLaunchingWithOptions:", [application, launchOptions as Any],
        or: true)
    }

    /// Forwards `application:didFinishLaunchingWithOptions:`; `true` when no
    /// service vetoes.
    open func application(
      _ application: UIApplication,
      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
      forwarder.answer(
        "application:didFinishLaunchingWithOptions:", [application, launchOptions as Any],
        or: true)
    }

    /// Forwards `applicationDidBecomeActive:`.
    open func applicationDidBecomeActive(_ application: UIApplication) {
      forwarder.event("applicationDidBecomeActive:", [application])
    }

    /// Forwards `applicationWillResignActive:`.
    open func applicationWillResignActive(_ application: UIApplication) {
      forwarder.event("applicationWillResignActive:", [application])
    }

    /// Forwards `applicationDidEnterBackground:`.
    open func applicationDidEnterBackground(_ application: UIApplication) {
      forwarder.event("applicationDidEnterBackground:", [application])
    }

    /// Forwards `applicationWillEnterForeground:`.
    open func applicationWillEnterForeground(_ application: UIApplication) {
      forwarder.event("applicationWillEnterForeground:", [application])
    }

    /// Forwards `applicationWillTerminate:`.
    open func applicationWillTerminate(_ application: UIApplication) {
      forwarder.event("applicationWillTerminate:", [application])
    }

    /// Forwards `applicationDidReceiveMemoryWarning:`.
    open func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
      forwarder.event("applicationDidReceiveMemoryWarning:", [application])
    }

    /// Forwards `applicationSignificantTimeChange:`.
    open func applicationSignificantTimeChange(_ application: UIApplication) {
      forwarder.event("applicationSignificantTimeChange:", [application])
    }

    /// Forwards `applicationShouldAutomaticallyLocalizeKeyCommands:`; `true`
    /// (UIKit's default) when no service vetoes.
    open func applicationShouldAutomaticallyLocalizeKeyCommands(_ application: UIApplication)
      -> Bool
    {
      forwarder.answer(
        "applicationShouldAutomaticallyLocalizeKeyCommands:", [application], or: true)
    }

    /// Forwards `application:willChangeStatusBarOrientation:duration:`.
    @available(iOS, deprecated: 13.0)
    open func application(
      _ application: UIApplication,
      willChangeStatusBarOrientation newStatusBarOrientation: UIInterfaceOrientation,
      duration: TimeInterval
    ) {
      forwarder.event(
        "application:willChangeStatusBarOrientation:duration:",
        [application, newStatusBarOrientation, duration])
    }

    /// Forwards `application:didChangeStatusBarOrientation:`.
    @available(iOS, deprecated: 13.0)
    open func application(
      _ application: UIApplication,
      didChangeStatusBarOrientation oldStatusBarOrientation: UIInterfaceOrientation
    ) {
      forwarder.event(
        "application:didChangeStatusBarOrientation:", [application, oldStatusBarOrientation])
    }

    /// Forwards `application:willChangeStatusBarFrame:`.
    @available(iOS, deprecated: 13.0)
    open func application(
      _ application: UIApplication, willChangeStatusBarFrame newStatusBarFrame: CGRect
    ) {
      forwarder.event("application:willChangeStatusBarFrame:", [application, newStatusBarFrame])
    }

    /// Forwards `application:didChangeStatusBarFrame:`.
    @available(iOS, deprecated: 13.0)
    open func application(
      _ application: UIApplication, didChangeStatusBarFrame oldStatusBarFrame: CGRect
    ) {
      forwarder.event("application:didChangeStatusBarFrame:", [application, oldStatusBarFrame])
    }

    // MARK: Default orientation

    /// Forwards `application:supportedInterfaceOrientationsForWindow:`: the
    /// orientations every answering service allows, or Info.plist's when
    /// they allow none in common.
    open func application(
      _ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
      let answer = forwarder.answer(
        "application:supportedInterfaceOrientationsForWindow:", [application, window as Any],
        as: Any.self)
      let fallback = UIKitValue.defaultOrientations(
        infoDictionary: Bundle.main.infoDictionary ?? [:],
        isPad: UIDevice.current.userInterfaceIdiom == .pad)
      return UIInterfaceOrientationMask(
        rawValue: UIKitValue.orientations(answer: answer, fallback: fallback))
    }

    // MARK: Background fetch and URL sessions

    /// Forwards `application:performFetchWithCompletionHandler:`; the
    /// services' completions are `(BackgroundFetchResult) -> Void`.
    @available(iOS, deprecated: 13.0)
    open func application(
      _ application: UIApplication,
      performFetchWithCompletionHandler completionHandler:
        @escaping (UIBackgroundFetchResult) -> Void
    ) {
      fetch("application:performFetchWithCompletionHandler:", [application], completionHandler)
    }

    /// Forwards `application:handleEventsForBackgroundURLSession:completionHandler:`;
    /// UIKit's completion runs once, after every service's.
    open func application(
      _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
      completionHandler: @escaping () -> Void
    ) {
      forwarder.event(
        "application:handleEventsForBackgroundURLSession:completionHandler:",
        [application, identifier], completion: completionHandler)
    }

    // MARK: Remote notifications

    /// Forwards `application:didRegisterForRemoteNotificationsWithDeviceToken:`.
    open func application(
      _ application: UIApplication,
      didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
      forwarder.event(
        "application:didRegisterForRemoteNotificationsWithDeviceToken:",
        [application, deviceToken])
    }

    /// Forwards `application:didFailToRegisterForRemoteNotificationsWithError:`.
    open func application(
      _ application: UIApplication,
      didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {
      forwarder.event(
        "application:didFailToRegisterForRemoteNotificationsWithError:", [application, error])
    }

    /// Forwards `application:didReceiveRemoteNotification:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) {
      forwarder.event("application:didReceiveRemoteNotification:", [application, userInfo])
    }

    /// Forwards `application:didReceiveRemoteNotification:fetchCompletionHandler:`;
    /// the services' completions are `(BackgroundFetchResult) -> Void`.
    open func application(
      _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
      fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      fetch(
        "application:didReceiveRemoteNotification:fetchCompletionHandler:",
        [application, userInfo], completionHandler)
    }

    /// Forwards `application:handleActionWithIdentifier:forRemoteNotification:completionHandler:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication, handleActionWithIdentifier identifier: String?,
      forRemoteNotification userInfo: [AnyHashable: Any],
      completionHandler: @escaping () -> Void
    ) {
      forwarder.event(
        "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
        [application, identifier as Any, userInfo], completion: completionHandler)
    }

    /// Forwards
    /// `application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication, handleActionWithIdentifier identifier: String?,
      forRemoteNotification userInfo: [AnyHashable: Any],
      withResponseInfo responseInfo: [AnyHashable: Any],
      completionHandler: @escaping () -> Void
    ) {
      forwarder.event(
        "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:"
          + "completionHandler:",
        [application, identifier as Any, userInfo, responseInfo], completion: completionHandler)
    }

    // MARK: Local notifications

    /// Forwards `application:didReceiveLocalNotification:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication, didReceive notification: UILocalNotification
    ) {
      forwarder.event("application:didReceiveLocalNotification:", [application, notification])
    }

    /// Forwards `application:handleActionWithIdentifier:forLocalNotification:completionHandler:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication, handleActionWithIdentifier identifier: String?,
      for notification: UILocalNotification, completionHandler: @escaping () -> Void
    ) {
      forwarder.event(
        "application:handleActionWithIdentifier:forLocalNotification:completionHandler:",
        [application, identifier as Any, notification], completion: completionHandler)
    }

    /// Forwards
    /// `application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:completionHandler:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication, handleActionWithIdentifier identifier: String?,
      for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any],
      completionHandler: @escaping () -> Void
    ) {
      forwarder.event(
        "application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:"
          + "completionHandler:",
        [application, identifier as Any, notification, responseInfo], completion: completionHandler)
    }

    /// Forwards `application:didRegisterUserNotificationSettings:`.
    @available(iOS, deprecated: 10.0)
    open func application(
      _ application: UIApplication,
      didRegister notificationSettings: UIUserNotificationSettings
    ) {
      forwarder.event(
        "application:didRegisterUserNotificationSettings:", [application, notificationSettings])
    }

    // MARK: State restoration

    /// Forwards `application:shouldSaveSecureApplicationState:`; `false`
    /// (UIKit's default) unless a service opts in.
    open func application(
      _ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.answer(
        "application:shouldSaveSecureApplicationState:", [application, coder], or: false)
    }

    /// Forwards `application:shouldRestoreSecureApplicationState:`; `false`
    /// (UIKit's default) unless a service opts in.
    open func application(
      _ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.answer(
        "application:shouldRestoreSecureApplicationState:", [application, coder], or: false)
    }

    /// Forwards `application:shouldSaveApplicationState:`.
    @available(iOS, deprecated: 13.2)
    open func application(
      _ application: UIApplication, shouldSaveApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.answer("application:shouldSaveApplicationState:", [application, coder], or: false)
    }

    /// Forwards `application:shouldRestoreApplicationState:`.
    @available(iOS, deprecated: 13.2)
    open func application(
      _ application: UIApplication, shouldRestoreApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.answer(
        "application:shouldRestoreApplicationState:", [application, coder], or: false)
    }

    /// Forwards `application:viewControllerWithRestorationIdentifierPath:coder:`:
    /// the first service's view controller.
    open func application(
      _ application: UIApplication,
      viewControllerWithRestorationIdentifierPath identifierComponents: [String],
      coder: NSCoder
    ) -> UIViewController? {
      forwarder.answer(
        "application:viewControllerWithRestorationIdentifierPath:coder:",
        [application, identifierComponents, coder], as: UIViewController.self)
    }

    /// Forwards `application:willEncodeRestorableStateWithCoder:`.
    open func application(
      _ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder
    ) {
      forwarder.event("application:willEncodeRestorableStateWithCoder:", [application, coder])
    }

    /// Forwards `application:didDecodeRestorableStateWithCoder:`.
    open func application(
      _ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder
    ) {
      forwarder.event("application:didDecodeRestorableStateWithCoder:", [application, coder])
    }

    // MARK: Opening URLs and CloudKit shares

    /// Forwards `application:openURL:options:`: whether a service opened
    /// the URL.
    open func application(
      _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
      forwarder.answer("application:openURL:options:", [app, url, options], or: false)
    }

    /// Forwards `application:handleOpenURL:`.
    @available(iOS, deprecated: 9.0)
    open func application(_ application: UIApplication, handleOpen url: URL) -> Bool {
      forwarder.answer("application:handleOpenURL:", [application, url], or: false)
    }

    /// Forwards `application:openURL:sourceApplication:annotation:`.
    @available(iOS, deprecated: 9.0)
    open func application(
      _ application: UIApplication, open url: URL, sourceApplication: String?, annotation: Any
    ) -> Bool {
      forwarder.answer(
        "application:openURL:sourceApplication:annotation:",
        [application, url, sourceApplication as Any, annotation], or: false)
    }

    #if !targetEnvironment(macCatalyst)
      /// Forwards `application:userDidAcceptCloudKitShareWithMetadata:`.
      open func application(
        _ application: UIApplication,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
      ) {
        forwarder.event(
          "application:userDidAcceptCloudKitShareWithMetadata:",
          [application, cloudKitShareMetadata])
      }
    #endif

    // MARK: Shortcut items

    /// Forwards `application:performActionForShortcutItem:completionHandler:`;
    /// UIKit's completion gets whether any service succeeded.
    open func application(
      _ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
      completionHandler: @escaping (Bool) -> Void
    ) {
      forwarder.event(
        "application:performActionForShortcutItem:completionHandler:",
        [application, shortcutItem], completion: completionHandler, fallback: false)
    }

    // MARK: Health, protected data, WatchKit, extensions

    /// Forwards `applicationShouldRequestHealthAuthorization:`.
    open func applicationShouldRequestHealthAuthorization(_ application: UIApplication) {
      forwarder.event("applicationShouldRequestHealthAuthorization:", [application])
    }

    /// Forwards `applicationProtectedDataWillBecomeUnavailable:`.
    open func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {
      forwarder.event("applicationProtectedDataWillBecomeUnavailable:", [application])
    }

    /// Forwards `applicationProtectedDataDidBecomeAvailable:`.
    open func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
      forwarder.event("applicationProtectedDataDidBecomeAvailable:", [application])
    }

    /// Forwards `application:handleWatchKitExtensionRequest:reply:`; the
    /// reply merges the services' dictionaries.
    open func application(
      _ application: UIApplication, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
      reply: @escaping ([AnyHashable: Any]?) -> Void
    ) {
      forwarder.event(
        "application:handleWatchKitExtensionRequest:reply:", [application, userInfo as Any],
        completion: reply, fallback: nil)
    }

    /// Forwards `application:shouldAllowExtensionPointIdentifier:`; `true`
    /// (UIKit's default) when no service vetoes.
    open func application(
      _ application: UIApplication,
      shouldAllowExtensionPointIdentifier extensionPointIdentifier:
        UIApplication.ExtensionPointIdentifier
    ) -> Bool {
      forwarder.answer(
        "application:shouldAllowExtensionPointIdentifier:",
        [application, extensionPointIdentifier], or: true)
    }

    // MARK: User activities and intents

    /// Forwards `application:willContinueUserActivityWithType:`.
    open func application(
      _ application: UIApplication, willContinueUserActivityWithType userActivityType: String
    ) -> Bool {
      forwarder.answer(
        "application:willContinueUserActivityWithType:", [application, userActivityType],
        or: false)
    }

    /// Forwards `application:continueUserActivity:restorationHandler:`;
    /// the restoration handler is passed on unchanged.
    open func application(
      _ application: UIApplication, continue userActivity: NSUserActivity,
      restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
      forwarder.answer(
        "application:continueUserActivity:restorationHandler:",
        [application, userActivity, restorationHandler], or: false)
    }

    /// Forwards `application:didFailToContinueUserActivityWithType:error:`.
    open func application(
      _ application: UIApplication,
      didFailToContinueUserActivityWithType userActivityType: String, error: any Error
    ) {
      forwarder.event(
        "application:didFailToContinueUserActivityWithType:error:",
        [application, userActivityType, error])
    }

    /// Forwards `application:didUpdateUserActivity:`.
    open func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity) {
      forwarder.event("application:didUpdateUserActivity:", [application, userActivity])
    }

    /// Forwards `application:handlerForIntent:`: the first service's intent
    /// handler.
    open func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
      forwarder.answer("application:handlerForIntent:", [application, intent], as: Any.self)
    }

    // MARK: Scenes

    /// Forwards `application:configurationForConnectingSceneSession:options:`:
    /// the first service's configuration, or else Info.plist's for the
    /// session; either way with ``DispatchingSceneDelegate`` as the delegate
    /// class when it names none, so that the scene's events reach the
    /// services.
    open func application(
      _ application: UIApplication,
      configurationForConnecting connectingSceneSession: UISceneSession,
      options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
      let configuration =
        forwarder.answer(
          "application:configurationForConnectingSceneSession:options:",
          [application, connectingSceneSession, options], as: UISceneConfiguration.self)
        ?? UISceneConfiguration(
          name: connectingSceneSession.configuration.name,
          sessionRole: connectingSceneSession.role)
      if configuration.delegateClass == nil {
        configuration.delegateClass = DispatchingSceneDelegate.self
      }
      return configuration
    }

    /// Forwards `application:didDiscardSceneSessions:`.
    open func application(
      _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>
    ) {
      forwarder.event("application:didDiscardSceneSessions:", [application, sceneSessions])
    }

    // MARK: User notifications

    /// Forwards `userNotificationCenter:willPresentNotification:withCompletionHandler:`
    /// on the main actor; the services' completions are `(UInt) -> Void`,
    /// OR-ed into UIKit's options.
    nonisolated open func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      // UserNotifications' center is thread-safe and its notifications immutable: they may go
      // to the main actor, which Swift cannot prove of these Objective-C classes.
      nonisolated(unsafe) let params: [Any] = [center, notification]
      UIKitHost.onMain { [forwarder] in
        forwarder.event(
          "userNotificationCenter:willPresentNotification:withCompletionHandler:", params,
          completion: { (options: UInt) in
            completionHandler(UNNotificationPresentationOptions(rawValue: options))
          }, fallback: 0)
      }
    }

    /// Forwards `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`
    /// on the main actor; UIKit's completion runs once, after every
    /// service's.
    nonisolated open func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      // As above: a thread-safe center and an immutable response.
      nonisolated(unsafe) let params: [Any] = [center, response]
      UIKitHost.onMain { [forwarder] in
        forwarder.event(
          "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", params,
          completion: completionHandler)
      }
    }

    /// Forwards `userNotificationCenter:openSettingsForNotification:` on the
    /// main actor.
    nonisolated open func userNotificationCenter(
      _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
      // As above: a thread-safe center and an immutable notification.
      nonisolated(unsafe) let params: [Any] = [center, notification as Any]
      UIKitHost.onMain { [forwarder] in
        forwarder.event("userNotificationCenter:openSettingsForNotification:", params)
      }
    }

    // MARK: Completion adapters

    /// A background fetch: the services' folded `BackgroundFetchResult`
    /// becomes UIKit's, and `.failed` when the dispatch threw.
    private func fetch(
      _ selector: String, _ params: [Any],
      _ completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      forwarder.event(
        selector, params,
        completion: { (result: BackgroundFetchResult) in
          completionHandler(
            UIBackgroundFetchResult(rawValue: UIKitValue.backgroundFetchRawValue(result)) ?? .failed
          )
        }, fallback: .failed)
    }
  }
#endif

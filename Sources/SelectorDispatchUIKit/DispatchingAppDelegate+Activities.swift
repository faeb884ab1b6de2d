#if os(iOS)
  #if !targetEnvironment(macCatalyst)
    import CloudKit
  #endif
  import Intents
  import SelectorDispatch
  import UIKit

  // State restoration, opening URLs and CloudKit shares, shortcut items, protected data and
  // extensions, user activities and intents, and scenes. Each is `@objc`, so that a subclass
  // may override it although an extension declares it.
  extension DispatchingAppDelegate {
    // MARK: State restoration

    /// Forwards `application:shouldSaveSecureApplicationState:`; `false`
    /// (UIKit's default) unless a service opts in.
    @objc open func application(
      _ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.ask(Forwarded.shouldSaveSecureApplicationState, application, coder, or: false)
    }

    /// Forwards `application:shouldRestoreSecureApplicationState:`; `false`
    /// (UIKit's default) unless a service opts in.
    @objc open func application(
      _ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.ask(Forwarded.shouldRestoreSecureApplicationState, application, coder, or: false)
    }

    /// Forwards `application:shouldSaveApplicationState:`.
    @available(iOS, deprecated: 13.2)
    @objc open func application(
      _ application: UIApplication, shouldSaveApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.ask(Forwarded.shouldSaveApplicationState, application, coder, or: false)
    }

    /// Forwards `application:shouldRestoreApplicationState:`.
    @available(iOS, deprecated: 13.2)
    @objc open func application(
      _ application: UIApplication, shouldRestoreApplicationState coder: NSCoder
    ) -> Bool {
      forwarder.ask(Forwarded.shouldRestoreApplicationState, application, coder, or: false)
    }

    /// Forwards `application:viewControllerWithRestorationIdentifierPath:coder:`:
    /// the first service's view controller.
    @objc open func application(
      _ application: UIApplication,
      viewControllerWithRestorationIdentifierPath identifierComponents: [String],
      coder: NSCoder
    ) -> UIViewController? {
      forwarder.ask(
        Forwarded.viewControllerWithRestorationIdentifierPath, application, identifierComponents,
        coder, as: UIViewController.self)
    }

    /// Forwards `application:willEncodeRestorableStateWithCoder:`.
    @objc open func application(
      _ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder
    ) {
      forwarder.event(Forwarded.willEncodeRestorableState, application, coder)
    }

    /// Forwards `application:didDecodeRestorableStateWithCoder:`.
    @objc open func application(
      _ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder
    ) {
      forwarder.event(Forwarded.didDecodeRestorableState, application, coder)
    }

    // MARK: Opening URLs and CloudKit shares

    /// Forwards `application:openURL:options:`: whether a service opened
    /// the URL.
    @objc open func application(
      _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
      forwarder.ask(Forwarded.openURL, app, url, options, or: false)
    }

    /// Forwards `application:handleOpenURL:`.
    @available(iOS, deprecated: 9.0)
    @objc open func application(_ application: UIApplication, handleOpen url: URL) -> Bool {
      forwarder.ask(Forwarded.handleOpenURL, application, url, or: false)
    }

    /// Forwards `application:openURL:sourceApplication:annotation:`.
    @available(iOS, deprecated: 9.0)
    @objc open func application(
      _ application: UIApplication, open url: URL, sourceApplication: String?, annotation: Any
    ) -> Bool {
      forwarder.ask(
        Forwarded.openURLFromSourceApplication, application, url, sourceApplication, annotation,
        or: false)
    }

    #if !targetEnvironment(macCatalyst)
      /// Forwards `application:userDidAcceptCloudKitShareWithMetadata:`.
      @objc open func application(
        _ application: UIApplication,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
      ) {
        forwarder.event(Forwarded.userDidAcceptCloudKitShare, application, cloudKitShareMetadata)
      }
    #endif

    // MARK: Shortcut items

    /// Forwards `application:performActionForShortcutItem:completionHandler:`;
    /// UIKit's completion gets whether any service succeeded.
    @objc open func application(
      _ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
      completionHandler: @escaping (Bool) -> Void
    ) {
      forwarder.event(
        "application:performActionForShortcutItem:completionHandler:",
        [application, shortcutItem], completion: completionHandler, fallback: false)
    }

    // MARK: Health, protected data, WatchKit, extensions

    /// Forwards `applicationShouldRequestHealthAuthorization:`.
    @objc open func applicationShouldRequestHealthAuthorization(_ application: UIApplication) {
      forwarder.event(Forwarded.applicationShouldRequestHealthAuthorization, application)
    }

    /// Forwards `applicationProtectedDataWillBecomeUnavailable:`.
    @objc open func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {
      forwarder.event(Forwarded.applicationProtectedDataWillBecomeUnavailable, application)
    }

    /// Forwards `applicationProtectedDataDidBecomeAvailable:`.
    @objc open func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
      forwarder.event(Forwarded.applicationProtectedDataDidBecomeAvailable, application)
    }

    /// Forwards `application:handleWatchKitExtensionRequest:reply:`; the
    /// reply merges the services' dictionaries.
    @objc open func application(
      _ application: UIApplication, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
      reply: @escaping ([AnyHashable: Any]?) -> Void
    ) {
      forwarder.event(
        "application:handleWatchKitExtensionRequest:reply:", [application, userInfo as Any],
        completion: reply, fallback: nil)
    }

    /// Forwards `application:shouldAllowExtensionPointIdentifier:`; `true`
    /// (UIKit's default) when no service vetoes.
    @objc open func application(
      _ application: UIApplication,
      shouldAllowExtensionPointIdentifier extensionPointIdentifier:
        UIApplication.ExtensionPointIdentifier
    ) -> Bool {
      forwarder.ask(
        Forwarded.shouldAllowExtensionPoint, application, extensionPointIdentifier, or: true)
    }

    // MARK: User activities and intents

    /// Forwards `application:willContinueUserActivityWithType:`.
    @objc open func application(
      _ application: UIApplication, willContinueUserActivityWithType userActivityType: String
    ) -> Bool {
      forwarder.ask(
        Forwarded.willContinueUserActivity, application, userActivityType,
        or: false)
    }

    /// Forwards `application:continueUserActivity:restorationHandler:`;
    /// the restoration handler is passed on unchanged.
    @objc open func application(
      _ application: UIApplication, continue userActivity: NSUserActivity,
      restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
      forwarder.ask(
        Forwarded.continueUserActivity, application, userActivity, restorationHandler, or: false)
    }

    /// Forwards `application:didFailToContinueUserActivityWithType:error:`.
    @objc open func application(
      _ application: UIApplication,
      didFailToContinueUserActivityWithType userActivityType: String, error: any Error
    ) {
      forwarder.event(Forwarded.didFailToContinueUserActivity, application, userActivityType, error)
    }

    /// Forwards `application:didUpdateUserActivity:`.
    @objc open func application(
      _ application: UIApplication, didUpdate userActivity: NSUserActivity
    ) {
      forwarder.event(Forwarded.didUpdateUserActivity, application, userActivity)
    }

    /// Forwards `application:handlerForIntent:`: the first service's intent
    /// handler.
    @objc open func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
      forwarder.ask(Forwarded.handlerForIntent, application, intent, as: Any.self)
    }

    // MARK: Scenes

    /// Forwards `application:configurationForConnectingSceneSession:options:`:
    /// the first service's configuration, or else Info.plist's for the
    /// session; either way with ``DispatchingSceneDelegate`` as the delegate
    /// class when it names none, so that the scene's events reach the
    /// services. A configuration that names another class, while services
    /// handle scene events, is reported once with a `Diagnostic` that names
    /// the class and what to change.
    @objc open func application(
      _ application: UIApplication,
      configurationForConnecting connectingSceneSession: UISceneSession,
      options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
      let configuration =
        forwarder.ask(
          Forwarded.configurationForConnecting, application, connectingSceneSession, options,
          as: UISceneConfiguration.self)
        ?? UISceneConfiguration(
          name: connectingSceneSession.configuration.name,
          sessionRole: connectingSceneSession.role)
      if configuration.delegateClass == nil {
        configuration.delegateClass = DispatchingSceneDelegate.self
      }
      if let delegateClass = configuration.delegateClass {
        forwarder.checkSceneDelegate(
          configuration: configuration.name, delegateClass: NSStringFromClass(delegateClass),
          isDispatching: delegateClass is DispatchingSceneDelegate.Type)
      }
      return configuration
    }

    /// Forwards `application:didDiscardSceneSessions:`.
    @objc open func application(
      _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>
    ) {
      forwarder.event(Forwarded.didDiscardSceneSessions, application, sceneSessions)
    }
  }
#endif

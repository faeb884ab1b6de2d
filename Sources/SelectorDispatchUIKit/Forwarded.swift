#if os(iOS)
  import SelectorDispatch

  /// The typed events the adapter's methods forward, each with its key made
  /// once, when a method first forwards it: every UIKit member of
  /// `Dispatcher.MainActorEvent` but `.sceneWillConnect`, which
  /// `SceneConnection` forwards with the events of the connection options.
  /// The completion events (`Dispatcher.MainActorCompletionEvent`) take the
  /// completion join's `[Any]` path.
  ///
  /// A deprecated event is declared deprecated as its method is, so that
  /// only the deprecated method names it.
  enum Forwarded {
    // MARK: DispatchingAppDelegate

    static let applicationDidFinishLaunching = ForwardedEvent(.applicationDidFinishLaunching)
    static let willFinishLaunching = ForwardedEvent(.willFinishLaunching)
    static let didFinishLaunching = ForwardedEvent(.didFinishLaunching)
    static let applicationDidBecomeActive = ForwardedEvent(.applicationDidBecomeActive)
    static let applicationWillResignActive = ForwardedEvent(.applicationWillResignActive)
    static let applicationDidEnterBackground = ForwardedEvent(.applicationDidEnterBackground)
    static let applicationWillEnterForeground = ForwardedEvent(.applicationWillEnterForeground)
    static let applicationWillTerminate = ForwardedEvent(.applicationWillTerminate)
    static let applicationDidReceiveMemoryWarning = ForwardedEvent(
      .applicationDidReceiveMemoryWarning)
    static let applicationSignificantTimeChange = ForwardedEvent(.applicationSignificantTimeChange)
    static let applicationShouldAutomaticallyLocalizeKeyCommands = ForwardedEvent(
      .applicationShouldAutomaticallyLocalizeKeyCommands)
    @available(iOS, deprecated: 13.0)
    static let willChangeStatusBarOrientation = ForwardedEvent(.willChangeStatusBarOrientation)
    @available(iOS, deprecated: 13.0)
    static let didChangeStatusBarOrientation = ForwardedEvent(.didChangeStatusBarOrientation)
    @available(iOS, deprecated: 13.0)
    static let willChangeStatusBarFrame = ForwardedEvent(.willChangeStatusBarFrame)
    @available(iOS, deprecated: 13.0)
    static let didChangeStatusBarFrame = ForwardedEvent(.didChangeStatusBarFrame)
    static let supportedInterfaceOrientationsForWindow = ForwardedEvent(
      .supportedInterfaceOrientationsForWindow)
    static let didRegisterForRemoteNotifications = ForwardedEvent(
      .didRegisterForRemoteNotifications)
    static let didFailToRegisterForRemoteNotifications = ForwardedEvent(
      .didFailToRegisterForRemoteNotifications)
    @available(iOS, deprecated: 10.0)
    static let didReceiveRemoteNotificationWithoutFetch = ForwardedEvent(
      .didReceiveRemoteNotificationWithoutFetch)
    @available(iOS, deprecated: 10.0)
    static let didReceiveLocalNotification = ForwardedEvent(.didReceiveLocalNotification)
    @available(iOS, deprecated: 10.0)
    static let didRegisterUserNotificationSettings = ForwardedEvent(
      .didRegisterUserNotificationSettings)
    static let shouldSaveSecureApplicationState = ForwardedEvent(.shouldSaveSecureApplicationState)
    static let shouldRestoreSecureApplicationState = ForwardedEvent(
      .shouldRestoreSecureApplicationState)
    @available(iOS, deprecated: 13.2)
    static let shouldSaveApplicationState = ForwardedEvent(.shouldSaveApplicationState)
    @available(iOS, deprecated: 13.2)
    static let shouldRestoreApplicationState = ForwardedEvent(.shouldRestoreApplicationState)
    static let viewControllerWithRestorationIdentifierPath = ForwardedEvent(
      .viewControllerWithRestorationIdentifierPath)
    static let willEncodeRestorableState = ForwardedEvent(.willEncodeRestorableState)
    static let didDecodeRestorableState = ForwardedEvent(.didDecodeRestorableState)
    static let openURL = ForwardedEvent(.openURL)
    @available(iOS, deprecated: 9.0)
    static let handleOpenURL = ForwardedEvent(.handleOpenURL)
    @available(iOS, deprecated: 9.0)
    static let openURLFromSourceApplication = ForwardedEvent(.openURLFromSourceApplication)
    #if !targetEnvironment(macCatalyst)
      static let userDidAcceptCloudKitShare = ForwardedEvent(.userDidAcceptCloudKitShare)
    #endif
    static let applicationShouldRequestHealthAuthorization = ForwardedEvent(
      .applicationShouldRequestHealthAuthorization)
    static let applicationProtectedDataWillBecomeUnavailable = ForwardedEvent(
      .applicationProtectedDataWillBecomeUnavailable)
    static let applicationProtectedDataDidBecomeAvailable = ForwardedEvent(
      .applicationProtectedDataDidBecomeAvailable)
    static let shouldAllowExtensionPoint = ForwardedEvent(.shouldAllowExtensionPoint)
    static let willContinueUserActivity = ForwardedEvent(.willContinueUserActivity)
    static let continueUserActivity = ForwardedEvent(.continueUserActivity)
    static let didFailToContinueUserActivity = ForwardedEvent(.didFailToContinueUserActivity)
    static let didUpdateUserActivity = ForwardedEvent(.didUpdateUserActivity)
    static let handlerForIntent = ForwardedEvent(.handlerForIntent)
    static let configurationForConnecting = ForwardedEvent(.configurationForConnecting)
    static let didDiscardSceneSessions = ForwardedEvent(.didDiscardSceneSessions)
    static let openSettingsForNotification = ForwardedEvent(.openSettingsForNotification)

    // MARK: DispatchingSceneDelegate

    static let sceneDidDisconnect = ForwardedEvent(.sceneDidDisconnect)
    static let sceneDidBecomeActive = ForwardedEvent(.sceneDidBecomeActive)
    static let sceneWillResignActive = ForwardedEvent(.sceneWillResignActive)
    static let sceneWillEnterForeground = ForwardedEvent(.sceneWillEnterForeground)
    static let sceneDidEnterBackground = ForwardedEvent(.sceneDidEnterBackground)
    static let sceneOpenURLContexts = ForwardedEvent(.sceneOpenURLContexts)
    static let stateRestorationActivity = ForwardedEvent(.stateRestorationActivity)
    static let sceneRestoreInteractionState = ForwardedEvent(.sceneRestoreInteractionState)
    static let sceneWillContinueUserActivity = ForwardedEvent(.sceneWillContinueUserActivity)
    static let sceneContinueUserActivity = ForwardedEvent(.sceneContinueUserActivity)
    static let sceneDidFailToContinueUserActivity = ForwardedEvent(
      .sceneDidFailToContinueUserActivity)
    static let sceneDidUpdateUserActivity = ForwardedEvent(.sceneDidUpdateUserActivity)
    static let windowSceneDidUpdateCoordinateSpace = ForwardedEvent(
      .windowSceneDidUpdateCoordinateSpace)
    #if !targetEnvironment(macCatalyst)
      static let windowSceneUserDidAcceptCloudKitShare = ForwardedEvent(
        .windowSceneUserDidAcceptCloudKitShare)
    #endif
  }
#endif

#if os(iOS)
  #if !targetEnvironment(macCatalyst)
    import CloudKit
  #endif
  import Intents
  import SelectorDispatch
  import UIKit
  import UserNotifications

  // The typed events of the 71 selectors of `Vocabulary.applicationDelegate` and
  // `.sceneDelegate` that the iOS SDK declares, so that a service writes
  // `on(.didFinishLaunching) { app, options in … }` with UIKit's types inferred. Each
  // lands in the dispatcher's table under its selector, as `on("selector") { … }` does.
  //
  // Names: the UIKit method's Swift base name when it says more than the delegate's
  // subject (`applicationDidBecomeActive`, `sceneDidBecomeActive`), else its first
  // argument label without `With…` (`didFinishLaunching` for
  // `application(_:didFinishLaunchingWithOptions:)`), prefixed with `scene` or
  // `windowScene` on the scene delegate's. Handlers are `@MainActor`, as UIKit calls
  // its delegates on the main thread; completion events' handlers return the
  // completion's value in UIKit's type, which the event converts.

  // MARK: UIApplicationDelegate: events

  extension Dispatcher.MainActorEvent {
    /// `applicationDidFinishLaunching:`.
    public static var applicationDidFinishLaunching:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationDidFinishLaunching:")
    }

    /// `application:willFinishLaunchingWithOptions:`.
    /// Answer `false` to veto; UIKit gets `true` when no service vetoes.
    public static var willFinishLaunching:
      Dispatcher.MainActorEvent<(UIApplication, [UIApplication.LaunchOptionsKey: Any]?) -> Bool>
    {
      .init("application:willFinishLaunchingWithOptions:")
    }

    /// `application:didFinishLaunchingWithOptions:`.
    /// Answer `false` to veto; UIKit gets `true` when no service vetoes.
    public static var didFinishLaunching:
      Dispatcher.MainActorEvent<(UIApplication, [UIApplication.LaunchOptionsKey: Any]?) -> Bool>
    {
      .init("application:didFinishLaunchingWithOptions:")
    }

    /// `applicationDidBecomeActive:`.
    @available(
      iOS, deprecated: 26.0, message: "use `.sceneDidBecomeActive` (`sceneDidBecomeActive:`)"
    )
    public static var applicationDidBecomeActive: Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationDidBecomeActive:")
    }

    /// `applicationWillResignActive:`.
    @available(
      iOS, deprecated: 26.0, message: "use `.sceneWillResignActive` (`sceneWillResignActive:`)"
    )
    public static var applicationWillResignActive:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationWillResignActive:")
    }

    /// `applicationDidEnterBackground:`.
    @available(
      iOS, deprecated: 26.0, message: "use `.sceneDidEnterBackground` (`sceneDidEnterBackground:`)"
    )
    public static var applicationDidEnterBackground:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationDidEnterBackground:")
    }

    /// `applicationWillEnterForeground:`.
    @available(
      iOS, deprecated: 26.0,
      message: "use `.sceneWillEnterForeground` (`sceneWillEnterForeground:`)"
    )
    public static var applicationWillEnterForeground:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationWillEnterForeground:")
    }

    /// `applicationWillTerminate:`.
    public static var applicationWillTerminate: Dispatcher.MainActorEvent<(UIApplication) -> Void> {
      .init("applicationWillTerminate:")
    }

    /// `applicationDidReceiveMemoryWarning:`.
    public static var applicationDidReceiveMemoryWarning:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationDidReceiveMemoryWarning:")
    }

    /// `applicationSignificantTimeChange:`.
    public static var applicationSignificantTimeChange:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationSignificantTimeChange:")
    }

    /// `applicationShouldAutomaticallyLocalizeKeyCommands:`.
    /// Answer `false` to veto; UIKit gets `true` when no service vetoes.
    public static var applicationShouldAutomaticallyLocalizeKeyCommands:
      Dispatcher.MainActorEvent<(UIApplication) -> Bool>
    {
      .init("applicationShouldAutomaticallyLocalizeKeyCommands:")
    }

    /// `application:willChangeStatusBarOrientation:duration:`.
    @available(
      iOS, deprecated: 13.0,
      message: "use `viewWillTransitionToSize:withTransitionCoordinator: (UIViewController)`"
    )
    public static var willChangeStatusBarOrientation:
      Dispatcher.MainActorEvent<(UIApplication, UIInterfaceOrientation, TimeInterval) -> Void>
    {
      .init("application:willChangeStatusBarOrientation:duration:")
    }

    /// `application:didChangeStatusBarOrientation:`.
    @available(
      iOS, deprecated: 13.0,
      message: "use `viewWillTransitionToSize:withTransitionCoordinator: (UIViewController)`"
    )
    public static var didChangeStatusBarOrientation:
      Dispatcher.MainActorEvent<(UIApplication, UIInterfaceOrientation) -> Void>
    {
      .init("application:didChangeStatusBarOrientation:")
    }

    /// `application:willChangeStatusBarFrame:`.
    @available(
      iOS, deprecated: 13.0,
      message: "use `viewWillTransitionToSize:withTransitionCoordinator: (UIViewController)`"
    )
    public static var willChangeStatusBarFrame:
      Dispatcher.MainActorEvent<(UIApplication, CGRect) -> Void>
    {
      .init("application:willChangeStatusBarFrame:")
    }

    /// `application:didChangeStatusBarFrame:`.
    @available(
      iOS, deprecated: 13.0,
      message: "use `viewWillTransitionToSize:withTransitionCoordinator: (UIViewController)`"
    )
    public static var didChangeStatusBarFrame:
      Dispatcher.MainActorEvent<(UIApplication, CGRect) -> Void>
    {
      .init("application:didChangeStatusBarFrame:")
    }

    /// `application:supportedInterfaceOrientationsForWindow:`.
    /// UIKit gets the orientations every answering service allows.
    @available(
      iOS, deprecated: 27.0, message: "use `supportedInterfaceOrientationsForWindowScene:`"
    )
    public static var supportedInterfaceOrientationsForWindow:
      Dispatcher.MainActorEvent<(UIApplication, UIWindow?) -> UIInterfaceOrientationMask>
    {
      .init("application:supportedInterfaceOrientationsForWindow:")
    }

    /// `application:didRegisterForRemoteNotificationsWithDeviceToken:`.
    public static var didRegisterForRemoteNotifications:
      Dispatcher.MainActorEvent<(UIApplication, Data) -> Void>
    {
      .init("application:didRegisterForRemoteNotificationsWithDeviceToken:")
    }

    /// `application:didFailToRegisterForRemoteNotificationsWithError:`.
    public static var didFailToRegisterForRemoteNotifications:
      Dispatcher.MainActorEvent<(UIApplication, any Error) -> Void>
    {
      .init("application:didFailToRegisterForRemoteNotificationsWithError:")
    }

    /// `application:didReceiveRemoteNotification:`.
    @available(
      iOS, deprecated: 10.0,
      message:
        "use `.didReceiveRemoteNotification` (`application:didReceiveRemoteNotification:fetchCompletionHandler:`)"
    )
    public static var didReceiveRemoteNotificationWithoutFetch:
      Dispatcher.MainActorEvent<(UIApplication, [AnyHashable: Any]) -> Void>
    {
      .init("application:didReceiveRemoteNotification:")
    }

    /// `application:didReceiveLocalNotification:`.
    @available(
      iOS, deprecated: 10.0,
      message:
        "use `.willPresentNotification` (`userNotificationCenter:willPresentNotification:withCompletionHandler:`) or `.didReceiveNotificationResponse` (`userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`)"
    )
    public static var didReceiveLocalNotification:
      Dispatcher.MainActorEvent<(UIApplication, UILocalNotification) -> Void>
    {
      .init("application:didReceiveLocalNotification:")
    }

    /// `application:didRegisterUserNotificationSettings:`.
    @available(
      iOS, deprecated: 10.0,
      message: "use `UNUserNotificationCenter.requestAuthorization(options:completionHandler:)`"
    )
    public static var didRegisterUserNotificationSettings:
      Dispatcher.MainActorEvent<(UIApplication, UIUserNotificationSettings) -> Void>
    {
      .init("application:didRegisterUserNotificationSettings:")
    }

    /// `application:shouldSaveSecureApplicationState:`.
    /// UIKit gets `true` when any service answers `true`.
    public static var shouldSaveSecureApplicationState:
      Dispatcher.MainActorEvent<(UIApplication, NSCoder) -> Bool>
    {
      .init("application:shouldSaveSecureApplicationState:")
    }

    /// `application:shouldRestoreSecureApplicationState:`.
    /// UIKit gets `true` when any service answers `true`.
    public static var shouldRestoreSecureApplicationState:
      Dispatcher.MainActorEvent<(UIApplication, NSCoder) -> Bool>
    {
      .init("application:shouldRestoreSecureApplicationState:")
    }

    /// `application:shouldSaveApplicationState:`.
    /// UIKit gets `true` when any service answers `true`.
    @available(
      iOS, deprecated: 13.2,
      message:
        "use `.shouldSaveSecureApplicationState` (`application:shouldSaveSecureApplicationState:`)"
    )
    public static var shouldSaveApplicationState:
      Dispatcher.MainActorEvent<(UIApplication, NSCoder) -> Bool>
    {
      .init("application:shouldSaveApplicationState:")
    }

    /// `application:shouldRestoreApplicationState:`.
    /// UIKit gets `true` when any service answers `true`.
    @available(
      iOS, deprecated: 13.2,
      message:
        "use `.shouldRestoreSecureApplicationState` (`application:shouldRestoreSecureApplicationState:`)"
    )
    public static var shouldRestoreApplicationState:
      Dispatcher.MainActorEvent<(UIApplication, NSCoder) -> Bool>
    {
      .init("application:shouldRestoreApplicationState:")
    }

    /// `application:viewControllerWithRestorationIdentifierPath:coder:`.
    /// The first service that answers a value gives UIKit its answer; the rest are not asked.
    public static var viewControllerWithRestorationIdentifierPath:
      Dispatcher.MainActorEvent<(UIApplication, [String], NSCoder) -> UIViewController?>
    {
      .init("application:viewControllerWithRestorationIdentifierPath:coder:")
    }

    /// `application:willEncodeRestorableStateWithCoder:`.
    public static var willEncodeRestorableState:
      Dispatcher.MainActorEvent<(UIApplication, NSCoder) -> Void>
    {
      .init("application:willEncodeRestorableStateWithCoder:")
    }

    /// `application:didDecodeRestorableStateWithCoder:`.
    public static var didDecodeRestorableState:
      Dispatcher.MainActorEvent<(UIApplication, NSCoder) -> Void>
    {
      .init("application:didDecodeRestorableStateWithCoder:")
    }

    /// `application:openURL:options:`.
    /// The first service that answers `true` claims it; the rest are not asked.
    @available(
      iOS, deprecated: 26.0, message: "use `.sceneOpenURLContexts` (`scene:openURLContexts:`)"
    )
    public static var openURL:
      Dispatcher.MainActorEvent<
        (UIApplication, URL, [UIApplication.OpenURLOptionsKey: Any]) -> Bool
      >
    {
      .init("application:openURL:options:")
    }

    /// `application:handleOpenURL:`.
    /// The first service that answers `true` claims it; the rest are not asked.
    @available(
      iOS, deprecated: 9.0, message: "use `.sceneOpenURLContexts` (`scene:openURLContexts:`)"
    )
    public static var handleOpenURL: Dispatcher.MainActorEvent<(UIApplication, URL) -> Bool> {
      .init("application:handleOpenURL:")
    }

    /// `application:openURL:sourceApplication:annotation:`.
    /// The first service that answers `true` claims it; the rest are not asked.
    @available(
      iOS, deprecated: 9.0, message: "use `.sceneOpenURLContexts` (`scene:openURLContexts:`)"
    )
    public static var openURLFromSourceApplication:
      Dispatcher.MainActorEvent<(UIApplication, URL, String?, Any) -> Bool>
    {
      .init("application:openURL:sourceApplication:annotation:")
    }

    #if !targetEnvironment(macCatalyst)
      /// `application:userDidAcceptCloudKitShareWithMetadata:`.
      @available(
        iOS, deprecated: 26.0,
        message:
          "use `.windowSceneUserDidAcceptCloudKitShare` (`windowScene:userDidAcceptCloudKitShareWithMetadata:`)"
      )
      public static var userDidAcceptCloudKitShare:
        Dispatcher.MainActorEvent<(UIApplication, CKShare.Metadata) -> Void>
      {
        .init("application:userDidAcceptCloudKitShareWithMetadata:")
      }
    #endif

    /// `applicationShouldRequestHealthAuthorization:`.
    public static var applicationShouldRequestHealthAuthorization:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationShouldRequestHealthAuthorization:")
    }

    /// `applicationProtectedDataWillBecomeUnavailable:`.
    public static var applicationProtectedDataWillBecomeUnavailable:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationProtectedDataWillBecomeUnavailable:")
    }

    /// `applicationProtectedDataDidBecomeAvailable:`.
    public static var applicationProtectedDataDidBecomeAvailable:
      Dispatcher.MainActorEvent<(UIApplication) -> Void>
    {
      .init("applicationProtectedDataDidBecomeAvailable:")
    }

    /// `application:shouldAllowExtensionPointIdentifier:`.
    /// Answer `false` to veto; UIKit gets `true` when no service vetoes.
    public static var shouldAllowExtensionPoint:
      Dispatcher.MainActorEvent<(UIApplication, UIApplication.ExtensionPointIdentifier) -> Bool>
    {
      .init("application:shouldAllowExtensionPointIdentifier:")
    }

    /// `application:willContinueUserActivityWithType:`.
    /// UIKit gets `true` when any service answers `true`.
    @available(
      iOS, deprecated: 26.0,
      message: "use `.sceneWillContinueUserActivity` (`scene:willContinueUserActivityWithType:`)"
    )
    public static var willContinueUserActivity:
      Dispatcher.MainActorEvent<(UIApplication, String) -> Bool>
    {
      .init("application:willContinueUserActivityWithType:")
    }

    /// `application:continueUserActivity:restorationHandler:`.
    /// The first service that answers `true` claims it; the rest are not asked.
    @available(
      iOS, deprecated: 26.0,
      message: "use `.sceneContinueUserActivity` (`scene:continueUserActivity:`)"
    )
    public static var continueUserActivity:
      Dispatcher.MainActorEvent<
        (UIApplication, NSUserActivity, @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
      >
    {
      .init("application:continueUserActivity:restorationHandler:")
    }

    /// `application:didFailToContinueUserActivityWithType:error:`.
    @available(
      iOS, deprecated: 26.0,
      message:
        "use `.sceneDidFailToContinueUserActivity` (`scene:didFailToContinueUserActivityWithType:error:`)"
    )
    public static var didFailToContinueUserActivity:
      Dispatcher.MainActorEvent<(UIApplication, String, any Error) -> Void>
    {
      .init("application:didFailToContinueUserActivityWithType:error:")
    }

    /// `application:didUpdateUserActivity:`.
    @available(
      iOS, deprecated: 26.0,
      message: "use `.sceneDidUpdateUserActivity` (`scene:didUpdateUserActivity:`)"
    )
    public static var didUpdateUserActivity:
      Dispatcher.MainActorEvent<(UIApplication, NSUserActivity) -> Void>
    {
      .init("application:didUpdateUserActivity:")
    }

    /// `application:handlerForIntent:`.
    /// The first service that answers a value gives UIKit its answer; the rest are not asked.
    public static var handlerForIntent: Dispatcher.MainActorEvent<(UIApplication, INIntent) -> Any?>
    {
      .init("application:handlerForIntent:")
    }

    /// `application:configurationForConnectingSceneSession:options:`.
    /// The first service that answers a value gives UIKit its answer; the rest are not asked.
    public static var configurationForConnecting:
      Dispatcher.MainActorEvent<
        (UIApplication, UISceneSession, UIScene.ConnectionOptions) -> UISceneConfiguration?
      >
    {
      .init("application:configurationForConnectingSceneSession:options:")
    }

    /// `application:didDiscardSceneSessions:`.
    public static var didDiscardSceneSessions:
      Dispatcher.MainActorEvent<(UIApplication, Set<UISceneSession>) -> Void>
    {
      .init("application:didDiscardSceneSessions:")
    }
  }

  // MARK: UIApplicationDelegate: completion events

  extension Dispatcher.MainActorCompletionEvent {
    /// `application:performFetchWithCompletionHandler:`.
    /// A handler returns its `UIBackgroundFetchResult`, or is `async` and returns it later;
    /// UIKit's completion gets the services' values folded.
    @available(iOS, deprecated: 13.0, message: "use `BGAppRefreshTask (BackgroundTasks framework)`")
    public static var performFetch:
      Dispatcher.MainActorCompletionEvent<(UIApplication) -> UIBackgroundFetchResult>
    {
      .init(
        "application:performFetchWithCompletionHandler:",
        passing: { UIKitValue.backgroundFetchResult(rawValue: $0.rawValue) ?? .noData })
    }

    /// `application:handleEventsForBackgroundURLSession:completionHandler:`.
    /// A handler returns when it is done, or is `async`; UIKit's completion
    /// runs once every service has.
    public static var handleEventsForBackgroundURLSession:
      Dispatcher.MainActorCompletionEvent<(UIApplication, String) -> Void>
    {
      .init("application:handleEventsForBackgroundURLSession:completionHandler:")
    }

    /// `application:didReceiveRemoteNotification:fetchCompletionHandler:`.
    /// A handler returns its `UIBackgroundFetchResult`, or is `async` and returns it later;
    /// UIKit's completion gets the services' values folded.
    public static var didReceiveRemoteNotification:
      Dispatcher.MainActorCompletionEvent<
        (UIApplication, [AnyHashable: Any]) -> UIBackgroundFetchResult
      >
    {
      .init(
        "application:didReceiveRemoteNotification:fetchCompletionHandler:",
        passing: { UIKitValue.backgroundFetchResult(rawValue: $0.rawValue) ?? .noData })
    }

    /// `application:handleActionWithIdentifier:forRemoteNotification:completionHandler:`.
    /// A handler returns when it is done, or is `async`; UIKit's completion
    /// runs once every service has.
    @available(
      iOS, deprecated: 10.0,
      message:
        "use `.didReceiveNotificationResponse` (`userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`)"
    )
    public static var handleActionForRemoteNotification:
      Dispatcher.MainActorCompletionEvent<(UIApplication, String?, [AnyHashable: Any]) -> Void>
    {
      .init("application:handleActionWithIdentifier:forRemoteNotification:completionHandler:")
    }

    /// `application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:`.
    /// A handler returns when it is done, or is `async`; UIKit's completion
    /// runs once every service has.
    @available(
      iOS, deprecated: 10.0,
      message:
        "use `.didReceiveNotificationResponse` (`userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`)"
    )
    public static var handleActionForRemoteNotificationWithResponseInfo:
      Dispatcher.MainActorCompletionEvent<
        (UIApplication, String?, [AnyHashable: Any], [AnyHashable: Any]) -> Void
      >
    {
      .init(
        "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:"
      )
    }

    /// `application:handleActionWithIdentifier:forLocalNotification:completionHandler:`.
    /// A handler returns when it is done, or is `async`; UIKit's completion
    /// runs once every service has.
    @available(
      iOS, deprecated: 10.0,
      message:
        "use `.didReceiveNotificationResponse` (`userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`)"
    )
    public static var handleActionForLocalNotification:
      Dispatcher.MainActorCompletionEvent<(UIApplication, String?, UILocalNotification) -> Void>
    {
      .init("application:handleActionWithIdentifier:forLocalNotification:completionHandler:")
    }

    /// `application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:completionHandler:`.
    /// A handler returns when it is done, or is `async`; UIKit's completion
    /// runs once every service has.
    @available(
      iOS, deprecated: 10.0,
      message:
        "use `.didReceiveNotificationResponse` (`userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`)"
    )
    public static var handleActionForLocalNotificationWithResponseInfo:
      Dispatcher.MainActorCompletionEvent<
        (UIApplication, String?, UILocalNotification, [AnyHashable: Any]) -> Void
      >
    {
      .init(
        "application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:completionHandler:"
      )
    }

    /// `application:performActionForShortcutItem:completionHandler:`.
    /// A handler returns its `Bool`, or is `async` and returns it later;
    /// UIKit's completion gets the services' values folded.
    @available(
      iOS, deprecated: 26.0,
      message:
        "use `.windowScenePerformActionForShortcutItem` (`windowScene:performActionForShortcutItem:completionHandler:`)"
    )
    public static var performActionForShortcutItem:
      Dispatcher.MainActorCompletionEvent<(UIApplication, UIApplicationShortcutItem) -> Bool>
    {
      .init("application:performActionForShortcutItem:completionHandler:")
    }

    /// `application:handleWatchKitExtensionRequest:reply:`.
    /// A handler returns its `[AnyHashable: Any]?`, or is `async` and returns it later;
    /// UIKit's completion gets the services' values folded.
    public static var handleWatchKitExtensionRequest:
      Dispatcher.MainActorCompletionEvent<
        (UIApplication, [AnyHashable: Any]?) -> [AnyHashable: Any]?
      >
    {
      .init("application:handleWatchKitExtensionRequest:reply:")
    }
  }

  // MARK: UNUserNotificationCenterDelegate: events

  extension Dispatcher.MainActorEvent {
    /// `userNotificationCenter:openSettingsForNotification:`.
    public static var openSettingsForNotification:
      Dispatcher.MainActorEvent<(UNUserNotificationCenter, UNNotification?) -> Void>
    {
      .init("userNotificationCenter:openSettingsForNotification:")
    }
  }

  // MARK: UNUserNotificationCenterDelegate: completion events

  extension Dispatcher.MainActorCompletionEvent {
    /// `userNotificationCenter:willPresentNotification:withCompletionHandler:`.
    /// A handler returns its `UNNotificationPresentationOptions`, or is `async` and returns it later;
    /// UIKit's completion gets the services' values folded.
    public static var willPresentNotification:
      Dispatcher.MainActorCompletionEvent<
        (UNUserNotificationCenter, UNNotification) -> UNNotificationPresentationOptions
      >
    {
      .init(
        "userNotificationCenter:willPresentNotification:withCompletionHandler:",
        passing: { $0.rawValue })
    }

    /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
    /// A handler returns when it is done, or is `async`; UIKit's completion
    /// runs once every service has.
    public static var didReceiveNotificationResponse:
      Dispatcher.MainActorCompletionEvent<
        (UNUserNotificationCenter, UNNotificationResponse) -> Void
      >
    {
      .init("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:")
    }
  }

  // MARK: UISceneDelegate and UIWindowSceneDelegate: events

  extension Dispatcher.MainActorEvent {
    /// `scene:willConnectToSession:options:`, from either entry point: the
    /// options are UIKit's under the UIKit adapter and `nil` under the
    /// SwiftUI entry point (`DispatchingServices`), which UIKit gives none
    /// (a SwiftUI app gets the URLs and user activities they carry as
    /// `onOpenURL` and `onContinueUserActivity`, which the entry point
    /// forwards). So one handler serves both.
    public static var sceneWillConnect:
      Dispatcher.MainActorEvent<(UIScene, UISceneSession, UIScene.ConnectionOptions?) -> Void>
    {
      .init("scene:willConnectToSession:options:")
    }

    /// `sceneDidDisconnect:`.
    public static var sceneDidDisconnect: Dispatcher.MainActorEvent<(UIScene) -> Void> {
      .init("sceneDidDisconnect:")
    }

    /// `sceneDidBecomeActive:`.
    public static var sceneDidBecomeActive: Dispatcher.MainActorEvent<(UIScene) -> Void> {
      .init("sceneDidBecomeActive:")
    }

    /// `sceneWillResignActive:`.
    public static var sceneWillResignActive: Dispatcher.MainActorEvent<(UIScene) -> Void> {
      .init("sceneWillResignActive:")
    }

    /// `sceneWillEnterForeground:`.
    public static var sceneWillEnterForeground: Dispatcher.MainActorEvent<(UIScene) -> Void> {
      .init("sceneWillEnterForeground:")
    }

    /// `sceneDidEnterBackground:`.
    public static var sceneDidEnterBackground: Dispatcher.MainActorEvent<(UIScene) -> Void> {
      .init("sceneDidEnterBackground:")
    }

    /// `scene:openURLContexts:`.
    /// Answer `true` to claim the URLs: later services do not get them. The
    /// adapter sends one URL per event, so a claim is for one URL; a handler
    /// that answers nothing, or `false`, leaves them to the next service.
    public static var sceneOpenURLContexts:
      Dispatcher.MainActorEvent<(UIScene, Set<OpenURLContext>) -> Bool>
    {
      .init("scene:openURLContexts:")
    }

    /// `stateRestorationActivityForScene:`.
    /// The first service that answers a value gives UIKit its answer; the rest are not asked.
    public static var stateRestorationActivity:
      Dispatcher.MainActorEvent<(UIScene) -> NSUserActivity?>
    {
      .init("stateRestorationActivityForScene:")
    }

    /// `scene:restoreInteractionStateWithUserActivity:`.
    public static var sceneRestoreInteractionState:
      Dispatcher.MainActorEvent<(UIScene, NSUserActivity) -> Void>
    {
      .init("scene:restoreInteractionStateWithUserActivity:")
    }

    /// `scene:willContinueUserActivityWithType:`.
    public static var sceneWillContinueUserActivity:
      Dispatcher.MainActorEvent<(UIScene, String) -> Void>
    {
      .init("scene:willContinueUserActivityWithType:")
    }

    /// `scene:continueUserActivity:`.
    public static var sceneContinueUserActivity:
      Dispatcher.MainActorEvent<(UIScene, NSUserActivity) -> Void>
    {
      .init("scene:continueUserActivity:")
    }

    /// `scene:didFailToContinueUserActivityWithType:error:`.
    public static var sceneDidFailToContinueUserActivity:
      Dispatcher.MainActorEvent<(UIScene, String, any Error) -> Void>
    {
      .init("scene:didFailToContinueUserActivityWithType:error:")
    }

    /// `scene:didUpdateUserActivity:`.
    public static var sceneDidUpdateUserActivity:
      Dispatcher.MainActorEvent<(UIScene, NSUserActivity) -> Void>
    {
      .init("scene:didUpdateUserActivity:")
    }

    /// `windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:`.
    @available(iOS, deprecated: 26.0, message: "use `windowScene:didUpdateEffectiveGeometry:`")
    public static var windowSceneDidUpdateCoordinateSpace:
      Dispatcher.MainActorEvent<
        (UIWindowScene, any UICoordinateSpace, UIInterfaceOrientation, UITraitCollection) -> Void
      >
    {
      .init("windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:")
    }

    #if !targetEnvironment(macCatalyst)
      /// `windowScene:userDidAcceptCloudKitShareWithMetadata:`.
      public static var windowSceneUserDidAcceptCloudKitShare:
        Dispatcher.MainActorEvent<(UIWindowScene, CKShare.Metadata) -> Void>
      {
        .init("windowScene:userDidAcceptCloudKitShareWithMetadata:")
      }
    #endif
  }

  // MARK: UISceneDelegate and UIWindowSceneDelegate: completion events

  extension Dispatcher.MainActorCompletionEvent {
    /// `windowScene:performActionForShortcutItem:completionHandler:`.
    /// A handler returns its `Bool`, or is `async` and returns it later;
    /// UIKit's completion gets the services' values folded.
    public static var windowScenePerformActionForShortcutItem:
      Dispatcher.MainActorCompletionEvent<(UIWindowScene, UIApplicationShortcutItem) -> Bool>
    {
      .init("windowScene:performActionForShortcutItem:completionHandler:")
    }
  }
#endif

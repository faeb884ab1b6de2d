extension Vocabulary {
  /// Every `UIApplicationDelegate` and `UNUserNotificationCenterDelegate`
  /// selector, with its fold, domain, argument types and completion.
  ///
  /// How the folds were chosen:
  /// - Launching (`application:will/didFinishLaunchingWithOptions:`),
  ///   extension points and key-command localization use ``Fold/all``: every
  ///   service runs, any veto gives `false`, no services gives `true` (also
  ///   UIKit's default for the last two).
  /// - Claims (opening a URL, continuing an activity) use ``Fold/firstTrue``:
  ///   the first service that handles it wins, later ones are not asked.
  /// - Questions whose answer is an object (a view controller, an intent
  ///   handler, a scene configuration) use ``Fold/firstNonNil``.
  /// - Opt-ins (will continue an activity, save or restore state) use
  ///   ``Fold/any``: with no services the answer is `false`, which is also
  ///   UIKit's default when the method is absent.
  /// - Supported orientations use ``Fold/nonEmptyIntersection``: only the
  ///   orientations every answering service allows, and `nil` (the host's
  ///   default) with a diagnostic when they allow none in common, as UIKit
  ///   raises on an empty mask.
  /// - Every `Void` event uses ``Fold/broadcast``: every service is called.
  ///
  /// The completion-handler selectors join their services' completions
  /// through a ``CompletionKind``. A service that handles one of them must
  /// call its completion, even when the event is not for it (a background
  /// URL session another service owns): until it does, the caller waits,
  /// up to the dispatcher's deadline.
  ///
  /// `application:continueUserActivity:restorationHandler:` passes the
  /// caller's restoration handler through unchanged: under ``Fold/firstTrue``
  /// only the service that claims the activity should call it.
  ///
  /// Arguments are checked where the type exists on Linux (`URL`, `Data`,
  /// `String`, `Error`, dictionaries); UIKit objects are ``ArgumentType/any``.
  /// Each deprecated selector names its replacement. The table follows the
  /// iOS 26 SDK, which deprecates the app-delegate methods of the
  /// foreground and background, URL opening, user activities, shortcut
  /// items and CloudKit shares in favour of ``sceneDelegate``'s (and the
  /// iOS 27 SDK the supported orientations): each names its scene
  /// selector, and ``Entry/availability`` records the releases. Once an app
  /// adopts scenes UIKit no longer calls them. Left out:
  /// `application:handleIntent:completionHandler:`, deprecated since iOS 14
  /// for `application:handlerForIntent:` (included), whose completion takes
  /// an `INIntentResponse` that has no identity to fold from.
  ///
  /// Where JSDecoupledAppDelegate's thirteen domains predate a selector:
  /// CloudKit share acceptance arrives by opening a share URL, so it is in
  /// ``Domain/urlResourceOpening``; SiriKit intent handlers are in
  /// ``Domain/activityContinuation``, as intents also arrive as user
  /// activities; the status bar callbacks are in ``Domain/appState``.
  public static let applicationDelegate = uikitTable(
    "applicationDelegate", applicationDelegateEntries)
}

// The table's shorthand: `UIApplication` and other UIKit objects are not
// checked; the rest are checked types.
private let app = ArgumentType.any
private let object = ArgumentType.any
private let url = ArgumentType.url
private let data = ArgumentType.data
private let string = ArgumentType.string
private let error = ArgumentType.error
private let dictionary = ArgumentType.dictionary

private let resizeInstead = "viewWillTransitionToSize:withTransitionCoordinator: (UIViewController)"
private let respondInstead =
  "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
private let presentOrRespondInstead =
  "userNotificationCenter:willPresentNotification:withCompletionHandler: or " + respondInstead

// One entry per call: selector, domain, fold, argument types, completion,
// and the replacement of a deprecated selector.
private let applicationDelegateEntries: [Vocabulary.Entry] = [
  // App state
  .uikit("applicationDidFinishLaunching:", .appState, .broadcast, [app]),
  .uikit("application:willFinishLaunchingWithOptions:", .appState, .all, [app, dictionary.orNil]),
  .uikit("application:didFinishLaunchingWithOptions:", .appState, .all, [app, dictionary.orNil]),
  .uikit(
    "applicationDidBecomeActive:", .appState, .broadcast, [app],
    deprecatedFor: "sceneDidBecomeActive:", iOS: "2.0", deprecated: "26.0"),
  .uikit(
    "applicationWillResignActive:", .appState, .broadcast, [app],
    deprecatedFor: "sceneWillResignActive:", iOS: "2.0", deprecated: "26.0"),
  .uikit(
    "applicationDidEnterBackground:", .appState, .broadcast, [app],
    deprecatedFor: "sceneDidEnterBackground:", iOS: "4.0", deprecated: "26.0"),
  .uikit(
    "applicationWillEnterForeground:", .appState, .broadcast, [app],
    deprecatedFor: "sceneWillEnterForeground:", iOS: "4.0", deprecated: "26.0"),
  .uikit("applicationWillTerminate:", .appState, .broadcast, [app]),
  .uikit("applicationDidReceiveMemoryWarning:", .appState, .broadcast, [app]),
  .uikit("applicationSignificantTimeChange:", .appState, .broadcast, [app]),
  .uikit("applicationShouldAutomaticallyLocalizeKeyCommands:", .appState, .all, [app]),
  .uikit(
    "application:willChangeStatusBarOrientation:duration:", .appState, .broadcast,
    [app, object, object], deprecatedFor: resizeInstead),
  .uikit(
    "application:didChangeStatusBarOrientation:", .appState, .broadcast, [app, object],
    deprecatedFor: resizeInstead),
  .uikit(
    "application:willChangeStatusBarFrame:", .appState, .broadcast, [app, object],
    deprecatedFor: resizeInstead),
  .uikit(
    "application:didChangeStatusBarFrame:", .appState, .broadcast, [app, object],
    deprecatedFor: resizeInstead),

  // Default orientation
  .uikit(
    "application:supportedInterfaceOrientationsForWindow:", .defaultOrientation,
    .nonEmptyIntersection, [app, object],
    deprecatedFor: "supportedInterfaceOrientationsForWindowScene:", iOS: "6.0",
    deprecated: "27.0"),

  // Background fetch
  .uikit(
    "application:performFetchWithCompletionHandler:", .backgroundFetch, .broadcast, [app],
    .backgroundFetch, deprecatedFor: "BGAppRefreshTask (BackgroundTasks framework)"),
  .uikit(
    "application:handleEventsForBackgroundURLSession:completionHandler:", .backgroundFetch,
    .broadcast, [app, string], .void),

  // Remote notifications
  .uikit(
    "application:didRegisterForRemoteNotificationsWithDeviceToken:", .remoteNotifications,
    .broadcast, [app, data]),
  .uikit(
    "application:didFailToRegisterForRemoteNotificationsWithError:", .remoteNotifications,
    .broadcast, [app, error]),
  .uikit(
    "application:didReceiveRemoteNotification:", .remoteNotifications, .broadcast,
    [app, dictionary],
    deprecatedFor: "application:didReceiveRemoteNotification:fetchCompletionHandler:"),
  .uikit(
    "application:didReceiveRemoteNotification:fetchCompletionHandler:", .remoteNotifications,
    .broadcast, [app, dictionary], .backgroundFetch),
  .uikit(
    "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
    .remoteNotifications, .broadcast, [app, string.orNil, dictionary], .void,
    deprecatedFor: respondInstead),
  .uikit(
    "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:"
      + "completionHandler:",
    .remoteNotifications, .broadcast, [app, string.orNil, dictionary, dictionary], .void,
    deprecatedFor: respondInstead),

  // Local notifications
  .uikit(
    "application:didReceiveLocalNotification:", .localNotifications, .broadcast,
    [app, object], deprecatedFor: presentOrRespondInstead),
  .uikit(
    "application:handleActionWithIdentifier:forLocalNotification:completionHandler:",
    .localNotifications, .broadcast, [app, string.orNil, object], .void,
    deprecatedFor: respondInstead),
  .uikit(
    "application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:"
      + "completionHandler:",
    .localNotifications, .broadcast, [app, string.orNil, object, dictionary], .void,
    deprecatedFor: respondInstead),
  .uikit(
    "application:didRegisterUserNotificationSettings:", .localNotifications, .broadcast,
    [app, object],
    deprecatedFor: "UNUserNotificationCenter.requestAuthorization(options:completionHandler:)"),

  // State restoration
  .uikit("application:shouldSaveSecureApplicationState:", .stateRestoration, .any, [app, object]),
  .uikit(
    "application:shouldRestoreSecureApplicationState:", .stateRestoration, .any,
    [app, object]),
  .uikit(
    "application:shouldSaveApplicationState:", .stateRestoration, .any, [app, object],
    deprecatedFor: "application:shouldSaveSecureApplicationState:"),
  .uikit(
    "application:shouldRestoreApplicationState:", .stateRestoration, .any, [app, object],
    deprecatedFor: "application:shouldRestoreSecureApplicationState:"),
  .uikit(
    "application:viewControllerWithRestorationIdentifierPath:coder:", .stateRestoration,
    .firstNonNil, [app, .strings, object]),
  .uikit(
    "application:willEncodeRestorableStateWithCoder:", .stateRestoration, .broadcast,
    [app, object]),
  .uikit(
    "application:didDecodeRestorableStateWithCoder:", .stateRestoration, .broadcast,
    [app, object]),

  // URL resource opening
  .uikit(
    "application:openURL:options:", .urlResourceOpening, .firstTrue, [app, url, dictionary],
    deprecatedFor: "scene:openURLContexts:", iOS: "9.0", deprecated: "26.0"),
  .uikit(
    "application:handleOpenURL:", .urlResourceOpening, .firstTrue, [app, url],
    deprecatedFor: "scene:openURLContexts:", iOS: "2.0", deprecated: "9.0"),
  .uikit(
    "application:openURL:sourceApplication:annotation:", .urlResourceOpening, .firstTrue,
    [app, url, string.orNil, object], deprecatedFor: "scene:openURLContexts:", iOS: "4.2",
    deprecated: "9.0"),
  .uikit(
    "application:userDidAcceptCloudKitShareWithMetadata:", .urlResourceOpening, .broadcast,
    [app, object], deprecatedFor: "windowScene:userDidAcceptCloudKitShareWithMetadata:",
    iOS: "10.0", deprecated: "26.0"),

  // Shortcut items
  .uikit(
    "application:performActionForShortcutItem:completionHandler:", .shortcutItems,
    .broadcast, [app, object], .anySucceeded,
    deprecatedFor: "windowScene:performActionForShortcutItem:completionHandler:", iOS: "9.0",
    deprecated: "26.0"),

  // Health
  .uikit("applicationShouldRequestHealthAuthorization:", .health, .broadcast, [app]),

  // Protected data
  .uikit("applicationProtectedDataWillBecomeUnavailable:", .protectedData, .broadcast, [app]),
  .uikit("applicationProtectedDataDidBecomeAvailable:", .protectedData, .broadcast, [app]),

  // Watch interaction
  .uikit(
    "application:handleWatchKitExtensionRequest:reply:", .watchInteraction, .broadcast,
    [app, dictionary.orNil], .watchReply),

  // Extensions
  .uikit("application:shouldAllowExtensionPointIdentifier:", .extensions, .all, [app, string]),

  // Activity continuation
  .uikit(
    "application:willContinueUserActivityWithType:", .activityContinuation, .any,
    [app, string], deprecatedFor: "scene:willContinueUserActivityWithType:", iOS: "8.0",
    deprecated: "26.0"),
  .uikit(
    "application:continueUserActivity:restorationHandler:", .activityContinuation,
    .firstTrue, [app, object, object], deprecatedFor: "scene:continueUserActivity:",
    iOS: "8.0", deprecated: "26.0"),
  .uikit(
    "application:didFailToContinueUserActivityWithType:error:", .activityContinuation,
    .broadcast, [app, string, error],
    deprecatedFor: "scene:didFailToContinueUserActivityWithType:error:", iOS: "8.0",
    deprecated: "26.0"),
  .uikit(
    "application:didUpdateUserActivity:", .activityContinuation, .broadcast, [app, object],
    deprecatedFor: "scene:didUpdateUserActivity:", iOS: "8.0", deprecated: "26.0"),
  .uikit("application:handlerForIntent:", .activityContinuation, .firstNonNil, [app, object]),

  // User notifications (UNUserNotificationCenterDelegate)
  .uikit(
    "userNotificationCenter:willPresentNotification:withCompletionHandler:",
    .userNotifications, .broadcast, [object, object], .presentationOptions),
  .uikit(
    "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
    .userNotifications, .broadcast, [object, object], .void),
  .uikit(
    "userNotificationCenter:openSettingsForNotification:", .userNotifications, .broadcast,
    [object, object]),

  // Scenes
  .uikit(
    "application:configurationForConnectingSceneSession:options:", .scenes, .firstNonNil,
    [app, object, object]),
  .uikit("application:didDiscardSceneSessions:", .scenes, .broadcast, [app, object]),
]

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
  public static let applicationDelegate: Vocabulary = {
    do {
      return try Vocabulary(name: "applicationDelegate", entries: applicationDelegateEntries)
    } catch {
      preconditionFailure("the applicationDelegate table is invalid: \(error)")
    }
  }()
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

private func entry(
  _ selector: String, _ domain: Domain, _ fold: Fold, _ arguments: [ArgumentType],
  _ completion: CompletionKind? = nil, deprecatedFor replacement: String? = nil,
  iOS introduced: String? = nil, deprecated: String? = nil
) -> Vocabulary.Entry {
  Vocabulary.Entry(
    selector, domain: domain, fold: fold, arguments: arguments, completion: completion,
    deprecatedFor: replacement,
    availability: introduced == nil && deprecated == nil
      ? nil : Vocabulary.Availability(introduced: introduced, deprecated: deprecated))
}

private let resizeInstead = "viewWillTransitionToSize:withTransitionCoordinator: (UIViewController)"
private let respondInstead =
  "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
private let presentOrRespondInstead =
  "userNotificationCenter:willPresentNotification:withCompletionHandler: or " + respondInstead

// One entry per call: selector, domain, fold, argument types, completion,
// and the replacement of a deprecated selector.
private let applicationDelegateEntries: [Vocabulary.Entry] = [
  // App state
  entry("applicationDidFinishLaunching:", .appState, .broadcast, [app]),
  entry("application:willFinishLaunchingWithOptions:", .appState, .all, [app, dictionary.orNil]),
  entry("application:didFinishLaunchingWithOptions:", .appState, .all, [app, dictionary.orNil]),
  entry(
    "applicationDidBecomeActive:", .appState, .broadcast, [app],
    deprecatedFor: "sceneDidBecomeActive:", iOS: "2.0", deprecated: "26.0"),
  entry(
    "applicationWillResignActive:", .appState, .broadcast, [app],
    deprecatedFor: "sceneWillResignActive:", iOS: "2.0", deprecated: "26.0"),
  entry(
    "applicationDidEnterBackground:", .appState, .broadcast, [app],
    deprecatedFor: "sceneDidEnterBackground:", iOS: "4.0", deprecated: "26.0"),
  entry(
    "applicationWillEnterForeground:", .appState, .broadcast, [app],
    deprecatedFor: "sceneWillEnterForeground:", iOS: "4.0", deprecated: "26.0"),
  entry("applicationWillTerminate:", .appState, .broadcast, [app]),
  entry("applicationDidReceiveMemoryWarning:", .appState, .broadcast, [app]),
  entry("applicationSignificantTimeChange:", .appState, .broadcast, [app]),
  entry("applicationShouldAutomaticallyLocalizeKeyCommands:", .appState, .all, [app]),
  entry(
    "application:willChangeStatusBarOrientation:duration:", .appState, .broadcast,
    [app, object, object], deprecatedFor: resizeInstead),
  entry(
    "application:didChangeStatusBarOrientation:", .appState, .broadcast, [app, object],
    deprecatedFor: resizeInstead),
  entry(
    "application:willChangeStatusBarFrame:", .appState, .broadcast, [app, object],
    deprecatedFor: resizeInstead),
  entry(
    "application:didChangeStatusBarFrame:", .appState, .broadcast, [app, object],
    deprecatedFor: resizeInstead),

  // Default orientation
  entry(
    "application:supportedInterfaceOrientationsForWindow:", .defaultOrientation,
    .nonEmptyIntersection, [app, object],
    deprecatedFor: "supportedInterfaceOrientationsForWindowScene:", iOS: "6.0",
    deprecated: "27.0"),

  // Background fetch
  entry(
    "application:performFetchWithCompletionHandler:", .backgroundFetch, .broadcast, [app],
    .backgroundFetch, deprecatedFor: "BGAppRefreshTask (BackgroundTasks framework)"),
  entry(
    "application:handleEventsForBackgroundURLSession:completionHandler:", .backgroundFetch,
    .broadcast, [app, string], .void),

  // Remote notifications
  entry(
    "application:didRegisterForRemoteNotificationsWithDeviceToken:", .remoteNotifications,
    .broadcast, [app, data]),
  entry(
    "application:didFailToRegisterForRemoteNotificationsWithError:", .remoteNotifications,
    .broadcast, [app, error]),
  entry(
    "application:didReceiveRemoteNotification:", .remoteNotifications, .broadcast,
    [app, dictionary],
    deprecatedFor: "application:didReceiveRemoteNotification:fetchCompletionHandler:"),
  entry(
    "application:didReceiveRemoteNotification:fetchCompletionHandler:", .remoteNotifications,
    .broadcast, [app, dictionary], .backgroundFetch),
  entry(
    "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
    .remoteNotifications, .broadcast, [app, string.orNil, dictionary], .void,
    deprecatedFor: respondInstead),
  entry(
    "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:"
      + "completionHandler:",
    .remoteNotifications, .broadcast, [app, string.orNil, dictionary, dictionary], .void,
    deprecatedFor: respondInstead),

  // Local notifications
  entry(
    "application:didReceiveLocalNotification:", .localNotifications, .broadcast,
    [app, object], deprecatedFor: presentOrRespondInstead),
  entry(
    "application:handleActionWithIdentifier:forLocalNotification:completionHandler:",
    .localNotifications, .broadcast, [app, string.orNil, object], .void,
    deprecatedFor: respondInstead),
  entry(
    "application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:"
      + "completionHandler:",
    .localNotifications, .broadcast, [app, string.orNil, object, dictionary], .void,
    deprecatedFor: respondInstead),
  entry(
    "application:didRegisterUserNotificationSettings:", .localNotifications, .broadcast,
    [app, object],
    deprecatedFor: "UNUserNotificationCenter.requestAuthorization(options:completionHandler:)"),

  // State restoration
  entry("application:shouldSaveSecureApplicationState:", .stateRestoration, .any, [app, object]),
  entry(
    "application:shouldRestoreSecureApplicationState:", .stateRestoration, .any,
    [app, object]),
  entry(
    "application:shouldSaveApplicationState:", .stateRestoration, .any, [app, object],
    deprecatedFor: "application:shouldSaveSecureApplicationState:"),
  entry(
    "application:shouldRestoreApplicationState:", .stateRestoration, .any, [app, object],
    deprecatedFor: "application:shouldRestoreSecureApplicationState:"),
  entry(
    "application:viewControllerWithRestorationIdentifierPath:coder:", .stateRestoration,
    .firstNonNil, [app, .strings, object]),
  entry(
    "application:willEncodeRestorableStateWithCoder:", .stateRestoration, .broadcast,
    [app, object]),
  entry(
    "application:didDecodeRestorableStateWithCoder:", .stateRestoration, .broadcast,
    [app, object]),

  // URL resource opening
  entry(
    "application:openURL:options:", .urlResourceOpening, .firstTrue, [app, url, dictionary],
    deprecatedFor: "scene:openURLContexts:", iOS: "9.0", deprecated: "26.0"),
  entry(
    "application:handleOpenURL:", .urlResourceOpening, .firstTrue, [app, url],
    deprecatedFor: "scene:openURLContexts:", iOS: "2.0", deprecated: "9.0"),
  entry(
    "application:openURL:sourceApplication:annotation:", .urlResourceOpening, .firstTrue,
    [app, url, string.orNil, object], deprecatedFor: "scene:openURLContexts:", iOS: "4.2",
    deprecated: "9.0"),
  entry(
    "application:userDidAcceptCloudKitShareWithMetadata:", .urlResourceOpening, .broadcast,
    [app, object], deprecatedFor: "windowScene:userDidAcceptCloudKitShareWithMetadata:",
    iOS: "10.0", deprecated: "26.0"),

  // Shortcut items
  entry(
    "application:performActionForShortcutItem:completionHandler:", .shortcutItems,
    .broadcast, [app, object], .anySucceeded,
    deprecatedFor: "windowScene:performActionForShortcutItem:completionHandler:", iOS: "9.0",
    deprecated: "26.0"),

  // Health
  entry("applicationShouldRequestHealthAuthorization:", .health, .broadcast, [app]),

  // Protected data
  entry("applicationProtectedDataWillBecomeUnavailable:", .protectedData, .broadcast, [app]),
  entry("applicationProtectedDataDidBecomeAvailable:", .protectedData, .broadcast, [app]),

  // Watch interaction
  entry(
    "application:handleWatchKitExtensionRequest:reply:", .watchInteraction, .broadcast,
    [app, dictionary.orNil], .watchReply),

  // Extensions
  entry("application:shouldAllowExtensionPointIdentifier:", .extensions, .all, [app, string]),

  // Activity continuation
  entry(
    "application:willContinueUserActivityWithType:", .activityContinuation, .any,
    [app, string], deprecatedFor: "scene:willContinueUserActivityWithType:", iOS: "8.0",
    deprecated: "26.0"),
  entry(
    "application:continueUserActivity:restorationHandler:", .activityContinuation,
    .firstTrue, [app, object, object], deprecatedFor: "scene:continueUserActivity:",
    iOS: "8.0", deprecated: "26.0"),
  entry(
    "application:didFailToContinueUserActivityWithType:error:", .activityContinuation,
    .broadcast, [app, string, error],
    deprecatedFor: "scene:didFailToContinueUserActivityWithType:error:", iOS: "8.0",
    deprecated: "26.0"),
  entry(
    "application:didUpdateUserActivity:", .activityContinuation, .broadcast, [app, object],
    deprecatedFor: "scene:didUpdateUserActivity:", iOS: "8.0", deprecated: "26.0"),
  entry("application:handlerForIntent:", .activityContinuation, .firstNonNil, [app, object]),

  // User notifications (UNUserNotificationCenterDelegate)
  entry(
    "userNotificationCenter:willPresentNotification:withCompletionHandler:",
    .userNotifications, .broadcast, [object, object], .presentationOptions),
  entry(
    "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
    .userNotifications, .broadcast, [object, object], .void),
  entry(
    "userNotificationCenter:openSettingsForNotification:", .userNotifications, .broadcast,
    [object, object]),

  // Scenes
  entry(
    "application:configurationForConnectingSceneSession:options:", .scenes, .firstNonNil,
    [app, object, object]),
  entry("application:didDiscardSceneSessions:", .scenes, .broadcast, [app, object]),
]

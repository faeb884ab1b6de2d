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

extension Vocabulary {
  /// Every `UISceneDelegate` and `UIWindowSceneDelegate` selector, with its
  /// fold, domain, argument types, completion and availability.
  ///
  /// A scene event is the per-scene form of an app event: its first
  /// argument is the scene (``ArgumentType/scene``), and with several
  /// scenes UIKit sends it once per scene. A service that keeps state per
  /// scene keys it by the scene's identity, `ObjectIdentifier(scene)`, and
  /// releases it on `sceneDidDisconnect:`.
  ///
  /// How the folds were chosen:
  /// - Every `Void` event uses ``Fold/broadcast``, except
  ///   `scene:openURLContexts:`.
  /// - `scene:openURLContexts:` uses ``Fold/firstTrue``, as
  ///   `application:openURL:options:` does: a service that answers `true`
  ///   claims the URLs, and later services are not asked; one that answers
  ///   nothing (a `Void` handler) or `false` leaves them to the next.
  ///   UIKit's method returns nothing, so the claim only decides who else
  ///   sees them. `DispatchingSceneDelegate` dispatches one context at a
  ///   time, so that a claim is for one URL.
  /// - `stateRestorationActivityForScene:` and
  ///   `preferredWindowingControlStyleForScene:` use ``Fold/firstNonNil``;
  ///   with no answer the host uses UIKit's default (no restoration
  ///   activity, `UISceneWindowingControlStyle.automatic`).
  /// - `supportedInterfaceOrientationsForWindowScene:` uses
  ///   ``Fold/nonEmptyIntersection``: the orientations every answering
  ///   service allows, and `nil` with a
  ///   ``Diagnostic/emptyIntersection(selector:services:masks:)`` when they
  ///   allow none in common, as UIKit raises on an empty mask.
  /// - `windowScene:performActionForShortcutItem:completionHandler:` joins
  ///   the services' `(Bool) -> Void` completions with
  ///   ``CompletionKind/anySucceeded``: the caller's runs exactly once, with
  ///   whether any service succeeded.
  ///
  /// The domains are those of ``applicationDelegate`` where the events are
  /// the same (``Domain/urlResourceOpening``, which also takes CloudKit
  /// shares, ``Domain/activityContinuation``, ``Domain/shortcutItems``,
  /// ``Domain/stateRestoration``, ``Domain/defaultOrientation``), so that an
  /// exclusive domain has one owner across both delegates, plus
  /// ``Domain/sceneLifeCycle`` and ``Domain/sceneGeometry``.
  ///
  /// Arguments are checked where the type exists on Linux: the activity
  /// type (`String`), the .error, and the URL contexts of
  /// `scene:openURLContexts:`, a `Set<OpenURLContext>`
  /// (``ArgumentType/urlContexts``). Scenes, sessions, activities and the
  /// other UIKit objects are not checked.
  ///
  /// Merge it with ``applicationDelegate`` for a dispatcher that serves
  /// both delegates:
  ///
  /// ```swift
  /// let dispatcher = Dispatcher(
  ///   vocabulary: try Vocabulary.applicationDelegate.merging(.sceneDelegate))
  /// ```
  public static let sceneDelegate = uikitTable("sceneDelegate", sceneDelegateEntries)
}

// One entry per call, in the order of Apple's documentation: selector,
// domain, fold, argument types, completion, and the iOS releases that
// introduced and deprecated it.
private let sceneDelegateEntries: [Vocabulary.Entry] = [
  // UISceneDelegate: connecting and disconnecting
  .uikit(
    "scene:willConnectToSession:options:", .sceneLifeCycle, .broadcast,
    [.scene, .any, .any], iOS: "13.0"),
  .uikit("sceneDidDisconnect:", .sceneLifeCycle, .broadcast, [.scene], iOS: "13.0"),

  // UISceneDelegate: foreground and background
  .uikit("sceneDidBecomeActive:", .sceneLifeCycle, .broadcast, [.scene], iOS: "13.0"),
  .uikit("sceneWillResignActive:", .sceneLifeCycle, .broadcast, [.scene], iOS: "13.0"),
  .uikit("sceneWillEnterForeground:", .sceneLifeCycle, .broadcast, [.scene], iOS: "13.0"),
  .uikit("sceneDidEnterBackground:", .sceneLifeCycle, .broadcast, [.scene], iOS: "13.0"),

  // UISceneDelegate: opening URLs
  .uikit(
    "scene:openURLContexts:", .urlResourceOpening, .firstTrue, [.scene, .urlContexts],
    iOS: "13.0"),

  // UISceneDelegate: state restoration
  .uikit(
    "stateRestorationActivityForScene:", .stateRestoration, .firstNonNil, [.scene], iOS: "13.0"),
  .uikit(
    "scene:restoreInteractionStateWithUserActivity:", .stateRestoration, .broadcast,
    [.scene, .any], iOS: "13.0"),

  // UISceneDelegate: activity continuation
  .uikit(
    "scene:willContinueUserActivityWithType:", .activityContinuation, .broadcast,
    [.scene, .string], iOS: "13.0"),
  .uikit(
    "scene:continueUserActivity:", .activityContinuation, .broadcast, [.scene, .any],
    iOS: "13.0"),
  .uikit(
    "scene:didFailToContinueUserActivityWithType:error:", .activityContinuation, .broadcast,
    [.scene, .string, .error], iOS: "13.0"),
  .uikit(
    "scene:didUpdateUserActivity:", .activityContinuation, .broadcast, [.scene, .any],
    iOS: "13.0"),

  // UIWindowSceneDelegate: geometry and windowing
  .uikit(
    "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:",
    .sceneGeometry, .broadcast, [.scene, .any, .any, .any],
    deprecatedFor: "windowScene:didUpdateEffectiveGeometry:",
    iOS: "13.0", deprecated: "26.0"),
  .uikit(
    "windowScene:didUpdateEffectiveGeometry:", .sceneGeometry, .broadcast, [.scene, .any],
    iOS: "26.0"),
  // UIWindowSceneDelegate: shortcut items and CloudKit shares
  .uikit(
    "windowScene:performActionForShortcutItem:completionHandler:", .shortcutItems, .broadcast,
    [.scene, .any], .anySucceeded, iOS: "13.0"),
  .uikit(
    "windowScene:userDidAcceptCloudKitShareWithMetadata:", .urlResourceOpening, .broadcast,
    [.scene, .any], iOS: "13.0"),

  // UIWindowSceneDelegate: orientations and windowing controls
  .uikit(
    "supportedInterfaceOrientationsForWindowScene:", .defaultOrientation,
    .nonEmptyIntersection, [.scene], iOS: "27.0"),
  .uikit(
    "preferredWindowingControlStyleForScene:", .sceneGeometry, .firstNonNil, [.scene],
    iOS: "26.0"),

]

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

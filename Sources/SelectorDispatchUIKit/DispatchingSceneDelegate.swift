#if os(iOS)
  import SelectorDispatch
  import UIKit
  import UserNotifications

  /// A window scene delegate that forwards every `UISceneDelegate` and
  /// `UIWindowSceneDelegate` method to the services of the app's
  /// ``DispatchingAppDelegate``, on its dispatcher.
  ///
  /// It needs no configuration: ``DispatchingAppDelegate`` names it in the
  /// scene configuration unless Info.plist names another class, and each
  /// scene delegate uses the dispatcher of the app delegate created last.
  /// Subclass it, and name the subclass in Info.plist, to make the window in
  /// code (``makeRootViewController(for:options:)``) or to override a
  /// method (call `super` to keep forwarding it).
  ///
  /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
  /// ```swift
  /// final class SceneDelegate: DispatchingSceneDelegate {
  ///   override func makeRootViewController(
  ///     for scene: UIWindowScene, options: UIScene.ConnectionOptions
  ///   ) -> UIViewController? { RootViewController() }
  /// }
  /// ```
  ///
  /// **What UIKit sees.** As for the app delegate, `responds(to:)`
  /// advertises a forwarded method only when some service handles it (or a
  /// subclass overrides it). `scene(_:willConnectTo:options:)`, which makes
  /// the window, and `sceneDidDisconnect(_:)`, which releases the scene's
  /// ``PerScene`` values, are always advertised.
  ///
  /// **Connecting.** `scene(_:willConnectTo:options:)` makes the window
  /// when ``makeRootViewController(for:options:)`` gives a root view
  /// controller and no window exists yet (a storyboard's, or SwiftUI's),
  /// passes the window (a storyboard's or the one just made) to
  /// ``configure(_:for:options:)``,
  /// forwards `scene:willConnectToSession:options:`, whose handlers reach
  /// the window through `scene.dispatchingDelegate?.window`, then forwards
  /// what the scene was opened with, which UIKit does not send again, as
  /// ``forwardedConnectionEvents`` chooses: each URL as
  /// `scene:openURLContexts:`, each user activity as
  /// `scene:continueUserActivity:`, the shortcut item as
  /// `windowScene:performActionForShortcutItem:completionHandler:` and the
  /// notification response as
  /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
  /// Those go to the services directly, not through this class's methods
  /// for live events, and the scene's `isConnecting` is `true` meanwhile,
  /// so a handler tells them apart from live ones.
  ///
  /// **Per-scene state.** A service keeps what belongs to one scene in a
  /// ``PerScene`` store, which this class empties when the scene disconnects,
  /// after the services' `sceneDidDisconnect:` handlers ran.
  ///
  /// **Values.** `scene:openURLContexts:` passes a `Set<OpenURLContext>` of
  /// one URL per event, with every option UIKit gives, so that the first
  /// service that answers `true` claims that URL. The shortcut item's completion is
  /// `(Bool) -> Void`; UIKit's is called exactly once, with whether any
  /// service succeeded, at the dispatcher's deadline at the latest.
  ///
  /// Compiled for iOS, iPadOS and Mac Catalyst; the module is empty on the
  /// other platforms.
  open class DispatchingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// The scene's window: UIKit's from a storyboard, or the one
    /// ``scene(_:willConnectTo:options:)`` makes.
    open var window: UIWindow?

    /// The app delegate's dispatcher, or `nil` when the app has no
    /// ``DispatchingAppDelegate``: then nothing is forwarded, and the
    /// creation is written to the unified log.
    public nonisolated var dispatcher: Dispatcher? { forwarder?.dispatcher }

    nonisolated let forwarder: DelegateForwarder?

    /// The kinds of event a scene's connection options carry, which
    /// ``forwardedConnectionEvents`` chooses among.
    public struct ConnectionEvents: OptionSet, Sendable {
      /// The kinds' bits.
      public let rawValue: UInt

      /// Creates a set of kinds from their bits.
      ///
      /// - Parameter rawValue: The bits.
      public init(rawValue: UInt) { self.rawValue = rawValue }

      /// The URLs (`urlContexts`), each forwarded as
      /// `scene:openURLContexts:`, which a service can claim.
      public static let urlContexts = Self(rawValue: SceneConnection.Events.urlContexts.rawValue)
      /// The user activities (`userActivities`), each forwarded as
      /// `scene:continueUserActivity:`.
      public static let userActivities = Self(
        rawValue: SceneConnection.Events.userActivities.rawValue)
      /// The quick action (`shortcutItem`), forwarded as
      /// `windowScene:performActionForShortcutItem:completionHandler:`.
      public static let shortcutItem = Self(rawValue: SceneConnection.Events.shortcutItem.rawValue)
      /// The notification response (`notificationResponse`), forwarded as
      /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
      public static let notificationResponse = Self(
        rawValue: SceneConnection.Events.notificationResponse.rawValue)
      /// All four.
      public static let all = Self(rawValue: SceneConnection.Events.all.rawValue)
    }

    /// What a connecting scene forwards of what it was opened with, after
    /// `scene:willConnectToSession:options:`: ``ConnectionEvents/all`` by
    /// default.
    ///
    /// Override it in the subclass Info.plist names to forward less, or
    /// nothing, and handle the rest in one place: a service's
    /// `scene:willConnectToSession:options:` handler gets UIKit's
    /// connection options whole.
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// final class SceneDelegate: DispatchingSceneDelegate {
    ///   override class var forwardedConnectionEvents: ConnectionEvents { [] }
    /// }
    /// ```
    open class var forwardedConnectionEvents: ConnectionEvents { .all }

    /// Creates a scene delegate on the dispatcher of the app delegate created
    /// last.
    public override init() {
      forwarder = DispatchingAppDelegate.current?.forwarder
      super.init()
      if let dispatcher = forwarder?.dispatcher {
        UIKitHost.reportUnforwardedHandlers(of: .sceneDelegate, in: self, on: dispatcher)
      } else {
        UIKitHost.failed(MissingAppDelegate(sceneDelegate: type(of: self)))
      }
    }

    /// Advertises a forwarded method only when some service handles it (or
    /// a subclass overrides it), and `scene(_:willConnectTo:options:)` and
    /// `sceneDidDisconnect(_:)` always; any other selector is `NSObject`'s
    /// answer.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
      UIKitHost.advertises(
        aSelector, host: .sceneDelegate, of: self, base: DispatchingSceneDelegate.self,
        forwarder: forwarder) ?? super.responds(to: aSelector)
    }

    /// The root view controller of a window this delegate makes for a
    /// connecting scene; `nil` (the default) makes none, for a storyboard's
    /// or SwiftUI's window, or a service's.
    ///
    /// - Parameters:
    ///   - scene: The connecting scene.
    ///   - options: What the scene was opened with.
    /// - Returns: The root view controller, or `nil` for no window.
    open func makeRootViewController(
      for scene: UIWindowScene, options: UIScene.ConnectionOptions
    ) -> UIViewController? {
      nil
    }

    /// Configures the scene's window: a storyboard's (which UIKit sets
    /// before the scene connects) or the one made from
    /// ``makeRootViewController(for:options:)``, not one a service makes
    /// later. Does nothing by default.
    ///
    /// Called once per connecting scene that has a window, before the
    /// services receive `scene:willConnectToSession:options:`, so that their
    /// handlers find the window configured; a window made in code is made
    /// key and visible after it.
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// override func configure(
    ///   _ window: UIWindow, for scene: UIWindowScene, options: UIScene.ConnectionOptions
    /// ) {
    ///   window.tintColor = .systemIndigo
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - window: The scene's window.
    ///   - scene: The connecting scene.
    ///   - options: What the scene was opened with.
    open func configure(
      _ window: UIWindow, for scene: UIWindowScene, options: UIScene.ConnectionOptions
    ) {}

    // MARK: Connecting and disconnecting

    /// Makes and configures the window, forwards
    /// `scene:willConnectToSession:options:`, then forwards the URLs, user
    /// activities, shortcut item and notification response the scene was
    /// opened with, as ``forwardedConnectionEvents`` chooses, all while the
    /// scene's `isConnecting` is `true`.
    open func scene(
      _ scene: UIScene, willConnectTo session: UISceneSession,
      options connectionOptions: UIScene.ConnectionOptions
    ) {
      if let windowScene = scene as? UIWindowScene {
        var made: UIWindow?
        if window == nil,
          let root = makeRootViewController(for: windowScene, options: connectionOptions)
        {
          made = UIWindow(windowScene: windowScene)
          made?.rootViewController = root
          window = made
        }
        if let window { configure(window, for: windowScene, options: connectionOptions) }
        made?.makeKeyAndVisible()
      }
      var contents = SceneConnection.Contents()
      contents.urlContexts = connectionOptions.urlContexts.map(OpenURLContext.init)
      contents.userActivities = Array(connectionOptions.userActivities)
      if scene is UIWindowScene { contents.shortcutItem = connectionOptions.shortcutItem }
      if let response = connectionOptions.notificationResponse {
        contents.notificationResponse = SceneConnection.Response(
          center: UNUserNotificationCenter.current(), response: response,
          key: response.forwardingKey)
      }
      SceneConnection.connect(
        scene, session: session, options: connectionOptions, contents: contents,
        forwarding: SceneConnection.Events(
          rawValue: type(of: self).forwardedConnectionEvents.rawValue),
        on: forwarder)
    }

    /// Forwards `sceneDidDisconnect:`, then drops the values services kept
    /// for the scene in ``PerScene`` stores.
    open func sceneDidDisconnect(_ scene: UIScene) {
      DelegateForwarder.disconnect(scene, by: Forwarded.sceneDidDisconnect, from: forwarder)
    }

    // MARK: Opening URLs

    /// Forwards `scene:openURLContexts:` once per URL, as a
    /// `Set<OpenURLContext>` of one that carries every option UIKit gives:
    /// the first service that answers `true` claims the URL, and later
    /// services do not get it.
    open func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
      forwarder?.open(
        urlContexts.map(OpenURLContext.init), in: scene, by: Forwarded.sceneOpenURLContexts)
    }
  }

  extension OpenURLContext {
    /// The context of a UIKit context, with all its options.
    @MainActor init(_ context: UIOpenURLContext) {
      self.init(
        url: context.url, sourceApplication: context.options.sourceApplication,
        openInPlace: context.options.openInPlace, annotation: context.options.annotation,
        eventAttribution: context.options.eventAttribution)
    }
  }

  extension UIScene {
    /// Whether the adapter is connecting this scene: `true` while a
    /// ``DispatchingSceneDelegate`` forwards `scene:willConnectToSession:options:`
    /// and the events of the scene's connection options (see
    /// ``DispatchingSceneDelegate/forwardedConnectionEvents``), `false` for
    /// every live event. Read it whatever the scene's delegate is, SwiftUI's
    /// included.
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// on(.sceneContinueUserActivity) { scene, activity in
    ///   if scene.isConnecting { router.restore(activity) } else { router.resume(activity) }
    /// }
    /// ```
    public var isConnecting: Bool { SceneConnection.isConnecting(self) }

    /// The scene's delegate when it is a ``DispatchingSceneDelegate`` (the
    /// adapter's class or the app's subclass), or `nil`: how a service's
    /// handler reaches the scene's window.
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// on(.sceneDidBecomeActive) { scene in scene.dispatchingDelegate?.window?.tintColor = .systemRed }
    /// ```
    public var dispatchingDelegate: DispatchingSceneDelegate? {
      delegate as? DispatchingSceneDelegate
    }
  }

  /// A scene delegate created in an app without a ``DispatchingAppDelegate``.
  private struct MissingAppDelegate: Error, CustomStringConvertible {
    let sceneDelegate: AnyClass

    var description: String {
      "\(sceneDelegate) found no DispatchingAppDelegate: its scene events reach no service. "
        + "Make the app delegate a DispatchingAppDelegate subclass, or its "
        + "@UIApplicationDelegateAdaptor's type one."
    }
  }
#endif

import SelectorDispatch

/// What a scene does when it connects: forwards
/// `scene:willConnectToSession:options:`, then the events its connection
/// options carry that the app chose, while the scene
/// ``isConnecting(_:)``; the rule behind `DispatchingSceneDelegate`,
/// compiled everywhere so that it is tested on Linux.
///
/// The events from the options go to the services directly, never through
/// the scene delegate's methods for live events, which UIKit calls for live
/// events only. They are, in this order:
/// - each URL as `scene:openURLContexts:`, one per event, so that a service
///   can claim it (``DelegateForwarder/open(_:in:by:)``);
/// - each user activity as `scene:continueUserActivity:`;
/// - the shortcut item as
///   `windowScene:performActionForShortcutItem:completionHandler:`, whose
///   completion nothing waits for: UIKit has none for it;
/// - the notification response as
///   `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`,
///   once even if UIKit also gives it to the notification centre's delegate
///   (``DelegateForwarder/receive(_:key:completion:)``). Left out, it counts
///   as delivered all the same, in the options the services' handlers of
///   `scene:willConnectToSession:options:` got: the centre's delivery of it
///   is not forwarded either.
///
/// Whether a scene is connecting is kept by scene, not by delegate, so that
/// it can be read whatever object the scene's delegate is (SwiftUI puts one
/// of its own in front of the app's).
@MainActor
enum SceneConnection {
  /// The kinds of event connection options carry; the bits of
  /// `DispatchingSceneDelegate.ConnectionEvents`.
  struct Events: OptionSet, Sendable {
    let rawValue: UInt

    static let urlContexts = Events(rawValue: 1 << 0)
    static let userActivities = Events(rawValue: 1 << 1)
    static let shortcutItem = Events(rawValue: 1 << 2)
    static let notificationResponse = Events(rawValue: 1 << 3)
    static let all: Events = [urlContexts, userActivities, shortcutItem, notificationResponse]
  }

  /// A notification response, with what it is forwarded with.
  struct Response {
    /// The current notification centre.
    let center: Any
    /// UIKit's response.
    let response: Any
    /// Its ``ResponseLedger/key(request:action:date:)``.
    let key: String
  }

  /// What connection options carry, converted from UIKit's.
  struct Contents {
    var urlContexts: [OpenURLContext] = []
    var userActivities: [Any] = []
    /// The shortcut item, for a window scene only.
    var shortcutItem: Any?
    var notificationResponse: Response?
  }

  // The events a connection forwards, by the types its values have here: their handlers get them
  // as `[Any]`, as the handlers of a typed event with other types do. A connection is once per
  // scene, and its rules are tested on Linux, where UIKit's types are absent.
  static let willConnect = ForwardedEvent<(AnyObject, Any, Any) -> Void>(
    .init("scene:willConnectToSession:options:"))
  private static let openURLContexts = ForwardedEvent<(AnyObject, Set<OpenURLContext>) -> Bool>(
    .init("scene:openURLContexts:"))
  private static let continueUserActivity = ForwardedEvent<(AnyObject, Any) -> Void>(
    .init("scene:continueUserActivity:"))

  /// The scenes connecting now. A scene is in it only while its
  /// ``connect(_:session:options:contents:forwarding:on:)`` runs, and is
  /// alive all that time, so its identity is never another object's.
  private static var connecting: Set<ObjectIdentifier> = []

  /// Whether `scene` is connecting: from the moment
  /// `scene:willConnectToSession:options:` is forwarded until the last
  /// event from its options has been; `false` for every live event.
  static func isConnecting(_ scene: AnyObject) -> Bool {
    connecting.contains(ObjectIdentifier(scene))
  }

  /// Forwards a connecting scene's events.
  ///
  /// - Parameters:
  ///   - scene: The scene.
  ///   - session: Its session.
  ///   - options: UIKit's connection options, as
  ///     `scene:willConnectToSession:options:` passes them.
  ///   - contents: What the options carry.
  ///   - events: The kinds of event to forward from them.
  ///   - forwarder: The forwarder, or `nil` when the app has no dispatching
  ///     app delegate: then nothing is forwarded.
  static func connect(
    _ scene: AnyObject, session: Any, options: Any, contents: Contents,
    forwarding events: Events, on forwarder: DelegateForwarder?
  ) {
    guard let forwarder else { return }
    let inserted = connecting.insert(ObjectIdentifier(scene)).inserted
    defer { if inserted { connecting.remove(ObjectIdentifier(scene)) } }
    forwarder.event(willConnect, scene, session, options)
    if events.contains(.urlContexts) {
      forwarder.open(contents.urlContexts, in: scene, by: openURLContexts)
    }
    if events.contains(.userActivities) {
      for activity in contents.userActivities {
        forwarder.event(continueUserActivity, scene, activity)
      }
    }
    if events.contains(.shortcutItem), let item = contents.shortcutItem {
      forwarder.event(
        "windowScene:performActionForShortcutItem:completionHandler:", [scene, item],
        completion: { (_: Bool) in }, fallback: false)
    }
    if let response = contents.notificationResponse {
      if events.contains(.notificationResponse) {
        forwarder.receive([response.center, response.response], key: response.key) {}
      } else {
        forwarder.received(key: response.key)
      }
    }
  }
}

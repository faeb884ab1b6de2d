/// A named group of related selectors, such as the app-state events or the
/// URL-opening ones.
///
/// Every ``Vocabulary/Entry`` belongs to one domain. A vocabulary can make a
/// domain *exclusive* (see ``Vocabulary/exclusive(_:)``): then at most one
/// service may handle its selectors, as JSDecoupledAppDelegate allows exactly
/// one delegate per domain. Domains are shared by default, so several
/// services can observe the same events.
///
/// ```swift
/// let payments = Domain("payments")  // a domain for a custom vocabulary
/// ```
public struct Domain: Hashable, Sendable, CustomStringConvertible {
  /// The domain's name, such as `app state`.
  public let name: String

  /// Creates a domain.
  ///
  /// - Parameter name: A short lower-case name that error messages and
  ///   diagnostics print, such as `payments`. Domains with the same name are
  ///   the same domain.
  public init(_ name: String) {
    self.name = name
  }

  /// The domain's name.
  public var description: String { name }
}

extension Domain {
  /// Launch, activation, backgrounding, termination, memory warnings,
  /// significant time changes and the status bar
  /// (JSDecoupledAppDelegate's `JSApplicationStateDelegate`).
  public static let appState = Domain("app state")
  /// The interface orientations a window supports
  /// (`JSApplicationDefaultOrientationDelegate`).
  public static let defaultOrientation = Domain("default orientation")
  /// Background fetch and background URL sessions
  /// (`JSApplicationBackgroundFetchDelegate`).
  public static let backgroundFetch = Domain("background fetch")
  /// Registering for and receiving remote (push) notifications
  /// (`JSApplicationRemoteNotificationsDelegate`).
  public static let remoteNotifications = Domain("remote notifications")
  /// The legacy local-notification callbacks
  /// (`JSApplicationLocalNotificationsDelegate`).
  public static let localNotifications = Domain("local notifications")
  /// Saving and restoring interface state
  /// (`JSApplicationStateRestorationDelegate`).
  public static let stateRestoration = Domain("state restoration")
  /// Opening URLs, including accepted CloudKit shares
  /// (`JSApplicationURLResourceOpeningDelegate`).
  public static let urlResourceOpening = Domain("URL resource opening")
  /// Home-screen quick actions (`JSApplicationShortcutItemDelegate`).
  public static let shortcutItems = Domain("shortcut items")
  /// HealthKit authorization requests (`JSApplicationHealthDelegate`).
  public static let health = Domain("health")
  /// Data protection becoming available or unavailable
  /// (`JSApplicationProtectedDataDelegate`).
  public static let protectedData = Domain("protected data")
  /// Requests from a WatchKit extension
  /// (`JSApplicationWatchInteractionDelegate`).
  public static let watchInteraction = Domain("watch interaction")
  /// Allowing app extension points (`JSApplicationExtensionDelegate`).
  public static let extensions = Domain("extensions")
  /// Handoff, user activities and SiriKit intent handlers
  /// (`JSApplicationActivityContinuationDelegate`).
  public static let activityContinuation = Domain("activity continuation")
  /// `UNUserNotificationCenterDelegate`: presenting and answering
  /// notifications.
  public static let userNotifications = Domain("user notifications")
  /// Scene sessions: configuring and discarding them.
  public static let scenes = Domain("scenes")
  /// One scene's life: connecting, entering the foreground, becoming
  /// active, resigning, entering the background and disconnecting
  /// (`UISceneDelegate`); the per-scene counterpart of ``appState``.
  public static let sceneLifeCycle = Domain("scene life cycle")
  /// A window scene's geometry and window controls: its size, its
  /// interface orientation and traits, and the style of its windowing
  /// controls (`UIWindowSceneDelegate`).
  public static let sceneGeometry = Domain("scene geometry")

  /// The thirteen domains JSDecoupledAppDelegate splits
  /// `UIApplicationDelegate` into, in its order.
  public static let decoupledAppDelegateDomains: [Domain] = [
    .appState, .defaultOrientation, .backgroundFetch, .remoteNotifications,
    .localNotifications, .stateRestoration, .urlResourceOpening, .shortcutItems, .health,
    .protectedData, .watchInteraction, .extensions, .activityContinuation,
  ]
}

#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatch
  import SelectorDispatchUIKit
  import UIKit

  /// Observes the `UIScene` and `UIApplication` notifications the SwiftUI
  /// entry point turns into events (`didFinishLaunchingNotification`
  /// included), once per app, and passes each to its rules on the main
  /// actor.
  ///
  /// An observer by selector, which the notification centre drops when it
  /// is deallocated: the listener lives as long as its
  /// ``DispatchingServices``.
  @MainActor
  final class NotificationListener: NSObject {
    /// The scene notifications, and what each is to the rules.
    private static let sceneNotifications: [Notification.Name: SwiftUIEntry.SceneNotification] = [
      UIScene.willConnectNotification: .willConnect,
      UIScene.didDisconnectNotification: .didDisconnect,
      UIScene.willEnterForegroundNotification: .willEnterForeground,
      UIScene.didActivateNotification: .didActivate,
      UIScene.willDeactivateNotification: .willDeactivate,
      UIScene.didEnterBackgroundNotification: .didEnterBackground,
    ]

    /// The app notifications, and what each is to the rules.
    private static let appNotifications: [Notification.Name: SwiftUIEntry.AppNotification] = [
      UIApplication.didReceiveMemoryWarningNotification: .didReceiveMemoryWarning,
      UIApplication.significantTimeChangeNotification: .significantTimeChange,
      UIApplication.willTerminateNotification: .willTerminate,
      UIApplication.protectedDataWillBecomeUnavailableNotification:
        .protectedDataWillBecomeUnavailable,
      UIApplication.protectedDataDidBecomeAvailableNotification: .protectedDataDidBecomeAvailable,
    ]

    private let entry: SwiftUIEntry

    /// A launch notification's user info as launch options.
    private nonisolated static func launchOptions(
      _ userInfo: [AnyHashable: Any]
    ) -> [UIApplication.LaunchOptionsKey: Any] {
      var options: [UIApplication.LaunchOptionsKey: Any] = [:]
      for (key, value) in userInfo {
        guard let key = key as? String else { continue }
        options[UIApplication.LaunchOptionsKey(rawValue: key)] = value
      }
      return options
    }

    /// Starts observing, for `entry`.
    init(entry: SwiftUIEntry) {
      self.entry = entry
      super.init()
      let names =
        Array(Self.sceneNotifications.keys) + Array(Self.appNotifications.keys)
        + [UIApplication.didFinishLaunchingNotification]
      for name in names {
        NotificationCenter.default.addObserver(
          self, selector: #selector(receive(_:)), name: name, object: nil)
      }
    }

    /// Passes a notification to the rules, on the main actor: at once on
    /// the main thread, where UIKit posts them.
    @objc nonisolated private func receive(_ notification: Notification) {
      let name = notification.name
      let scene = notification.object as? UIScene
      // The launch options, keyed as UIKit's delegate method has them. UIKit posts its
      // notifications on the main thread, where `onMain` runs the closure at once.
      nonisolated(unsafe) let options =
        name == UIApplication.didFinishLaunchingNotification
        ? notification.userInfo.map(Self.launchOptions) : nil
      UIKitHost.onMain { [self] in handle(name, scene: scene, options: options) }
    }

    private func handle(
      _ name: Notification.Name, scene: UIScene?,
      options: [UIApplication.LaunchOptionsKey: Any]?
    ) {
      if name == UIApplication.didFinishLaunchingNotification {
        entry.finishLaunching(UIApplication.shared, options: options as Any)
      } else if let kind = Self.sceneNotifications[name], let scene {
        entry.receive(kind, scene: scene, session: scene.session)
      } else if let kind = Self.appNotifications[name] {
        entry.receive(kind, application: UIApplication.shared)
      }
    }
  }
#endif

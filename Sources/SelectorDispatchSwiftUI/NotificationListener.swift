#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatch
  import SelectorDispatchUIKit
  import UIKit

  /// Observes the `UIScene` and `UIApplication` notifications the SwiftUI
  /// entry point turns into events, once per app, and passes each to its
  /// rules on the main actor.
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

    /// Starts observing, for `entry`.
    init(entry: SwiftUIEntry) {
      self.entry = entry
      super.init()
      let names = Array(Self.sceneNotifications.keys) + Array(Self.appNotifications.keys)
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
      UIKitHost.onMain { [self] in handle(name, scene: scene) }
    }

    private func handle(_ name: Notification.Name, scene: UIScene?) {
      if let kind = Self.sceneNotifications[name], let scene {
        entry.receive(kind, scene: scene, session: scene.session)
      } else if let kind = Self.appNotifications[name] {
        entry.receive(kind, application: UIApplication.shared)
      }
    }
  }
#endif

// Not part of the example app: compiled by `.ci/run`'s Apple SDK step to show that an app's
// subclass may override the forwarded delegate methods and call `super` to keep forwarding
// them. `DispatchingAppDelegate` declares them in three files: the class with its irregular
// methods, and two extensions, the generated regular methods (`+Forwarding`) and
// `+Notifications`, whose methods are `@objc` so that they stay overridable; this overrides
// methods of each file.

#if os(iOS)
  import SelectorDispatchUIKit
  import UIKit
  import UserNotifications

  final class SubclassOverrides: DispatchingAppDelegate {
    // DispatchingAppDelegate.swift
    override func application(
      _ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
      super.application(application, supportedInterfaceOrientationsFor: window)
    }

    // DispatchingAppDelegate+Forwarding.swift
    override func applicationDidBecomeActive(_ application: UIApplication) {
      super.applicationDidBecomeActive(application)
    }

    override func application(
      _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
      super.application(app, open: url, options: options)
    }

    // DispatchingAppDelegate+Notifications.swift
    override func application(
      _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
      fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      super.application(
        application, didReceiveRemoteNotification: userInfo,
        fetchCompletionHandler: completionHandler)
    }

    nonisolated override func userNotificationCenter(
      _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
      super.userNotificationCenter(center, openSettingsFor: notification)
    }
  }
#endif

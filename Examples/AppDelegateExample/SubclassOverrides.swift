// Not part of the example app: compiled by `.ci/run`'s Apple SDK step to show that an app's
// subclass may override the forwarded delegate methods and call `super` to keep forwarding
// them. `DispatchingAppDelegate` declares them in three files, two of them extensions, whose
// methods are `@objc` so that they stay overridable; this overrides one method of each file.

#if os(iOS)
  import SelectorDispatchUIKit
  import UIKit
  import UserNotifications

  final class SubclassOverrides: DispatchingAppDelegate {
    // DispatchingAppDelegate.swift
    override func applicationDidBecomeActive(_ application: UIApplication) {
      super.applicationDidBecomeActive(application)
    }

    // DispatchingAppDelegate+Activities.swift
    override func application(
      _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
      super.application(app, open: url, options: options)
    }

    // DispatchingAppDelegate+Notifications.swift
    override func application(
      _ application: UIApplication,
      didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
      super.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
    }

    nonisolated override func userNotificationCenter(
      _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
      super.userNotificationCenter(center, openSettingsFor: notification)
    }
  }
#endif

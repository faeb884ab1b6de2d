// An iOS app delegate that hands every delegate method to services: the app lists its services
// and writes no delegate method. `DispatchingAppDelegate` (the `SelectorDispatchUIKit` product)
// forwards each `UIApplicationDelegate` and `UNUserNotificationCenterDelegate` method, advertises
// to UIKit only the methods some service handles, converts UIKit's completion types and calls
// each of UIKit's completions exactly once.
//
// Compiled for iOS, iPadOS and Mac Catalyst only (`#if os(iOS)`). watchOS has no UIKit; tvOS and
// visionOS, where Apple documents these methods too, are left out because no machine here can
// compile for them (PLATFORMS.md). Elsewhere, Linux included, this target is an empty module.
// `.ci/run` compiles it for iOS against the iPhoneOS 18.6 SDK and type-checks it for Mac Catalyst
// against the MacOSX 13.3 SDK; nothing links or runs it. Copy it into an app target.

#if os(iOS)
  import SelectorDispatch
  import SelectorDispatchUIKit
  import UIKit
  import UserNotifications

  /// The app's whole delegate: its services, and nothing else.
  @main
  final class AppDelegate: DispatchingAppDelegate {
    override var services: [any DispatchService] { [PushService()] }
  }

  /// A service like any other: it handles the selectors it cares about and nothing else. UIKit
  /// sees these four delegate methods, and the one where the adapter does work of its own
  /// (`application(_:willFinishLaunchingWithOptions:)`), and no other.
  struct PushService: DispatchService {
    @HandlerTableBuilder var handlers: HandlerTable {
      on("application:didFinishLaunchingWithOptions:") {
        (app: UIApplication, options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool in
        print("push: launched")
        return true
      }
      on("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
        (app: UIApplication, token: Data) in
        print("push token: \(token.count) bytes")
      }
      // UIKit's `(UIBackgroundFetchResult) -> Void` reaches services as the package's
      // `(BackgroundFetchResult) -> Void`; the adapter converts the folded answer back.
      on("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
        (
          app: UIApplication, userInfo: [AnyHashable: Any],
          done: @escaping (BackgroundFetchResult) -> Void
        ) in
        done(userInfo["aps"] == nil ? .noData : .newData)
      }
      // UserNotifications' `(UNNotificationPresentationOptions) -> Void` reaches services as
      // `(UInt) -> Void`, the option set's raw value; the adapter ORs the services' answers.
      on("userNotificationCenter:willPresentNotification:withCompletionHandler:") {
        (center: UNUserNotificationCenter, note: UNNotification, done: @escaping (UInt) -> Void) in
        done(UNNotificationPresentationOptions([.banner, .sound]).rawValue)
      }
    }
  }
#endif

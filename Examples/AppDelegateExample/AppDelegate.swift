// An iOS app delegate that forwards its delegate methods to services through a `Dispatcher`.
//
// Compiled for iOS, iPadOS and Mac Catalyst only (`#if os(iOS)`). watchOS has no UIKit; tvOS and
// visionOS, where Apple documents these methods too, are left out because no machine here can
// compile for them (PLATFORMS.md). Elsewhere, Linux included, this target is an empty module.
// `.ci/run` compiles it for iOS and type-checks it for Mac Catalyst against Apple's SDKs. Copy
// the class into an app target and mark it `@main`.
//
// The system's completions are not the package's: a background fetch hands the delegate
// `(UIBackgroundFetchResult) -> Void`, a foreground notification
// `(UNNotificationPresentationOptions) -> Void`, while services see `(BackgroundFetchResult) -> Void`
// and `(UInt) -> Void`. The host adapts each in one closure (marked "adapter" below); the article
// "Completion handlers" (Documentation.docc/CompletionHandlers.md, "UIKit's completion types")
// explains each line.

#if os(iOS)
  import SelectorDispatch
  import UIKit
  import UserNotifications

  /// A service like any other: it handles the selectors it cares about and nothing else.
  struct PushService: Service {
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
      on("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
        (
          app: UIApplication, userInfo: [AnyHashable: Any],
          done: @escaping (BackgroundFetchResult) -> Void
        ) in
        done(userInfo["aps"] == nil ? .noData : .newData)
      }
      on("userNotificationCenter:willPresentNotification:withCompletionHandler:") {
        (center: UNUserNotificationCenter, note: UNNotification, done: @escaping (UInt) -> Void) in
        done(UNNotificationPresentationOptions([.banner, .sound]).rawValue)  // option set -> UInt
      }
    }
  }

  /// The whole app delegate: the services, one line per forwarded method, and `responds(to:)`.
  final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    /// `nonisolated`: `responds(to:)` reads it off the main actor; `Dispatcher` is `Sendable`.
    private nonisolated let dispatcher = Dispatcher(vocabulary: .applicationDelegate)

    override init() {
      super.init()
      // Register before UIKit asks `responds(to:)`, which it does when the delegate is set.
      do {
        try dispatcher.register(contentsOf: [PushService()])
      } catch {
        assertionFailure("the services could not be registered: \(error)")
      }
    }

    /// Advertises a delegate method only when some service handles it, so that iOS does not
    /// see, say, a background-fetch method that nothing implements. `nonisolated`, as
    /// `NSObject` declares it.
    nonisolated override func responds(to aSelector: Selector!) -> Bool {
      let name = NSStringFromSelector(aSelector)
      guard Vocabulary.applicationDelegate[selector: name] != nil else {
        return super.responds(to: aSelector)
      }
      return dispatcher.responds(to: name)
    }

    func application(
      _ application: UIApplication,
      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
      UNUserNotificationCenter.current().delegate = self
      let launched = forward(
        "application:didFinishLaunchingWithOptions:", application, launchOptions as Any)
      return launched as? Bool ?? true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
      forward("applicationDidEnterBackground:", application)
    }

    func application(
      _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
      forward("application:openURL:options:", app, url, options) as? Bool ?? false
    }

    func application(
      _ application: UIApplication,
      didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
      forward(
        "application:didRegisterForRemoteNotificationsWithDeviceToken:", application, deviceToken)
    }

    func application(
      _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
      fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      // Adapter: the services' folded `BackgroundFetchResult` becomes UIKit's, whose raw values
      // are the same but `UInt`; UIKit's completion runs exactly once.
      let completion: (BackgroundFetchResult) -> Void = { result in
        completionHandler(UIBackgroundFetchResult(rawValue: UInt(result.rawValue)) ?? .failed)
      }
      forward(
        "application:didReceiveRemoteNotification:fetchCompletionHandler:", application, userInfo,
        completion)
    }

    /// Dispatches one event; a failure is a programming error, reported in debug builds.
    /// `nonisolated`: it touches only the `Sendable` dispatcher.
    @discardableResult
    private nonisolated func forward(_ selector: String, _ params: Any...) -> Any? {
      do {
        return try dispatcher.dispatch(selector: selector, params: params)
      } catch {
        assertionFailure("\(error)")
        return nil
      }
    }
  }

  extension AppDelegate: UNUserNotificationCenterDelegate {
    /// `nonisolated`: the protocol does not promise the main thread.
    nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      // Adapter: the services' options, OR-ed as a raw `UInt`, become UIKit's option set.
      let completion: (UInt) -> Void = { options in
        completionHandler(UNNotificationPresentationOptions(rawValue: options))
      }
      forward(
        "userNotificationCenter:willPresentNotification:withCompletionHandler:", center,
        notification, completion)
    }
  }
#endif

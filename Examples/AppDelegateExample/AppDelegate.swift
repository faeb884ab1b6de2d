// An iOS app delegate that hands every delegate method to services: the app lists its services
// and writes no delegate method. `DispatchingAppDelegate` (the `SelectorDispatchUIKit` product)
// forwards each `UIApplicationDelegate` and `UNUserNotificationCenterDelegate` method, advertises
// to UIKit only the methods some service handles, converts UIKit's completion types and calls
// each of UIKit's completions exactly once.
//
// The services are values, `Service(name) { … }`, written in the list: no type each, and their
// handlers reach the delegate's own state (`self.inbox`) as its methods would. Their typed
// events (`on(.didFinishLaunching) { app, options in … }`) infer UIKit's parameter and answer
// types, and the closures are `@MainActor`, as UIKit's delegate is. The target is a module whose
// default isolation is `nonisolated` (every Swift package target, and apps created before Xcode
// 26); the same shape compiles under Xcode 26's defaults in `SwiftUIAppExample`. A service with a
// type of its own is in `SceneDelegateExample`. UIKit sees the handled delegate methods, the one
// where the adapter does work of its own (`application(_:willFinishLaunchingWithOptions:)`), and
// no other. The README's adopting code is this file's, from `import SelectorDispatchUIKit` to the
// end of `AppDelegate`.
//
// Compiled for iOS, iPadOS and Mac Catalyst only (`#if os(iOS)`). watchOS has no UIKit; tvOS and
// visionOS, where Apple documents these methods too, are left out because no machine here can
// compile for them (PLATFORMS.md). Elsewhere, Linux included, this target is an empty module.
// `.ci/run` compiles it for iOS against the iPhoneOS 18.6 SDK and type-checks it for Mac Catalyst
// against the MacOSX 13.3 SDK; nothing links or runs it. Copy it into an app target.

#if os(iOS)
  import SelectorDispatchUIKit
  import UIKit

  @main
  final class AppDelegate: DispatchingAppDelegate {
    let inbox = Inbox()  // the app's own main-actor state

    override var services: [any DispatchService] {
      [
        Service("Launch") { on(.didFinishLaunching) { app, options in self.inbox.open() } },
        Service("Push") {
          on(.didRegisterForRemoteNotifications) { app, token in self.inbox.register(token) }
          on(.didReceiveRemoteNotification) { app, info in info["aps"] == nil ? .noData : .newData }
          on(.willPresentNotification) { center, notification in [.banner, .sound] }
        },
      ]
    }
  }

  /// The app's main-actor state, which handlers use as they would in a delegate method.
  @MainActor final class Inbox {
    private(set) var isOpen = false
    private(set) var token: Data?
    func open() { isOpen = true }
    func register(_ token: Data) { self.token = token }
  }
#endif

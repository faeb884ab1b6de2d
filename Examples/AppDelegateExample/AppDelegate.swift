// An iOS app delegate that hands every delegate method to services: the app lists its services
// and writes no delegate method. `DispatchingAppDelegate` (the `SelectorDispatchUIKit` product)
// forwards each `UIApplicationDelegate` and `UNUserNotificationCenterDelegate` method, advertises
// to UIKit only the methods some service handles, converts UIKit's completion types and calls
// each of UIKit's completions exactly once.
//
// The service handles four of UIKit's typed events (`on(.didFinishLaunching) { app, options in
// … }`): the closures' parameter and answer types are UIKit's, inferred from the event, and the
// closures are `@MainActor`, so they call the app's main-actor code (`Inbox.shared`) although
// the service is nonisolated, as a type is in a module whose default isolation is `nonisolated`
// (every Swift package target, and apps created before Xcode 26). UIKit sees these four
// delegate methods, the one where the adapter does work of its own
// (`application(_:willFinishLaunchingWithOptions:)`), and no other. The README's adopting code
// is this file's, from `import SelectorDispatchUIKit` to the end of `PushService`.
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
    override var services: [any DispatchService] { [PushService()] }
  }

  struct PushService: DispatchService {
    var handlers: HandlerTable {
      on(.didFinishLaunching) { app, options in
        Inbox.shared.open()  // UIKit's events run on the main actor, and say so in their types
        return true
      }
      on(.didRegisterForRemoteNotifications) { app, token in
        print("push token: \(token.count) bytes")
      }
      on(.didReceiveRemoteNotification) { app, userInfo in
        userInfo["aps"] == nil ? .noData : .newData  // UIKit's completion runs once, for all
      }
      on(.willPresentNotification) { center, notification in [.banner, .sound] }
    }
  }

  /// The app's main-actor state, which handlers use as they would in a delegate method.
  @MainActor final class Inbox {
    static let shared = Inbox()
    private(set) var isOpen = false
    func open() { isOpen = true }
  }
#endif

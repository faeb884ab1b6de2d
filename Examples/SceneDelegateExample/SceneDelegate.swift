// A scene-based iOS app whose delegates hand every method to services: the app lists its services
// and the state they share, and its scene delegate only makes and configures the window. `DispatchingAppDelegate` and
// `DispatchingSceneDelegate` (the `SelectorDispatchUIKit` product) forward each delegate method
// to one dispatcher, declared on `Vocabulary.applicationDelegate.merging(.sceneDelegate)`.
//
// Compiled for iOS, iPadOS and Mac Catalyst only (`#if os(iOS)`): tvOS lacks the shortcut-item
// method, and visionOS, which has the APIs, is left out because no machine here can compile for
// it (PLATFORMS.md). Elsewhere, Linux included, this target is an empty module. `.ci/run`
// compiles it for iOS against the iPhoneOS 18.6 SDK and type-checks it for Mac Catalyst against
// the MacOSX 13.3 SDK; nothing links or runs it. Copy it into an app target whose Info.plist
// declares the scene-based life cycle, which apps built with the iOS 27 SDK must adopt, and
// names the scene delegate:
//
//   UIApplicationSceneManifest
//     UISceneConfigurations
//       UIWindowSceneSessionRoleApplication
//         - UISceneConfigurationName: Default Configuration
//           UISceneDelegateClassName: $(PRODUCT_MODULE_NAME).SceneDelegate
//
// An app whose storyboard or SwiftUI makes the window needs no scene delegate of its own:
// without a class in Info.plist, the app delegate names `DispatchingSceneDelegate`.

#if os(iOS)
  import Foundation
  import SelectorDispatchUIKit
  import UIKit

  /// The app's whole delegate: its services, the state they share, and its deadline.
  @main
  final class AppDelegate: DispatchingAppDelegate {
    /// Made once and shared: `services` is read once, in `init`. (A property that needs another
    /// one is `lazy var`.)
    let library = Library()
    override var services: [any DispatchService] {
      [PlaybackService(library: library), DeepLinkService(library: library), AccountsService()]
    }
    /// UIKit's completion handlers (the shortcut item's) wait at most 10 seconds for services.
    override class var completionDeadline: Duration { .seconds(10) }
  }

  /// The app's whole scene delegate: the window, made in code and configured, and what the
  /// services get of what a scene was opened with: its link and its quick action, not its user
  /// activities (the app continues none) nor a notification response (it posts none).
  final class SceneDelegate: DispatchingSceneDelegate {
    override class var forwardedConnectionEvents: ConnectionEvents {
      [.urlContexts, .shortcutItem]
    }

    override func makeRootViewController(
      for scene: UIWindowScene, options: UIScene.ConnectionOptions
    ) -> UIViewController? { UIViewController() }

    // A storyboard's window would be configured here too.
    override func configure(
      _ window: UIWindow, for scene: UIWindowScene, options: UIScene.ConnectionOptions
    ) { window.tintColor = .systemIndigo }
  }

  /// Pauses and resumes each scene's playback. When a scene leaves, it saves the position before
  /// the deep links forget the open item (a priority of its own, 20, above their service's 10),
  /// and lets the audio go after every other service (-10): one selector, two points of its
  /// order. Its other handlers run at its service's priority, 0. Its per-scene state goes when
  /// the scene disconnects, with no handler for that. Main-actor as a whole
  /// (`@MainActor UIKitService`), so its helper uses the library with no annotation.
  struct PlaybackService: @MainActor UIKitService {
    let library: Library
    let pausedAt = PerScene<Date>()

    var handlers: HandlerTable {
      on(.sceneDidEnterBackground) { scene in
        pausedAt[scene] = Date()
        library.savePosition()
      }.priority(20)
      on(.sceneDidEnterBackground) { scene in library.releaseAudio() }.priority(-10)
      on(.sceneWillEnterForeground) { scene in resume(scene) }
    }

    func resume(_ scene: UIScene) {
      if let pausedAt = pausedAt[scene] {
        library.resume(after: Date().timeIntervalSince(pausedAt))
      }
    }
  }

  /// Opens `myapp://item/ID` links in the scene's window and performs the search shortcut,
  /// including the link or shortcut that launched the scene: the scene delegate forwards those
  /// as the same events while the scene is connecting, which a handler can tell.
  struct DeepLinkService: DispatchService {
    let library: Library
    var priority: Int { 10 }

    var handlers: HandlerTable {
      // Claims the app's own links (`true`): no later service gets them. UIKit opens each one
      // alone, with its options.
      on(.sceneOpenURLContexts) { scene, contexts in
        guard let context = contexts.first(where: { $0.url.scheme == "myapp" }) else {
          return false
        }
        library.open(context.url.lastPathComponent)
        let root = scene.dispatchingDelegate?.window?.rootViewController
        root?.title = library.openItem
        // A live link while an item plays goes back to the start; the link the scene was
        // opened with does not, as nothing plays yet.
        if !scene.isConnecting { library.rewind() }
        return true
      }
      on(.sceneDidEnterBackground) { scene in library.openItem = nil }
      on(.windowScenePerformActionForShortcutItem) { scene, item in
        item.type == "com.example.search"
      }
    }
  }

  /// What the services share: UIKit's events run on the main actor, so it needs no lock.
  @MainActor final class Library {
    var openItem: String?
    private(set) var position: TimeInterval = 0
    func open(_ item: String) { openItem = item }
    func savePosition() { position += 1 }
    func resume(after pause: TimeInterval) { position += pause }
    func rewind() { position = 0 }
    private(set) var holdsAudio = true
    func releaseAudio() { holdsAudio = false }
  }

  /// Restores the signed-in account at launch: a service with a type of its own, main-actor as a
  /// whole (`@MainActor UIKitService`), so that its helper calls the app's main-actor code with no
  /// annotation in this module, whose default isolation is `nonisolated`.
  struct AccountsService: @MainActor UIKitService {
    var handlers: HandlerTable {
      on(.didFinishLaunching) { app, options in restore() }
    }

    func restore() { Accounts.shared.restore() }  // main-actor code, and no annotation
  }

  /// The app's signed-in account, main-actor as the app's model is.
  @MainActor final class Accounts {
    static let shared = Accounts()
    private(set) var restored = false
    func restore() { restored = true }
  }
#endif

// A scene-based iOS app whose delegates hand every method to services: the app lists its services,
// and its scene delegate only makes the window. `DispatchingAppDelegate` and
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
  import SelectorDispatch
  import SelectorDispatchUIKit
  import UIKit

  /// The app's whole delegate: its services, and nothing else.
  @main
  final class AppDelegate: DispatchingAppDelegate {
    override var services: [any DispatchService] { [PlaybackService(), DeepLinkService()] }
  }

  /// The app's whole scene delegate: the window's root view controller, made in code.
  final class SceneDelegate: DispatchingSceneDelegate {
    override func makeRootViewController(
      for scene: UIWindowScene, options: UIScene.ConnectionOptions
    ) -> UIViewController? { UIViewController() }
  }

  /// Keeps state per scene, keyed by the scene's identity, and releases it when the scene
  /// disconnects: a disconnected scene's identity can be reused by the next object. UIKit's
  /// events run on the main actor, so the state needs no lock: it is a main-actor object's.
  struct PlaybackService: DispatchService {
    let paused = PausedScenes()

    var handlers: HandlerTable {
      on(.sceneDidEnterBackground) { scene in paused.since[ObjectIdentifier(scene)] = Date() }
      on(.sceneWillEnterForeground) { scene in paused.since[ObjectIdentifier(scene)] = nil }
      on(.sceneDidDisconnect) { scene in paused.since[ObjectIdentifier(scene)] = nil }
    }
  }

  /// When each scene went to the background.
  @MainActor final class PausedScenes {
    var since: [ObjectIdentifier: Date] = [:]
  }

  /// Opens `myapp://item/ID` links and performs the search shortcut, including the link or
  /// shortcut that launched the scene: the scene delegate forwards those as the same events.
  struct DeepLinkService: DispatchService {
    var handlers: HandlerTable {
      on(.sceneOpenURLContexts) { scene, contexts in
        for context in contexts where context.url.scheme == "myapp" {
          print("deep link: \(context.url.path)")
        }
      }
      on(.windowScenePerformActionForShortcutItem) { scene, item in
        item.type == "com.example.search"
      }
    }
  }
#endif

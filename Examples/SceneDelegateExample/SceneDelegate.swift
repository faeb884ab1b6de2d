// An iOS scene delegate that forwards its delegate methods to services through a `Dispatcher`,
// next to the app delegate of `Examples/AppDelegateExample`.
//
// Compiled for iOS, iPadOS and Mac Catalyst only (`#if os(iOS)`): tvOS lacks the shortcut-item
// method, and visionOS, which has the APIs, is left out because no machine here can compile for
// it (PLATFORMS.md). Elsewhere, Linux included, this target is an empty module. `.ci/run`
// compiles it for iOS and type-checks it for Mac Catalyst. Copy the types into an app target,
// name the class in the scene configuration (`UIApplicationSceneManifest` in Info.plist, or
// `application(_:configurationForConnecting:options:)`), and register the same services on the
// same dispatcher from the app delegate: the scene-based life cycle is required for apps built
// with the iOS 27 SDK.

#if os(iOS)
  import Foundation
  import SelectorDispatch
  import UIKit

  /// One dispatcher for both delegates: the app-delegate and scene-delegate vocabularies merged.
  enum AppServices {
    static let dispatcher: Dispatcher = {
      do {
        let dispatcher = Dispatcher(
          vocabulary: try Vocabulary.applicationDelegate.merging(.sceneDelegate))
        // Reports a service that still handles an app-delegate method UIKit no longer calls.
        dispatcher.diagnosticHandler = { print("SelectorDispatch: \($0)") }
        try dispatcher.register(contentsOf: [PlaybackService(), DeepLinkService()])
        return dispatcher
      } catch {
        preconditionFailure("the services could not be registered: \(error)")
      }
    }()
  }

  /// Keeps state per scene, keyed by the scene's identity, and releases it when the scene
  /// disconnects: a disconnected scene's identity can be reused by the next object.
  final class PlaybackService: Service {
    private let lock = NSLock()
    private var pausedAt: [ObjectIdentifier: Date] = [:]

    @HandlerTableBuilder var handlers: HandlerTable {
      on("sceneDidEnterBackground:") { (scene: UIScene) in
        self.update(scene) { $0 = Date() }
      }
      on("sceneWillEnterForeground:") { (scene: UIScene) in
        self.update(scene) { $0 = nil }
      }
      on("sceneDidDisconnect:") { (scene: UIScene) in
        self.update(scene) { $0 = nil }  // release it
      }
    }

    private func update(_ scene: UIScene, _ change: (inout Date?) -> Void) {
      lock.lock()
      defer { lock.unlock() }
      change(&pausedAt[ObjectIdentifier(scene)])
    }
  }

  /// Opens `myapp://item/ID` links and performs the search shortcut.
  struct DeepLinkService: Service {
    @HandlerTableBuilder var handlers: HandlerTable {
      on("scene:openURLContexts:") { (scene: UIScene, contexts: Set<OpenURLContext>) in
        for context in contexts where context.url.scheme == "myapp" {
          print("deep link: \(context.url.path)")
        }
      }
      on("windowScene:performActionForShortcutItem:completionHandler:") {
        (scene: UIWindowScene, item: UIApplicationShortcutItem, done: @escaping (Bool) -> Void)
        in
        // `UIApplicationShortcutItem` is immutable and not bound to the main actor, so the
        // handler reads it where it runs; nothing crosses to another isolation domain.
        done(item.type == "com.example.search")
      }
    }
  }

  /// The whole scene delegate: one line per forwarded method, and `responds(to:)`.
  final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    /// Advertises a scene-delegate method only when some service handles it. `nonisolated`, as
    /// `NSObject` declares it; `Dispatcher` is `Sendable`.
    nonisolated override func responds(to aSelector: Selector!) -> Bool {
      let name = NSStringFromSelector(aSelector)
      guard Vocabulary.sceneDelegate[selector: name] != nil else {
        return super.responds(to: aSelector)
      }
      return AppServices.dispatcher.responds(to: name)
    }

    func scene(
      _ scene: UIScene, willConnectTo session: UISceneSession,
      options connectionOptions: UIScene.ConnectionOptions
    ) {
      if let windowScene = scene as? UIWindowScene {
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        self.window = window
      }
      forward("scene:willConnectToSession:options:", scene, session, connectionOptions)
      // A link that launched the scene arrives with the connection, not in openURLContexts.
      if !connectionOptions.urlContexts.isEmpty {
        self.scene(scene, openURLContexts: connectionOptions.urlContexts)
      }
    }

    func sceneDidDisconnect(_ scene: UIScene) { forward("sceneDidDisconnect:", scene) }
    func sceneDidBecomeActive(_ scene: UIScene) { forward("sceneDidBecomeActive:", scene) }
    func sceneWillResignActive(_ scene: UIScene) { forward("sceneWillResignActive:", scene) }
    func sceneWillEnterForeground(_ scene: UIScene) { forward("sceneWillEnterForeground:", scene) }
    func sceneDidEnterBackground(_ scene: UIScene) { forward("sceneDidEnterBackground:", scene) }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
      // The services take the portable `OpenURLContext`; convert UIKit's once, here.
      let contexts = Set(
        urlContexts.map {
          OpenURLContext(url: $0.url, sourceApplication: $0.options.sourceApplication)
        })
      forward("scene:openURLContexts:", scene, contexts)
    }

    func windowScene(
      _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
      completionHandler: @escaping (Bool) -> Void
    ) {
      // The services share one `(Bool) -> Void` completion; UIKit's runs exactly once, with
      // whether any service succeeded.
      let completion: (Bool) -> Void = { succeeded in completionHandler(succeeded) }
      forward(
        "windowScene:performActionForShortcutItem:completionHandler:", windowScene, shortcutItem,
        completion)
    }

    /// Dispatches one event; a failure is a programming error, reported in debug builds.
    @discardableResult
    private func forward(_ selector: String, _ params: Any...) -> Any? {
      do {
        return try AppServices.dispatcher.dispatch(selector: selector, params: params)
      } catch {
        assertionFailure("\(error)")
        return nil
      }
    }
  }
#endif

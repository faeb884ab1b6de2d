import Foundation
import SelectorDispatch

/// The built-in demo: seven services modelled on the AppDelegates of the
/// patterns the package replaces, registered on the app-delegate and
/// scene-delegate vocabularies merged, and a scene-based session from launch
/// to terminate with two scenes.
enum DemoApp {
  /// The vocabulary the demo's services register on: both delegates.
  static func vocabulary() throws -> Vocabulary {
    try Vocabulary.applicationDelegate.merging(.sceneDelegate)
  }

  /// The services, by the names a manifest can use for them.
  static var catalog: ServiceCatalog {
    var catalog = ServiceCatalog(allowsReflection: false)
    for service in services {
      catalog.add(service.name) { service }
    }
    return catalog
  }

  /// The services, in registration order.
  static var services: [any DispatchService] {
    [
      CrashReporting(), Logging(), Push(), SceneSessions(), Analytics(), DeepLinks(),
      BackgroundFetch(),
    ]
  }

  /// The event script, in the `replay` format: scene events name their
  /// scene, URL contexts are lists of URL strings.
  static let script = """
    # A scene-based session of the demo app, from launch to terminate.
    {"selector": "application:willFinishLaunchingWithOptions:", "params": ["app", {}]}
    {"selector": "application:didFinishLaunchingWithOptions:", "params": ["app", {}]}
    {"selector": "application:didRegisterForRemoteNotificationsWithDeviceToken:", "params": ["app", "3q2+7w=="]}
    # The main scene connects and comes to the foreground.
    {"selector": "application:configurationForConnectingSceneSession:options:", "params": ["app", "session-1", {}]}
    {"selector": "scene:willConnectToSession:options:", "params": ["main", "session-1", {}]}
    {"selector": "sceneWillEnterForeground:", "params": ["main"]}
    {"selector": "sceneDidBecomeActive:", "params": ["main"]}
    {"selector": "scene:openURLContexts:", "params": ["main", ["demo://product/42?campaign=spring"]]}
    {"selector": "windowScene:performActionForShortcutItem:completionHandler:", "params": ["main", "com.example.demo.search", null]}
    # A second scene: each scene event reaches the services once per scene.
    {"selector": "application:configurationForConnectingSceneSession:options:", "params": ["app", "session-2", {}]}
    {"selector": "scene:willConnectToSession:options:", "params": ["second", "session-2", {}]}
    {"selector": "sceneWillEnterForeground:", "params": ["second"]}
    {"selector": "sceneDidBecomeActive:", "params": ["second"]}
    # Both scenes go to the background; the app refreshes there.
    {"selector": "sceneWillResignActive:", "params": ["main"]}
    {"selector": "sceneWillResignActive:", "params": ["second"]}
    {"selector": "sceneDidEnterBackground:", "params": ["main"]}
    {"selector": "sceneDidEnterBackground:", "params": ["second"]}
    {"selector": "application:performFetchWithCompletionHandler:", "params": ["app", null]}
    {"selector": "application:didReceiveRemoteNotification:fetchCompletionHandler:", "params": ["app", {"aps": {"content-available": 1}, "article": 7}, null]}
    # The system disconnects the scenes, then the app terminates.
    {"selector": "sceneDidDisconnect:", "params": ["second"]}
    {"selector": "sceneDidDisconnect:", "params": ["main"]}
    {"selector": "applicationWillTerminate:", "params": ["app"]}
    """
}

/// Starts first so that it sees crashes in the others' launch, and stops
/// last, with a priority of its own at termination; its launch work is the
/// slowest on purpose, so the profile has something to show.
private struct CrashReporting: DispatchService {
  var name: String { "crash-reporting" }
  var priority: Int { 100 }
  var handlers: HandlerTable {
    on("application:willFinishLaunchingWithOptions:") {
      (_: AnyObject, _: [String: Any]?) -> Bool in true
    }
    on("application:didFinishLaunchingWithOptions:") {
      (_: AnyObject, _: [String: Any]?) -> Bool in
      // Symbolicating the last session's reports: deterministic busy work.
      var checksum: UInt64 = 0
      for value in 0..<200_000 { checksum = checksum &* 31 &+ UInt64(value) }
      return checksum != 42
    }
    on("applicationWillTerminate:") { (_: AnyObject) in }.priority(-100)
  }
}

/// Logs every state transition of the app and of each scene (the
/// base-class-forwarding pattern's DependencyLoading, say).
private struct Logging: DispatchService {
  var name: String { "logging" }
  var priority: Int { 90 }
  var handlers: HandlerTable {
    var table: [String: SelectorHandler] = [:]
    for selector in [
      "scene:willConnectToSession:options:", "sceneWillEnterForeground:",
      "sceneDidBecomeActive:", "sceneWillResignActive:", "sceneDidEnterBackground:",
      "sceneDidDisconnect:", "applicationWillTerminate:",
    ] {
      table[selector] = { _ in nil }
    }
    table["application:didFinishLaunchingWithOptions:"] = { _ in nil }
    return HandlerTable(table)
  }
}

/// The selector-forwarding pattern's JPushService: registers for notifications at launch, keeps
/// the device token, handles remote notifications.
private struct Push: DispatchService {
  var name: String { "push" }
  var priority: Int { 50 }
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (_: AnyObject, _: [String: Any]?) -> Bool in true
    }
    on("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
      (_: AnyObject, token: Data) -> String in "saved token \(token.lowercaseHex)"
    }
    // Async, as Swift imports the delegate method: the answer is the completion's value.
    on("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
      (_: AnyObject, userInfo: [String: Any]) async -> BackgroundFetchResult in
      userInfo["article"] == nil ? .noData : .newData
    }
    on("sceneDidEnterBackground:") { (_: AnyObject) in }
  }
}

/// Configures every new scene session, and keeps per-scene state keyed by
/// the scene's identity, released when the scene disconnects.
private final class SceneSessions: DispatchService, Sendable {
  /// What the service knows about one connected scene.
  private struct SceneState {
    let name: String
    var activations = 0
  }

  private let scenes = Locked<[ObjectIdentifier: SceneState]>([:])

  var name: String { "scene-sessions" }
  var priority: Int { 60 }
  var handlers: HandlerTable {
    on("application:configurationForConnectingSceneSession:options:") {
      (_: AnyObject, _: Any, _: Any) -> String in "Default Configuration"
    }
    on("scene:willConnectToSession:options:") {
      [scenes] (scene: AnyObject, _: Any, _: Any) -> String in
      let count = scenes.withLock { scenes in
        scenes[ObjectIdentifier(scene)] = SceneState(name: "\(scene)")
        return scenes.count
      }
      return "\(count) scene\(count == 1 ? "" : "s") connected"
    }
    on("sceneDidBecomeActive:") { [scenes] (scene: AnyObject) -> String? in
      let activations = scenes.withLock { scenes in
        scenes[ObjectIdentifier(scene)]?.activations += 1
        return scenes[ObjectIdentifier(scene)]?.activations
      }
      return activations.map { "activation \($0)" }
    }
    on("sceneDidDisconnect:") { [scenes] (scene: AnyObject) -> String? in
      // Release the scene's state: a disconnected scene's identity can be
      // reused by the next object.
      let released = scenes.withLock { $0.removeValue(forKey: ObjectIdentifier(scene)) }
      return released.map { "released \($0.name)" }
    }
  }
}

/// Counts sessions, campaign opens and shortcut uses; never handles a link
/// or a shortcut itself.
private struct Analytics: DispatchService {
  var name: String { "analytics" }
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (_: AnyObject, _: [String: Any]?) -> Bool? in nil
    }
    on("sceneDidBecomeActive:") { (_: AnyObject) in }
    on("sceneDidEnterBackground:") { (_: AnyObject) in }
    on("scene:openURLContexts:") {
      (_: AnyObject, contexts: Set<OpenURLContext>) -> Bool in
      // Would record the campaigns; never claims a URL, so the router gets it.
      _ = contexts.filter { $0.url.query?.contains("campaign=") == true }
      return false
    }
    // Async: the answer is the completion's value, false: counted, not performed.
    on("windowScene:performActionForShortcutItem:completionHandler:") {
      (_: AnyObject, _: Any) async -> Bool in false
    }
  }
}

/// Routes `demo://product/ID` links and performs the search shortcut.
private struct DeepLinks: DispatchService {
  var name: String { "deep-links" }
  var handlers: HandlerTable {
    on("scene:openURLContexts:") {
      (_: AnyObject, contexts: Set<OpenURLContext>) -> Bool in
      // Claims its product links: no later service gets them.
      contexts.contains { $0.url.scheme == "demo" && $0.url.host == "product" }
    }
    on("windowScene:performActionForShortcutItem:completionHandler:") {
      (_: AnyObject, item: Any) async -> Bool in item as? String == "com.example.demo.search"
    }
  }
}

/// Refreshes content in the background and when a push says there is some.
private struct BackgroundFetch: DispatchService {
  var name: String { "background-fetch" }
  var handlers: HandlerTable {
    // Async, as Swift imports the delegate method: no completion
    // parameter; the result is returned once the download is done.
    on("application:performFetchWithCompletionHandler:") {
      (_: AnyObject) async -> BackgroundFetchResult in
      await simulatedDownload() ? .newData : .noData
    }
    on("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
      (_: AnyObject, _: [String: Any]) async -> BackgroundFetchResult in .noData
    }
  }
}

/// A download the demo can await without a network or real waiting:
/// deterministic work in chunks. It does not suspend: a `Task.yield()`
/// would pass through the global executor, where the event injector, which
/// is synchronous, cannot see it finish (see ``EventInjector``).
private nonisolated(nonsending) func simulatedDownload() async -> Bool {
  var checksum: UInt64 = 0
  for chunk in 0..<8 {
    for byte in 0..<20_000 { checksum = checksum &* 31 &+ UInt64(chunk ^ byte) }
  }
  return checksum != 42
}

extension Data {
  /// The bytes as lower-case hex, two digits each, as a device token is
  /// usually shown: written straight into the string's storage (about two
  /// instructions a digit; `String(format: "%02x")` per byte took about
  /// 1.5 µs each).
  var lowercaseHex: String {
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: count * 2) { text in
      var index = 0
      for byte in self {
        text[index] = digits[Int(byte >> 4)]
        text[index + 1] = digits[Int(byte & 0x0F)]
        index += 2
      }
      return index
    }
  }
}

import Foundation
import SelectorDispatch

/// The built-in demo: six services modelled on the seeds' AppDelegates, and
/// an app session from launch to terminate.
enum DemoApp {
  /// The services, by the names a manifest can use for them.
  static var catalog: ServiceCatalog {
    var catalog = ServiceCatalog(allowsReflection: false)
    for service in services {
      catalog.add(service.name) { service }
    }
    return catalog
  }

  /// The services, in registration order.
  static var services: [any Service] {
    [
      CrashReporting(), Logging(), Push(), Analytics(), DeepLinks(), BackgroundFetch(),
    ]
  }

  /// The event script, in the `replay` format.
  static let script = """
    # A session of the demo app, from launch to terminate.
    {"selector": "application:willFinishLaunchingWithOptions:", "params": ["app", {}]}
    {"selector": "application:didFinishLaunchingWithOptions:", "params": ["app", {}]}
    {"selector": "application:didRegisterForRemoteNotificationsWithDeviceToken:", "params": ["app", "3q2+7w=="]}
    {"selector": "applicationDidBecomeActive:", "params": ["app"]}
    {"selector": "application:openURL:options:", "params": ["app", "demo://product/42?campaign=spring", {}]}
    {"selector": "applicationWillResignActive:", "params": ["app"]}
    {"selector": "applicationDidEnterBackground:", "params": ["app"]}
    {"selector": "application:performFetchWithCompletionHandler:", "params": ["app", null]}
    {"selector": "application:didReceiveRemoteNotification:fetchCompletionHandler:", "params": ["app", {"aps": {"content-available": 1}, "article": 7}, null]}
    {"selector": "applicationWillEnterForeground:", "params": ["app"]}
    {"selector": "applicationDidBecomeActive:", "params": ["app"]}
    {"selector": "applicationWillTerminate:", "params": ["app"]}
    """
}

/// Starts first so that it sees crashes in the others' launch; its launch
/// work is the slowest on purpose, so the profile has something to show.
private struct CrashReporting: Service {
  var name: String { "crash-reporting" }
  var priority: Int { 100 }
  var handlers: [String: Handler] {
    TypedHandler.table([
      TypedHandler("application:willFinishLaunchingWithOptions:") {
        (_: AnyObject, _: [String: Any]?) -> Bool in true
      },
      TypedHandler("application:didFinishLaunchingWithOptions:") {
        (_: AnyObject, _: [String: Any]?) -> Bool in
        // Symbolicating the last session's reports: deterministic busy work.
        var checksum: UInt64 = 0
        for value in 0..<200_000 { checksum = checksum &* 31 &+ UInt64(value) }
        return checksum != 42
      },
      TypedHandler("applicationWillTerminate:") { (_: AnyObject) in },
    ])
  }
}

/// Logs every state transition (seed 003's DependencyLoading, say).
private struct Logging: Service {
  var name: String { "logging" }
  var priority: Int { 90 }
  var handlers: [String: Handler] {
    var table: [String: Handler] = [:]
    for selector in [
      "applicationDidBecomeActive:", "applicationWillResignActive:",
      "applicationDidEnterBackground:", "applicationWillEnterForeground:",
      "applicationWillTerminate:",
    ] {
      table[selector] = { _ in nil }
    }
    table["application:didFinishLaunchingWithOptions:"] = { _ in nil }
    return table
  }
}

/// Seed 001's JPushService: registers for notifications at launch, keeps
/// the device token, handles remote notifications.
private struct Push: Service {
  var name: String { "push" }
  var priority: Int { 50 }
  var handlers: [String: Handler] {
    TypedHandler.table([
      TypedHandler("application:didFinishLaunchingWithOptions:") {
        (_: AnyObject, _: [String: Any]?) -> Bool in true
      },
      TypedHandler("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
        (_: AnyObject, token: Data) -> String in
        token.map { String(format: "%02x", $0) }.joined()
      },
      TypedHandler("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
        (
          _: AnyObject, userInfo: [String: Any],
          completion: @escaping (BackgroundFetchResult) -> Void
        ) in
        completion(userInfo["article"] == nil ? .noData : .newData)
      },
      TypedHandler("applicationDidEnterBackground:") { (_: AnyObject) in },
    ])
  }
}

/// Counts sessions and campaign opens; never claims a URL.
private struct Analytics: Service {
  var name: String { "analytics" }
  var handlers: [String: Handler] {
    TypedHandler.table([
      TypedHandler("application:didFinishLaunchingWithOptions:") {
        (_: AnyObject, _: [String: Any]?) -> Bool? in nil
      },
      TypedHandler("applicationDidBecomeActive:") { (_: AnyObject) in },
      TypedHandler("applicationDidEnterBackground:") { (_: AnyObject) in },
      TypedHandler("application:openURL:options:") {
        (_: AnyObject, url: URL, _: [String: Any]) -> Bool in
        _ = url.query  // records the campaign; leaves the URL to the router
        return false
      },
    ])
  }
}

/// Routes `demo://product/ID` links.
private struct DeepLinks: Service {
  var name: String { "deep-links" }
  var handlers: [String: Handler] {
    TypedHandler.table([
      TypedHandler("application:openURL:options:") {
        (_: AnyObject, url: URL, _: [String: Any]) -> Bool in
        url.scheme == "demo" && url.host == "product"
      }
    ])
  }
}

/// Refreshes content in the background and when a push says there is some.
private struct BackgroundFetch: Service {
  var name: String { "background-fetch" }
  var handlers: [String: Handler] {
    TypedHandler.table([
      // Async, as Swift imports the delegate method: no completion
      // parameter; the result is returned once the download is done.
      TypedHandler("application:performFetchWithCompletionHandler:") {
        (_: AnyObject) async -> BackgroundFetchResult in
        await simulatedDownload() ? .newData : .noData
      },
      TypedHandler("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
        (_: AnyObject, _: [String: Any], completion: @escaping (BackgroundFetchResult) -> Void) in
        completion(.noData)
      },
    ])
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

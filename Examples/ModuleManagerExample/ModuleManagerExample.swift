import Foundation
import SelectorDispatch
import SelectorDispatchTesting  // `Transcript`: the output format the examples share with the demo

// The module-manager pattern (AppModuleManager): modules named in `AppModulesRegister.plist`,
// created by class name, and every app delegate event forwarded to every module that implements
// it.
//
// Here the plist is a `Manifest`, names resolve through a `ServiceCatalog` (and, for a
// module-qualified name, `NSClassFromString`), and `Dispatcher(vocabulary:)` declares every
// delegate selector with the fold it needs.

/// Stands in for `UIApplication`, which does not exist on Linux.
final class Application {}

/// Analytics: found by `NSClassFromString("ModuleManagerExample.AnalyticsModule")`.
final class AnalyticsModule: LoadableService {
  init() {}

  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (app: AnyObject, options: [String: Any]?) -> Bool in
      print("    AnalyticsModule: session started")
      return true
    }
    on("application:openURL:options:") {
      (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
      print("    AnalyticsModule: saw \(url), not mine")
      return false
    }
    on("application:willContinueUserActivityWithType:") {
      (app: AnyObject, type: String) -> Bool in
      print("    AnalyticsModule: will continue \(type)")
      return true
    }
    on("applicationDidEnterBackground:") { (app: AnyObject) in
      print("    AnalyticsModule: session paused")
    }
  }
}

/// Sharing: resolved by the catalog under its type name.
final class ShareModule: LoadableService {
  init() {}

  var handlers: HandlerTable {
    on("application:openURL:options:") {
      (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
      print("    ShareModule: opens \(url)")
      return url.scheme == "share"
    }
    on("application:willContinueUserActivityWithType:") {
      (app: AnyObject, type: String) -> Bool in
      print("    ShareModule: will continue \(type)")
      return false
    }
  }
}

/// Push: resolved by the catalog under its type name.
final class PushModule: LoadableService {
  init() {}

  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (app: AnyObject, options: [String: Any]?) -> Bool in
      print("    PushModule: registering for remote notifications")
      return true
    }
    on("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
      (app: AnyObject, token: Data) in
      print("    PushModule: device token \(token.map { String(format: "%02x", $0) }.joined())")
    }
    on("application:willContinueUserActivityWithType:") {
      (app: AnyObject, type: String) -> Bool in
      print("    PushModule: will continue \(type)")
      return false
    }
    on("applicationDidEnterBackground:") { (app: AnyObject) in
      print("    PushModule: badge cleared")
    }
  }
}

@main
struct ModuleManagerExample {
  /// `AppModulesRegister.plist`: an array of class names, as in AppModuleManager.
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <array>
      <string>ModuleManagerExample.AnalyticsModule</string>
      <string>ShareModule</string>
      <string>PushModule</string>
    </array>
    </plist>
    """

  static func main() throws {
    print("The module-manager pattern: modules named in a plist, every event forwarded.")
    print()

    var catalog = ServiceCatalog()
    catalog.add(ShareModule.self)
    catalog.add(PushModule.self)
    // Names the catalog does not hold are looked up with NSClassFromString.

    let manager = Dispatcher(vocabulary: .applicationDelegate)
    let loaded = try manager.register(Manifest.parse(Data(plist.utf8)), catalog: catalog)
    print("loaded from the plist, in order: \(loaded.joined(separator: ", "))")

    let app = Application()
    let noOptions: [String: Any]? = nil
    guard let url = URL(string: "share://post/42") else { return }

    send(manager, "application:didFinishLaunchingWithOptions:", [app, noOptions as Any])
    send(manager, "application:openURL:options:", [app, url, [String: Any]()])
    send(
      manager, "application:willContinueUserActivityWithType:",
      [app, "NSUserActivityTypeBrowsingWeb"])
    send(
      manager, "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      [app, Data([0xDE, 0xAD, 0xBE, 0xEF])])
    send(manager, "applicationDidEnterBackground:", [app])
    send(manager, "applicationWillTerminate:", [app])

    print()
    print("A misspelt class name in the plist (AppModuleManager crashed on addObject:nil):")
    let typo = plist.replacingOccurrences(of: "<string>PushModule", with: "<string>PushModul")
    let other = Dispatcher(vocabulary: .applicationDelegate)
    do {
      try other.register(Manifest.parse(Data(typo.utf8)), catalog: catalog)
    } catch {
      print(Transcript.error(error))
    }
    let registered = other.responds(to: "application:didFinishLaunchingWithOptions:")
    print("  modules registered from that plist: \(registered ? "some" : "none")")
  }

  /// Forwards one event, as AppModuleManager forwards a delegate call, and prints the answer.
  static func send(_ manager: Dispatcher, _ selector: String, _ params: [Any]) {
    let fold = manager.fold(of: selector)
    print()
    print(Transcript.event(selector, fold: fold.description))
    if !manager.responds(to: selector) { print("    (no module implements it)") }
    do {
      let answer = try manager.dispatch(selector: selector, params: params)
      if let line = Transcript.result(answer, fold: fold.description) { print(line) }
    } catch {
      print(Transcript.error(error))
    }
  }
}

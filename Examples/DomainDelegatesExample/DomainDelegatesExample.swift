import Foundation
import SelectorDispatch
import SelectorDispatchTesting  // `Transcript`: the output format the examples share with the demo

// The domain-delegates pattern (JSDecoupledAppDelegate): `UIApplicationDelegate` split into 13
// domains (app state, URL opening, remote notifications, ...), with exactly one delegate object
// per domain.
//
// Here the domains are the vocabulary's, made exclusive: one service per domain, a second one
// refused with an error that names both (JSDecoupledAppDelegate's property setter silently
// replaced the first), and domains left shared take several observers.

/// Stands in for `UIApplication`, which does not exist on Linux.
final class Application {}

/// The app-state domain's delegate (`JSApplicationStateDelegate`).
struct AppStateDelegate: DispatchService {
  var name: String { "AppStateDelegate" }
  let label: String

  var handlers: HandlerTable {
    on("applicationDidBecomeActive:") { (app: AnyObject) in print("    \(label): active") }
    on("applicationWillTerminate:") { (app: AnyObject) in print("    \(label): saving state") }
  }
}

/// The URL-opening domain's delegate (`JSApplicationURLResourceOpeningDelegate`).
struct URLOpeningDelegate: DispatchService {
  var handlers: HandlerTable {
    on("application:openURL:options:") {
      (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
      print("    URLOpeningDelegate: routing \(url)")
      return true
    }
  }
}

/// The remote-notifications domain's delegate (`JSApplicationRemoteNotificationsDelegate`).
struct RemoteNotificationsDelegate: DispatchService {
  var handlers: HandlerTable {
    on("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
      (app: AnyObject, token: Data) in
      print("    RemoteNotificationsDelegate: token of \(token.count) bytes")
    }
  }
}

/// A second app-state observer, which the exclusive domain refuses.
struct SessionTimer: DispatchService {
  var handlers: HandlerTable {
    on("applicationDidEnterBackground:") { (app: AnyObject) in print("    SessionTimer: paused") }
  }
}

/// An observer of a domain JSDecoupledAppDelegate did not have, which stays shared.
struct NotificationSettingsObserver: DispatchService {
  let name: String

  var handlers: HandlerTable {
    on("userNotificationCenter:openSettingsForNotification:") {
      (center: AnyObject, notification: AnyObject?) in
      print("    \(name): show notification settings")
    }
  }
}

@main
struct DomainDelegatesExample {
  static func main() throws {
    print("The domain-delegates pattern (JSDecoupledAppDelegate): one delegate per domain.")
    print()

    let oneEach = Vocabulary.applicationDelegate.exclusive(Domain.decoupledAppDelegateDomains)
    let appDelegate = Dispatcher(vocabulary: oneEach)
    try appDelegate.register(AppStateDelegate(label: "AppStateDelegate"))
    try appDelegate.register(URLOpeningDelegate())
    try appDelegate.register(RemoteNotificationsDelegate())
    try appDelegate.register(NotificationSettingsObserver(name: "SettingsScreen"))
    try appDelegate.register(NotificationSettingsObserver(name: "OnboardingScreen"))

    print("The 13 exclusive domains; a domain with no delegate advertises no method:")
    for domain in Domain.decoupledAppDelegateDomains {
      let selectors = oneEach.entries.filter { $0.domain == domain }.map(\.selector)
      let handled = selectors.filter { appDelegate.responds(to: $0) }
      let status = handled.isEmpty ? "no delegate" : "handles \(handled.joined(separator: ", "))"
      print("  \(domain.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(status)")
    }

    let app = Application()
    print()
    print("Events go to their domain's delegate:")
    guard let url = URL(string: "myapp://orders/7") else { return }
    try send(appDelegate, "applicationDidBecomeActive:", [app])
    try send(appDelegate, "application:openURL:options:", [app, url, [String: Any]()])
    try send(
      appDelegate, "application:didRegisterForRemoteNotificationsWithDeviceToken:",
      [app, Data(count: 32)])

    print()
    print("A second delegate for the app-state domain is refused:")
    do {
      try appDelegate.register(SessionTimer())
    } catch {
      print(Transcript.error(error))
    }

    print()
    print("Replacing the app-state delegate (once a property setter): unregister, register.")
    appDelegate.unregister(service: "AppStateDelegate")
    try appDelegate.register(AppStateDelegate(label: "NewAppStateDelegate"))
    try send(appDelegate, "applicationWillTerminate:", [app])

    print()
    print("User notifications are not one of the 13 domains, so they stay shared:")
    let nothing: AnyObject? = nil
    try send(
      appDelegate, "userNotificationCenter:openSettingsForNotification:", [app, nothing as Any])
  }

  /// Dispatches one event and prints it: its header and fold, what the delegates print, and the
  /// folded answer.
  static func send(_ appDelegate: Dispatcher, _ selector: String, _ params: [Any]) throws {
    let fold = appDelegate.fold(of: selector)
    print()
    print(Transcript.event(selector, fold: fold.description))
    let answer = try appDelegate.dispatch(selector: selector, params: params)
    if let line = Transcript.result(answer, fold: fold.description) { print(line) }
  }
}

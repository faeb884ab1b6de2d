import Foundation
import SelectorDispatch
import SelectorDispatchTesting  // `Transcript`: the output format the examples share with the demo

// The selector-forwarding pattern (SOAComponentAppDelegate): services registered in code, and
// one method, `thirdSDKLifecycleManager:withParameters:`, that turns a selector string and an
// array of parameters into `performSelector:withObjects:` on every service that responds.
//
// Here that method is `Dispatcher.dispatch(selector:params:)`: any number of parameters, the
// arity checked before any service runs, the services' answers folded, and mistakes reported
// as errors instead of being skipped or crashing.

/// Stands in for `UIApplication`, which does not exist on Linux.
final class Application {}

@main
struct SelectorForwardingExample {
  static let launch = "application:didFinishLaunchingWithOptions:"
  static let token = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
  static let background = "applicationDidEnterBackground:"
  /// A third-party SDK's own event with five parameters: more than `performSelector:` can pass.
  static let track = "track:category:value:tags:at:"

  static func main() throws {
    print("Selector forwarding (SOAComponentAppDelegate): a selector string and its parameters.")

    let component = Dispatcher(vocabulary: .applicationDelegate)
    // The SDK's own event, declared beside UIKit's so that the dispatcher does not report it
    // as a misspelt selector; it folds with `collect`: one answer per service that handles it.
    try component.declare(track, fold: .collect)
    // Handlers take the parameters as an array, like performSelector:withObjects:.
    try component.register(
      service: "JPushService",
      handlers: [
        launch: { _ in
          print("    JPushService: setUp")
          return true
        },
        token: { params in
          let bytes = (params[1] as? Data)?.count ?? 0
          print("    JPushService: registerDeviceToken (\(bytes) bytes)")
          return nil
        },
        background: { _ in
          print("    JPushService: setBadge 0")
          return nil
        },
      ])
    try component.register(
      service: "VoiceService",
      handlers: [
        launch: { _ in
          print("    VoiceService: setUp")
          return true
        }
      ])
    try component.register(
      service: "AnalyticsSDK",
      handlers: [
        track: { params in
          print("    AnalyticsSDK: \(params.map { "\($0)" }.joined(separator: " | "))")
          return nil
        }
      ])

    let app = Application()
    let launchOptions: [String: Any]? = nil
    forward(component, launch, [app, launchOptions as Any])
    forward(component, token, [app, Data(repeating: 7, count: 32)])
    forward(component, background, [app])
    forward(component, track, ["purchase", "store", 3, ["gift", "sale"], 1.5])

    // A pre-resolved key skips validation and hashing on every event.
    let backgroundKey = try SelectorKey(background)
    print()
    print("The same event through a SelectorKey (arity \(backgroundKey.arity)):")
    print()
    print(Transcript.event("\(backgroundKey)", fold: component.fold(of: background).description))
    _ = try component.dispatch(backgroundKey, params: [app])

    print()
    print("Mistakes are errors, reported before any service runs:")
    // SOAComponentAppDelegate passed @"" for missing launch options; the vocabulary expects a
    // dictionary or nil.
    forward(component, launch, [app, ""])
    forward(component, token, [app])
    forward(component, "applicationDidEnterBackgroud:", [app])
    do {
      try component.register(service: "VoiceService", handlers: [launch: { _ in true }])
    } catch {
      print()
      print("registering VoiceService again (SOAComponentAppDelegate skipped it silently)")
      print(Transcript.error(error))
    }
  }

  /// SOAComponentAppDelegate's `thirdSDKLifecycleManager:withParameters:`, printing the folded
  /// answer.
  static func forward(_ component: Dispatcher, _ selector: String, _ params: [Any]) {
    // The fold the dispatcher uses: the vocabulary's, `collect` for the SDK's own event (and for
    // a selector nothing declares).
    let fold = component.fold(of: selector)
    print()
    print(Transcript.event(selector, fold: fold.description))
    do {
      let answer = try component.dispatch(selector: selector, params: params)
      if let line = Transcript.result(answer, fold: fold.description) { print(line) }
    } catch {
      print(Transcript.error(error))
    }
  }
}

// The names the doc comments' examples take from the app around them, for
// Scripts/check-snippets.py, which compiles those examples (never runs them).
import Foundation
import SelectorDispatch
import SelectorDispatchTesting

@MainActor let dispatcher = Dispatcher()
@MainActor let app: AnyObject = NSObject()
@MainActor let application: AnyObject = app
@MainActor let options: [String: Any]? = nil
@MainActor let url = URL(fileURLWithPath: "/services.plist")
@MainActor let userInfo: [AnyHashable: Any] = [:]
@MainActor let apiKey = "key"
@MainActor let fetch = "application:performFetchWithCompletionHandler:"
@MainActor let probe = CompletionProbe<BackgroundFetchResult>()
@MainActor let recorder = EventRecorder()
@MainActor let injector = EventInjector(vocabulary: .applicationDelegate)
@MainActor let descriptor: Int32 = 0
@MainActor let pushHandlers: [String: SelectorHandler] = [:]
@MainActor let handlersReadFromAManifest: [String: SelectorHandler] = [:]
nonisolated(unsafe) var sessions: [ObjectIdentifier: Date] = [:]

func clearBadge() {}
func registerForNotifications() {}
func reload(_ feed: String) async -> Bool { true }

/// The feed an example's services refresh.
@MainActor let feed = FeedStore()
final class FeedStore: Sendable {
  func refresh() async -> Bool { true }
}

/// Main-actor state, as an app's singletons are.
@MainActor final class Store {
  static let shared = Store()
  func sync(_ account: String) async -> Bool { true }
}
@MainActor final class Palette {
  static let shared = Palette()
  func apply(_ name: String) {}
}

/// Services a manifest's catalog makes.
struct PushService: LoadableService {
  var handlers: HandlerTable { [:] }
}
struct Analytics: DispatchService {
  let key: String
  var handlers: HandlerTable { [:] }
}

// The names the article's fragments take from the app around them.
let app = NSObject()
let activityType = "com.example.reading"
let launchOptions: [String: Any]? = nil
let plistURL = URL(fileURLWithPath: "AppModulesRegister.plist")
let component = Dispatcher(vocabulary: .applicationDelegate)

struct ShareModule: LoadableService {
  var handlers: HandlerTable {
    ["application:willContinueUserActivityWithType:": { _ in true }]
  }
}

/// The app-state domain's one delegate.
struct AppStateDelegate: DispatchService {
  var handlers: HandlerTable { ["applicationWillResignActive:": { _ in nil }] }
}

/// Pauses a timer in the background: an app-state selector too.
struct SessionTimer: DispatchService {
  var handlers: HandlerTable { ["applicationDidEnterBackground:": { _ in nil }] }
}

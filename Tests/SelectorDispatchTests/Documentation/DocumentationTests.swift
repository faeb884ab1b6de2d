import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

/// The values the DocC articles state in comments that `Scripts/check-snippets.py` does not
/// read (`// ["PushService"]`, a `true` that a dispatch returns), and the event log one article
/// shows. The examples themselves are compiled and run from the documents by that script,
/// which also compares what they print and throw. `uiApp` stands for the `UIApplication`
/// object.
@Suite struct DocumentationTests {
  let uiApp = "app"

  // MARK: Decomposing an AppDelegate

  final class ShareModule: LoadableService {
    init() {}
    var handlers: HandlerTable {
      on("application:willContinueUserActivityWithType:") {
        (app: AnyObject, type: String) -> Bool in true
      }
    }
  }

  @Test func moduleManagerManifestAndCatalog() throws {
    let app = NSObject()
    let activityType = "NSUserActivityTypeBrowsingWeb"
    let plistURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("AppModulesRegister-\(UUID().uuidString).plist")
    try Data("[\"ShareModule\"]".utf8).write(to: plistURL)
    defer { try? FileManager.default.removeItem(at: plistURL) }

    var catalog = ServiceCatalog()
    catalog.add(ShareModule.self)  // a LoadableService, under "ShareModule"
    let manager = Dispatcher(vocabulary: .applicationDelegate)
    try manager.register(Manifest(contentsOf: plistURL), catalog: catalog)
    let willContinue = try manager.dispatch(
      selector: "application:willContinueUserActivityWithType:", params: [app, activityType])
    #expect(willContinue as? Bool == true)
  }

  @Test func selectorForwardingString() throws {
    let app = NSObject()
    let launchOptions: [String: Any]? = nil
    let component = Dispatcher(vocabulary: .applicationDelegate)
    try component.register(
      service: "JPushService",
      handlers: [
        "application:didFinishLaunchingWithOptions:": { _ in true }
      ])
    let launched = try component.dispatch(
      selector: "application:didFinishLaunchingWithOptions:", params: [app, launchOptions as Any])
    #expect(launched as? Bool == true)
    #expect(throws: DispatchError.self) {
      try component.dispatch(
        selector: "application:didFinishLaunchingWithOptions:", params: [app, ""])
    }
  }

  // MARK: Completion handlers

  @Test func customCompletionKindAndDeadline() throws {
    let anyPaid = CompletionKind.folding(Bool.self, identity: false) { $0 || $1 }
    let payments = Domain("payments")
    let events = try Vocabulary(
      name: "payments",
      entries: [
        .init(
          "refreshPayments:completion:", domain: payments, fold: .broadcast,
          arguments: [.string], completion: anyPaid)
      ])
    let probe = CompletionProbe<Bool>()
    _ = try Dispatcher(vocabulary: events).dispatch(
      selector: "refreshPayments:completion:", params: ["account", probe.handler])
    #expect(try probe.requireCalledOnce() == false)

    let app = Dispatcher(vocabulary: .applicationDelegate, completionDeadline: .seconds(20))
    app.diagnosticHandler = { diagnostic in print("warning:", diagnostic) }
    #expect(!app.responds(to: "applicationWillTerminate:"))
  }

  // MARK: Building handler tables at runtime

  final class PushService: LoadableService {
    init() {}
    var priority: Int { 10 }

    var handlers: HandlerTable {
      on("application:didFinishLaunchingWithOptions:") {
        (app: AnyObject, options: [String: Any]?) -> Bool in true
      }
      on("application:openURL:options:") {
        (app: AnyObject, url: URL, options: [String: Any]) -> Bool in url.scheme == "push"
      }
    }
  }

  @Test func handlerTablesServicesAndManifests() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(
      service: "router", priority: 10,
      handlers: [
        "application:openURL:options:": { params in (params[1] as? URL)?.scheme == "myapp" },
        "applicationWillTerminate:": { _ in nil },
      ])
    let url = try #require(URL(string: "push://inbox"))
    #expect(
      try dispatcher.dispatch(
        selector: "application:openURL:options:", params: [uiApp, url, [String: Any]()])
        as? Bool == false)

    let json = """
      {"services": [{"name": "PushService", "priority": 20},
                    {"name": "MyApp.LogService", "enabled": false}]}
      """
    var catalog = ServiceCatalog()
    catalog.add(PushService.self)  // a LoadableService, under "PushService"
    let manifest = try Manifest.parse(Data(json.utf8))  // or Manifest(contentsOf: url)
    let names = try dispatcher.register(manifest, catalog: catalog)  // ["PushService"]
    #expect(names == ["PushService"])
    #expect(
      try dispatcher.dispatch(
        selector: "application:openURL:options:", params: [uiApp, url, [String: Any]()])
        as? Bool == true)
  }

  // MARK: Injecting and replaying events

  @Test func dispatchingByStringAndKey() throws {
    let url = try #require(URL(string: "myapp://item/42"))
    let app = Dispatcher(vocabulary: .applicationDelegate)
    let selector = "application:openURL:options:"  // read from a log, say
    let opened = try app.dispatch(selector: selector, params: [uiApp, url, [:]])
    #expect(opened as? Bool == false)

    let terminate = try SelectorKey("applicationWillTerminate:")  // terminate.arity == 1
    _ = try app.dispatch(terminate, params: [uiApp])
    #expect(terminate.arity == 1)
  }

  @Test func theArticlesEventLogParses() {
    let log = """
      # launch, open a link, go to the background
      {"selector": "application:didFinishLaunchingWithOptions:", "params": ["app", {}]}
      {"selector": "application:openURL:options:", "params": ["app", "myapp://item/42", {}]}
      {"selector": "applicationDidEnterBackground:", "params": ["app"]}
      """
    let script = EventScript(Array(log.utf8))
    #expect(script.problems.isEmpty)
    #expect(script.events.map(\.line) == [2, 3, 4])
  }
}

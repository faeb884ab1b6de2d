import Foundation
import Testing

@testable import SelectorDispatch

/// The module-manager pattern, AppModuleManager: modules named in `AppModulesRegister.plist`,
/// created with `NSClassFromString`, and every delegate call forwarded to
/// every module that `respondsToSelector:`.
@Suite struct ModuleManagerPatternTests {
  static let willFinish = "application:willFinishLaunchingWithOptions:"
  static let didFinish = "application:didFinishLaunchingWithOptions:"
  static let resignActive = "applicationWillResignActive:"
  static let background = "applicationDidEnterBackground:"
  static let token = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
  static let openURL = "application:openURL:options:"
  static let willContinue = "application:willContinueUserActivityWithType:"
  static let continueActivity = "application:continueUserActivity:restorationHandler:"

  /// The manager: a dispatcher that knows every UIApplicationDelegate
  /// selector and its fold, where the original hard-codes one loop per method.
  static func manager() throws -> Dispatcher {
    Dispatcher(vocabulary: .applicationDelegate)
  }

  /// A module that implements some delegate methods and answers as told.
  struct Module: DispatchService {
    let name: String
    let log: CallLog
    var opensURLs = false
    var continuesActivities = false
    var launches = true

    var handlers: HandlerTable {
      on(ModuleManagerPatternTests.didFinish) { (app: AnyObject, options: [String: Any]?) -> Bool in
        log.record("\(name).didFinish")
        return launches
      }
      on(ModuleManagerPatternTests.background) { (app: AnyObject) in
        log.record("\(name).background")
      }
      on(ModuleManagerPatternTests.openURL) {
        (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
        log.record("\(name).openURL")
        return opensURLs
      }
      on(ModuleManagerPatternTests.willContinue) { (app: AnyObject, type: String) -> Bool in
        log.record("\(name).willContinue")
        return continuesActivities
      }
      on(ModuleManagerPatternTests.continueActivity) {
        (app: AnyObject, activity: String, restore: @escaping ([Any]?) -> Void) -> Bool in
        log.record("\(name).continue")
        return continuesActivities
      }
    }
  }

  /// A module that only cares about push tokens.
  struct TokenModule: DispatchService {
    let log: CallLog
    var handlers: HandlerTable {
      on(ModuleManagerPatternTests.token) { (app: AnyObject, token: Data) in
        log.record("token \(token.count) bytes")
      }
    }
  }

  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <array>
      <string>AppModulePush</string>
      <string>AppModuleShare</string>
      <string>AppModuleToken</string>
    </array>
    </plist>
    """

  func catalog(_ log: CallLog) -> ServiceCatalog {
    var catalog = ServiceCatalog()
    catalog.add("AppModulePush") { Module(name: "push", log: log) }
    catalog.add("AppModuleShare") { Module(name: "share", log: log, opensURLs: true) }
    catalog.add("AppModuleToken") { TokenModule(log: log) }
    return catalog
  }

  let app = NSObject()
  let noOptions: [String: Any]? = nil

  @Test func modulesLoadFromThePlistAndEveryRespondingModuleIsCalled() throws {
    let log = CallLog()
    let manager = try Self.manager()
    let names = try manager.register(
      Manifest.parse(Data(Self.plist.utf8)), catalog: catalog(log))
    #expect(names == ["push", "share", "TokenModule"])

    _ = try manager.dispatch(selector: Self.background, params: [app])
    _ = try manager.dispatch(selector: Self.token, params: [app, Data([1, 2, 3])])
    _ = try manager.dispatch(selector: Self.resignActive, params: [app])  // nobody responds
    #expect(log.entries == ["push.background", "share.background", "token 3 bytes"])
    #expect(manager.responds(to: Self.token))
    #expect(!manager.responds(to: Self.resignActive))
  }

  @Test func modulesLoadByClassNameThroughNSClassFromString() throws {
    let manager = try Self.manager()
    // Bare class names as in the original's plist, found in the listed module,
    // and a module-qualified one.
    let plist = Self.plist
      .replacingOccurrences(of: "AppModulePush", with: "ReflectedPush")
      .replacingOccurrences(of: "AppModuleShare", with: "SelectorDispatchTests.ReflectedLog")
      .replacingOccurrences(of: "<string>AppModuleToken</string>", with: "")
    var catalog = ServiceCatalog()
    catalog.modules = ["SelectorDispatchTests"]
    let names = try manager.register(Manifest.parse(Data(plist.utf8)), catalog: catalog)
    #expect(names == ["ReflectedPush", "ReflectedLog"])
    #expect(manager.responds(to: Self.background))
  }

  @Test func launchFoldsTheModulesAnswersInsteadOfAlwaysYes() throws {
    let log = CallLog()
    let manager = try Self.manager()
    try manager.register(Module(name: "a", log: log))
    try manager.register(Module(name: "b", log: log, launches: false))
    try manager.register(Module(name: "c", log: log))
    let launched = try manager.dispatch(selector: Self.didFinish, params: [app, noOptions as Any])
    #expect(launched as? Bool == false)
    #expect(log.entries == ["a.didFinish", "b.didFinish", "c.didFinish"])
    // A selector no module implements still answers: `all` of nothing is true.
    #expect(
      try manager.dispatch(selector: Self.willFinish, params: [app, noOptions as Any]) as? Bool
        == true)
  }

  @Test func willContinueUserActivityAsksEveryModule() throws {
    // The original's `result = result || [module …]` stops asking once one says
    // YES: the modules after it never hear that an activity is coming.
    let log = CallLog()
    let manager = try Self.manager()
    try manager.register(Module(name: "a", log: log))
    try manager.register(Module(name: "b", log: log, continuesActivities: true))
    try manager.register(Module(name: "c", log: log))
    let will = try manager.dispatch(
      selector: Self.willContinue, params: [app, "NSUserActivityTypeBrowsingWeb"])
    #expect(will as? Bool == true)
    #expect(log.entries == ["a.willContinue", "b.willContinue", "c.willContinue"])
  }

  @Test func continueUserActivityStopsAtTheModuleThatClaimsIt() throws {
    // Here stopping is the point (one module continues the activity and
    // calls the restoration handler), so the vocabulary declares firstTrue:
    // an explicit chain of responsibility, not an accident of `||`.
    let log = CallLog()
    let manager = try Self.manager()
    try manager.register(Module(name: "a", log: log))
    try manager.register(Module(name: "b", log: log, continuesActivities: true))
    try manager.register(Module(name: "c", log: log, continuesActivities: true))
    let restore: ([Any]?) -> Void = { _ in }
    let handled = try manager.dispatch(
      selector: Self.continueActivity, params: [app, "NSUserActivityTypeBrowsingWeb", restore])
    #expect(handled as? Bool == true)
    #expect(log.entries == ["a.continue", "b.continue"])
  }

  @Test func openURLGoesToTheFirstModuleThatClaimsIt() throws {
    // The original returns the first *responding* module's answer, even NO.
    let log = CallLog()
    let manager = try Self.manager()
    try manager.register(Module(name: "a", log: log))
    try manager.register(Module(name: "b", log: log, opensURLs: true))
    try manager.register(Module(name: "c", log: log, opensURLs: true))
    let url = try #require(URL(string: "share://post/1"))
    let opened = try manager.dispatch(selector: Self.openURL, params: [app, url, [String: Any]()])
    #expect(opened as? Bool == true)
    #expect(log.entries == ["a.openURL", "b.openURL"])
  }

  @Test func anUnknownPlistClassIsAClearErrorAndNothingLoads() throws {
    // The original does `addObject:nil` and crashes.
    let log = CallLog()
    let manager = try Self.manager()
    let plist = Self.plist.replacingOccurrences(of: "AppModuleToken", with: "AppModuleTokn")
    let error = try #require(throws: ManifestError.self) {
      try manager.register(Manifest.parse(Data(plist.utf8)), catalog: catalog(log))
    }
    #expect(
      error
        == .unknownService(
          index: 2, name: "AppModuleTokn", position: nil, suggestion: "AppModuleToken"))
    #expect(!manager.responds(to: Self.background))
  }

  @Test func aDuplicatePlistEntryIsAClearError() throws {
    // The original silently de-duplicates with `containsObject:`.
    let plist = Self.plist.replacingOccurrences(of: "AppModuleToken", with: "AppModulePush")
    #expect(
      throws: ManifestError.duplicateEntry(
        index: 2, name: "AppModulePush", position: nil, firstIndex: 0)
    ) {
      try Manifest.parse(Data(plist.utf8))
    }
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

/// The selector-forwarding pattern, SOAComponentAppDelegate: services registered in code and
/// de-duplicated, and `thirdSDKLifecycleManager:withParameters:` — forward
/// a selector string with any number of arguments to the services that
/// respond to it.
@Suite struct SelectorForwardingPatternTests {
  static let didFinish = "application:didFinishLaunchingWithOptions:"
  static let background = "applicationDidEnterBackground:"
  static let token = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
  static let remote = "application:didReceiveRemoteNotification:fetchCompletionHandler:"

  /// JPushService from the original.
  struct JPushService: DispatchService {
    let log: CallLog
    var handlers: HandlerTable {
      on(SelectorForwardingPatternTests.didFinish) {
        (app: AnyObject, options: [String: Any]?) -> Bool in
        log.record("jpush.setup")
        return true
      }
      on(SelectorForwardingPatternTests.token) { (app: AnyObject, token: Data) in
        log.record("jpush.token \(token.map { String($0) }.joined(separator: ","))")
      }
      on(SelectorForwardingPatternTests.remote) {
        (app: AnyObject, info: [String: Any], completion: @escaping (Int) -> Void) in
        log.record("jpush.remote \(info["id"] ?? "-")")
      }
      on(SelectorForwardingPatternTests.background) { (app: AnyObject) in
        log.record("jpush.badge 0")
      }
    }
  }

  /// VoiceService: a second service that only cares about launching.
  struct VoiceService: DispatchService {
    let log: CallLog
    var handlers: HandlerTable {
      on(SelectorForwardingPatternTests.didFinish) {
        (app: AnyObject, options: [String: Any]?) -> Bool in
        log.record("voice.setup")
        return true
      }
    }
  }

  /// A custom SDK event with five arguments: the original's point was any
  /// number of arguments, which `performSelector:` cannot pass.
  struct AnalyticsService: DispatchService {
    let log: CallLog
    var handlers: HandlerTable {
      on("track:category:value:tags:at:") {
        (event: String, category: String, value: Int, tags: [String], at: Double) in
        log.record("analytics \(event)/\(category)=\(value) \(tags) @\(at)")
      }
    }
  }

  /// The component: services registered in code, all at once.
  static func component(_ log: CallLog) throws -> Dispatcher {
    let dispatcher = Dispatcher()
    try dispatcher.declare(didFinish, fold: .all)
    try dispatcher.register(
      contentsOf: [JPushService(log: log), VoiceService(log: log), AnalyticsService(log: log)])
    return dispatcher
  }

  struct Forward: Sendable, CustomTestStringConvertible {
    let selector: String
    let params: @Sendable () -> [Any]
    let calls: [String]
    var testDescription: String { selector }
  }

  @Test(arguments: [
    Forward(
      selector: background, params: { [NSObject()] }, calls: ["jpush.badge 0"]),
    Forward(
      selector: didFinish, params: { [NSObject(), [String: Any]?.none as Any] },
      calls: ["jpush.setup", "voice.setup"]),
    Forward(
      selector: token, params: { [NSObject(), Data([7, 9])] }, calls: ["jpush.token 7,9"]),
    Forward(
      selector: remote, params: { [NSObject(), ["id": 42], { (_: Int) in }] },
      calls: ["jpush.remote 42"]),
    Forward(
      selector: "track:category:value:tags:at:",
      params: { ["open", "feed", 3, ["a", "b"], 1.5] },
      calls: ["analytics open/feed=3 [\"a\", \"b\"] @1.5"]),
  ])
  func forwardsASelectorStringWithAnyNumberOfArgumentsToTheServicesThatRespond(
    _ test: Forward
  ) throws {
    let log = CallLog()
    let component = try Self.component(log)
    _ = try component.dispatch(selector: test.selector, params: test.params())
    #expect(log.entries == test.calls)
  }

  @Test func theWrongNumberOfArgumentsIsAnErrorBeforeAnyServiceRuns() throws {
    // The original's `performSelector:withObjects:` reads garbage or crashes.
    let log = CallLog()
    let component = try Self.component(log)
    #expect(throws: DispatchError.arityMismatch(selector: Self.token, expected: 2, actual: 1)) {
      try component.dispatch(selector: Self.token, params: [Data()])
    }
    #expect(log.entries.isEmpty)
  }

  @Test func aSelectorNoServiceKnowsIsAnErrorWithASuggestion() throws {
    // The original's `respondsToSelector:` silently skips a typo.
    let component = try Self.component(CallLog())
    #expect(
      throws: DispatchError.unrecognizedSelector(
        selector: "applicationDidEnterBackgrund:", suggestion: Self.background)
    ) {
      try component.dispatch(selector: "applicationDidEnterBackgrund:", params: [NSObject()])
    }
  }

  @Test func registeringAServiceTwiceIsAClearErrorNotASilentSkip() throws {
    // The original de-duplicates with `containsObject:`.
    let log = CallLog()
    let component = try Self.component(log)
    #expect(throws: DispatchError.duplicateService(name: "VoiceService")) {
      try component.register(VoiceService(log: log))
    }
    let noOptions: [String: Any]? = nil
    _ = try component.dispatch(selector: Self.didFinish, params: [NSObject(), noOptions as Any])
    #expect(log.entries == ["jpush.setup", "voice.setup"])
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

/// The base-class-forwarding pattern, TDWAppDelegateService: a base class the AppDelegate inherits,
/// whose `__services` receive every forwarded delegate method in order.
@Suite struct BaseClassForwardingPatternTests {
  static let didFinish = "application:didFinishLaunchingWithOptions:"
  static let openURL = "application:openURL:options:"
  static let foreground = "applicationWillEnterForeground:"
  static let background = "applicationDidEnterBackground:"
  static let backgroundSession =
    "application:handleEventsForBackgroundURLSession:completionHandler:"

  /// The base class, rebuilt: `services` replaces `__services`, and each
  /// forwarding method is one dispatch with the fold it should have had.
  final class AppDelegateService {
    let dispatcher = Dispatcher()

    init() throws {
      try dispatcher.declare(BaseClassForwardingPatternTests.didFinish, fold: .all)
      try dispatcher.declare(BaseClassForwardingPatternTests.openURL, fold: .firstTrue)
      for selector in [
        BaseClassForwardingPatternTests.foreground, BaseClassForwardingPatternTests.background,
        BaseClassForwardingPatternTests.backgroundSession,
      ] {
        try dispatcher.declare(selector, fold: .broadcast)
      }
    }

    /// `__services = [...]`, all or nothing.
    func use(_ services: [any DispatchService]) throws {
      try dispatcher.register(contentsOf: services)
    }

    func didFinishLaunching(_ app: AnyObject, _ options: [String: Any]?) throws -> Bool {
      try dispatcher.dispatch(
        selector: BaseClassForwardingPatternTests.didFinish, params: [app, options as Any])
        as? Bool ?? true
    }

    func open(_ app: AnyObject, _ url: URL, _ options: [String: Any]) throws -> Bool {
      try dispatcher.dispatch(
        selector: BaseClassForwardingPatternTests.openURL, params: [app, url, options])
        as? Bool ?? false
    }
  }

  /// TDWInitializeService and TDWLogService from the original, with answers
  /// the test chooses.
  struct TDWService: DispatchService {
    let name: String
    let log: CallLog
    var launches = true
    var opens = false
    var handlers: HandlerTable {
      on(BaseClassForwardingPatternTests.didFinish) {
        (app: AnyObject, options: [String: Any]?) -> Bool in
        log.record("\(name).didFinish")
        return launches
      }
      on(BaseClassForwardingPatternTests.openURL) {
        (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
        log.record("\(name).open")
        return opens
      }
      on(BaseClassForwardingPatternTests.foreground) { (app: AnyObject) in
        log.record("\(name).foreground")
      }
      on(BaseClassForwardingPatternTests.backgroundSession) {
        (app: AnyObject, identifier: String, completion: @escaping () -> Void) in
        log.record("\(name).session \(identifier)")
      }
    }
  }

  let app = NSObject()

  @Test func servicesRunInOrder() throws {
    let log = CallLog()
    let delegate = try AppDelegateService()
    try delegate.use([TDWService(name: "Initialize", log: log), TDWService(name: "Log", log: log)])
    #expect(try delegate.didFinishLaunching(app, nil))
    _ = try delegate.dispatcher.dispatch(selector: Self.foreground, params: [app])
    _ = try delegate.dispatcher.dispatch(selector: Self.background, params: [app])  // none
    #expect(
      log.entries == [
        "Initialize.didFinish", "Log.didFinish", "Initialize.foreground", "Log.foreground",
      ])
  }

  struct Answer: Sendable, CustomTestStringConvertible {
    let launches: [Bool]
    let opens: [Bool]
    let launched: Bool
    let opened: Bool
    let calls: [String]
    var testDescription: String { "launches \(launches), opens \(opens)" }
  }

  @Test(arguments: [
    Answer(
      launches: [true, true], opens: [false, false], launched: true, opened: false,
      calls: ["s0.didFinish", "s1.didFinish", "s0.open", "s1.open"]),
    Answer(
      launches: [false, true], opens: [true, true], launched: false, opened: true,
      calls: ["s0.didFinish", "s1.didFinish", "s0.open"]),
    Answer(
      launches: [], opens: [], launched: true, opened: false, calls: []),
  ])
  func answersAreTheRealFoldNotAlwaysTrue(_ test: Answer) throws {
    // The original's base class returns true from both, whatever the services say.
    let log = CallLog()
    let delegate = try AppDelegateService()
    try delegate.use(
      zip(test.launches, test.opens).enumerated().map { index, answers in
        TDWService(name: "s\(index)", log: log, launches: answers.0, opens: answers.1)
      })
    let url = try #require(URL(string: "tdw://home"))
    #expect(try delegate.didFinishLaunching(app, nil) == test.launched)
    #expect(try delegate.open(app, url, [:]) == test.opened)
    #expect(log.entries == test.calls)
  }

  @Test func aCompletionEventReachesEachServiceExactlyOnce() throws {
    // The original hands the system completion to every service; here each
    // service is only shown to be called once (per-service completions are
    // the completion engine's job).
    let log = CallLog()
    let delegate = try AppDelegateService()
    try delegate.use([
      TDWService(name: "a", log: log), TDWService(name: "b", log: log),
      TDWService(name: "c", log: log),
    ])
    let completion: () -> Void = {}
    _ = try delegate.dispatcher.dispatch(
      selector: Self.backgroundSession, params: [app, "com.example.upload", completion])
    #expect(
      log.entries == [
        "a.session com.example.upload", "b.session com.example.upload",
        "c.session com.example.upload",
      ])
  }
}

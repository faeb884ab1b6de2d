import Testing

@testable import SelectorDispatch

/// The base-class-forwarding pattern with an overridden list, LifeCycleService: the AppDelegate subclasses a base class and
/// overrides a computed `services` list; the base class forwards six
/// delegate methods to every service that implements them.
///
/// Rebuilt here as a host that registers the list once and dispatches. Two
/// corrections: `application:didFinishLaunchingWithOptions:` reaches the
/// services that handle it (the original called their `applicationDidFinishLaunching:`),
/// and launching folds the services' answers instead of always saying YES.
@Suite struct ServicesListSubclassPatternTests {
  typealias DispatchService = (name: String, handlers: [String: SelectorHandler])

  static let launchWithOptions = "application:didFinishLaunchingWithOptions:"
  static let didFinishLaunching = "applicationDidFinishLaunching:"
  static let forwarded = [
    "applicationWillResignActive:", "applicationDidEnterBackground:",
    "applicationWillEnterForeground:", "applicationDidBecomeActive:", "applicationWillTerminate:",
  ]

  /// The original's `LifeCycleService` base class: it asks for the list once,
  /// not on every event as the original's computed property did.
  final class LifeCycleHost {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)

    init(services: () -> [DispatchService]) throws {
      for service in services() {
        try dispatcher.register(service: service.name, handlers: HandlerTable(service.handlers))
      }
    }

    func application(_ app: Any, didFinishLaunchingWithOptions options: [String: Any]?) throws
      -> Bool
    {
      let answer = try dispatcher.dispatch(
        selector: ServicesListSubclassPatternTests.launchWithOptions, params: [app, options as Any])
      return answer as? Bool ?? true
    }

    func forward(_ selector: String, _ app: Any) throws {
      _ = try dispatcher.dispatch(selector: selector, params: [app])
    }
  }

  /// The original's `DependencyLoading`: reachability on launch and activation.
  static func dependencyLoading(_ log: CallLog) -> DispatchService {
    (
      "DependencyLoading",
      [
        didFinishLaunching: log.handler("DependencyLoading.applicationDidFinishLaunching"),
        "applicationWillResignActive:": log.handler("DependencyLoading.stopMonitoring"),
        "applicationDidBecomeActive:": log.handler("DependencyLoading.startMonitoring"),
      ]
    )
  }

  /// A service that implements the options variant, as a push SDK does.
  static func push(_ log: CallLog, answer: Bool? = true) -> DispatchService {
    ("Push", [launchWithOptions: log.handler("Push.didFinishLaunchingWithOptions", answer: answer)])
  }

  /// A service that implements all six methods.
  static func everything(_ log: CallLog) -> DispatchService {
    var handlers: [String: SelectorHandler] = [launchWithOptions: log.handler("Everything.launch")]
    for selector in forwarded { handlers[selector] = log.handler("Everything.\(selector)") }
    return ("Everything", handlers)
  }

  @Test(arguments: forwarded)
  func eachForwardedMethodReachesTheServicesThatImplementItInListOrder(_ selector: String) throws {
    let log = CallLog()
    let host = try LifeCycleHost { [Self.everything(log), Self.dependencyLoading(log)] }
    try host.forward(selector, "app")
    var expected = ["Everything.\(selector)"]
    if selector == "applicationWillResignActive:" {
      expected.append("DependencyLoading.stopMonitoring")
    }
    if selector == "applicationDidBecomeActive:" {
      expected.append("DependencyLoading.startMonitoring")
    }
    #expect(log.entries == expected)
  }

  @Test func launchingWithOptionsReachesItsOwnHandlersNotApplicationDidFinishLaunching() throws {
    let log = CallLog()
    let host = try LifeCycleHost { [Self.dependencyLoading(log), Self.push(log)] }
    #expect(try host.application("app", didFinishLaunchingWithOptions: nil))
    #expect(
      log.entries == ["Push.didFinishLaunchingWithOptions"],
      "the original called DependencyLoading's applicationDidFinishLaunching here instead")
    try host.forward(Self.didFinishLaunching, "app")
    #expect(
      log.entries == [
        "Push.didFinishLaunchingWithOptions", "DependencyLoading.applicationDidFinishLaunching",
      ])
  }

  @Test(
    arguments: [
      ([true, true], true), ([true, false], false), ([nil, false], false), ([], true),
    ] as [([Bool?], Bool)])
  func launchingFoldsTheAnswersWhereTheOriginalAlwaysSaidYes(_ answers: [Bool?], _ expected: Bool)
    throws
  {
    let log = CallLog()
    let host = try LifeCycleHost {
      answers.enumerated().map { index, answer in
        ("s\(index)", [Self.launchWithOptions: log.handler("s\(index)", answer: answer)])
      }
    }
    #expect(try host.application("app", didFinishLaunchingWithOptions: [:]) == expected)
    #expect(log.entries == answers.indices.map { "s\($0)" }, "a veto never skips a service")
  }

  @Test func servicesKeepTheirStateAcrossEvents() throws {
    // The original's computed `services` made new service objects on every
    // event, so a service could not remember anything between them.
    let activations = Locked(0)
    let host = try LifeCycleHost {
      [
        (
          "Counter",
          [
            "applicationDidBecomeActive:": { _ in
              activations.withLock { $0 += 1 }
              return nil
            }
          ]
        )
      ]
    }
    for _ in 0..<3 { try host.forward("applicationDidBecomeActive:", "app") }
    #expect(activations.withLock { $0 } == 3)
  }
}

import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatchUIKit

/// What a connecting scene forwards from its connection options, and the flag that tells those
/// events apart from live ones.
@Suite struct SceneConnectionTests {
  typealias Host = DelegateForwarderTests.Host

  static let willConnect = "scene:willConnectToSession:options:"
  static let openURLs = "scene:openURLContexts:"
  static let activity = "scene:continueUserActivity:"
  static let shortcut = "windowScene:performActionForShortcutItem:completionHandler:"
  static let response = DelegateForwarder.notificationResponse

  /// A stand-in scene, named in what the recorder writes.
  final class Scene: CustomStringConvertible, Sendable {
    let description: String
    init(_ name: String) { description = name }
  }

  /// Everything connection options can carry, as stand-ins.
  static func contents(response key: String = key("tap")) -> SceneConnection.Contents {
    var contents = SceneConnection.Contents()
    contents.urlContexts = [
      OpenURLContext(url: URL(fileURLWithPath: "/b")),
      OpenURLContext(url: URL(fileURLWithPath: "/a")),
    ]
    contents.userActivities = ["activity"]
    contents.shortcutItem = "shortcut"
    contents.notificationResponse = SceneConnection.Response(
      center: "center", response: "response", key: key)
    return contents
  }

  static func key(_ request: String) -> String {
    ResponseLedger.key(request: request, action: "open", date: 0)
  }

  /// Connects `scene` on `host`.
  @MainActor static func connect(
    _ scene: Scene, on host: Host?, forwarding events: SceneConnection.Events = .all
  ) {
    SceneConnection.connect(
      scene, session: "session", options: "options", contents: contents(), forwarding: events,
      on: host?.forwarder)
  }

  /// A service that records each event it gets, with the scenes that were connecting then,
  /// and calls each completion at once.
  static func record(on host: Host, scenes: [Scene]) throws -> Locked<[String]> {
    let seen = Locked<[String]>([])
    var handlers: [String: SelectorHandler] = [:]
    for selector in [willConnect, openURLs, activity, shortcut, response, "sceneDidBecomeActive:"] {
      handlers[selector] = { params in
        let connecting = MainActor.assumeIsolated {
          scenes.filter { SceneConnection.isConnecting($0) }.map { " \($0) connecting" }
        }
        let argument = params.count > 1 ? params[1] : params[0]
        let shown = (argument as? Set<OpenURLContext>)?.map(\.url.path).sorted().description
        seen.withLock { $0.append("\(selector) \(shown ?? "\(argument)")" + connecting.joined()) }
        (params.last as? (Bool) -> Void)?(true)
        (params.last as? () -> Void)?()
        return nil
      }
    }
    try host.dispatcher.register(service: "recorder", handlers: HandlerTable(handlers))
    return seen
  }

  @Test @MainActor func everyEventOfTheOptionsIsForwardedInOrderWhileItsSceneConnects() throws {
    let host = Host()
    let (main, other) = (Scene("main"), Scene("other"))
    let seen = try Self.record(on: host, scenes: [main, other])
    Self.connect(main, on: host)
    host.forwarder.event(ForwardedEvent<(Scene) -> Void>("sceneDidBecomeActive:"), main)
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) session main connecting",
        "\(Self.openURLs) [\"/a\"] main connecting",
        "\(Self.openURLs) [\"/b\"] main connecting",
        "\(Self.activity) activity main connecting",
        "\(Self.shortcut) shortcut main connecting",
        "\(Self.response) response main connecting",
        "sceneDidBecomeActive: main",
      ], "the other scene is not connecting, and live events come after")
    #expect(!SceneConnection.isConnecting(main))
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  @Test @MainActor func aSceneConnectingWhileAnotherDoesHasAFlagOfItsOwn() throws {
    let host = Host()
    let (main, other) = (Scene("main"), Scene("other"))
    let seen = Locked<[String]>([])
    // Weak: the dispatcher keeps the handler, and the forwarder keeps the dispatcher.
    try host.dispatcher.register(
      service: "opener",
      handlers: [
        Self.willConnect: { [weak forwarder = host.forwarder] params in
          MainActor.assumeIsolated {
            guard let scene = params[0] as? Scene else { return }
            if scene === main {
              SceneConnection.connect(  // a nested connection
                other, session: "session", options: "options", contents: Self.contents(),
                forwarding: [], on: forwarder)
              seen.withLock { $0.append("main still \(SceneConnection.isConnecting(main))") }
            } else {
              seen.withLock { $0.append("both \(SceneConnection.isConnecting(main))") }
            }
          }
          return nil
        }
      ])
    Self.connect(main, on: host, forwarding: [])
    #expect(seen.withLock { $0 } == ["both true", "main still true"])
    #expect(!SceneConnection.isConnecting(other))
    #expect(!SceneConnection.isConnecting(main))
  }

  @Test(arguments: [
    (SceneConnection.Events.urlContexts, [openURLs, openURLs]),
    (SceneConnection.Events.userActivities, [activity]),
    (SceneConnection.Events.shortcutItem, [shortcut]),
    (SceneConnection.Events.notificationResponse, [response]),
    (SceneConnection.Events(), [String]()),
  ])
  @MainActor func theAppChoosesWhichEventsAreForwarded(
    _ events: SceneConnection.Events, _ expected: [String]
  ) throws {
    let host = Host()
    let scene = Scene("main")
    let seen = try Self.record(on: host, scenes: [scene])
    Self.connect(scene, on: host, forwarding: events)
    let selectors = seen.withLock { $0 }.map { String($0.prefix { $0 != " " }) }
    #expect(selectors == [Self.willConnect] + expected, "the options reach willConnect whole")
  }

  /// UIKit's completion for a delivery, counting its calls.
  final class Completion: Sendable {
    let calls = Locked(0)
    var handler: @Sendable () -> Void { { [calls] in calls.withLock { $0 += 1 } } }
    var count: Int { calls.withLock { $0 } }
  }

  /// Calls the completions `held` keeps, and lets them go.
  static func complete(_ held: Locked<[() -> Void]>) {
    for completion in held.withLockUnchecked({ held in
      defer { held = [] }
      return held
    }) {
      completion()
    }
  }

  /// A service that keeps each response's completion, to call it later. The completions refer
  /// to the dispatcher, which refers to the service: a test lets go of them
  /// (``complete(_:)``) before it ends.
  static func holding(on host: Host) throws -> (seen: Locked<[String]>, held: Locked<[() -> Void]>)
  {
    let seen = Locked<[String]>([])
    let held = Locked<[() -> Void]>([])
    try host.dispatcher.register(
      service: "inbox",
      handlers: [
        Self.response: { params in
          seen.withLock { $0.append("\(params[0]) \(params[1])") }
          if let completion = params.last as? () -> Void {
            held.withLockUnchecked { $0.append(completion) }
          }
          return nil
        }
      ])
    return (seen, held)
  }

  @Test @MainActor func aResponseFromTheOptionsIsNotForwardedAgainWhenTheCentreDeliversIt() throws {
    let host = Host()
    let (seen, held) = try Self.holding(on: host)
    Self.connect(Scene("main"), on: host, forwarding: .notificationResponse)
    let uikit = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: uikit.handler)
    #expect(seen.withLock { $0 } == ["center response"], "forwarded once, from the options")
    #expect(uikit.count == 0, "UIKit's completion waits for the services")
    Self.complete(held)
    #expect(uikit.count == 1)

    let third = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: third.handler)
    #expect(third.count == 1, "a third delivery is completed at once")
    let later = Completion()
    host.forwarder.receive(["center", "other"], key: Self.key("other"), completion: later.handler)
    #expect(seen.withLock { $0 } == ["center response", "center other"], "another response")
    Self.complete(held)
    #expect(later.count == 1)
  }

  @Test @MainActor func aResponseTheCentreDeliveredFirstIsNotForwardedFromTheOptions() throws {
    let host = Host()
    let (seen, held) = try Self.holding(on: host)
    let uikit = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: uikit.handler)
    Self.complete(held)
    #expect(uikit.count == 1)
    Self.connect(Scene("main"), on: host, forwarding: .notificationResponse)
    #expect(seen.withLock { $0 } == ["center response"])
    #expect(uikit.count == 1)
  }

  @Test @MainActor func aResponseTheAppHandlesItselfIsNotForwardedWhenTheCentreDeliversIt() throws {
    let host = Host()
    let (seen, _) = try Self.holding(on: host)
    Self.connect(Scene("main"), on: host, forwarding: [.urlContexts])
    let uikit = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: uikit.handler)
    #expect(seen.withLock { $0 }.isEmpty, "the willConnect handlers had it in the options")
    #expect(uikit.count == 1, "UIKit's completion runs at once")
  }

  @Test @MainActor func aSecondDeliveryCompletesAtTheDeadlineWhenAServiceNeverDoes() throws {
    let host = Host()
    let (_, held) = try Self.holding(on: host)
    defer { held.withLockUnchecked { $0 = [] } }
    Self.connect(Scene("main"), on: host, forwarding: .notificationResponse)
    let uikit = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: uikit.handler)
    host.clock.advance(by: .seconds(24))
    #expect(uikit.count == 0)
    host.clock.advance(by: .seconds(1))
    #expect(uikit.count == 1)
  }

  @Test func aSecondDeliveryCompletesWhenTheFirstCouldNotBeDispatched() {
    let host = Host()
    let first = Completion()
    // One parameter short: the dispatch throws before any service runs.
    host.forwarder.receive(["center"], key: Self.key("tap"), completion: first.handler)
    #expect(first.count == 1, "UIKit's default, at once")
    #expect(host.errors.withLock { $0.count } == 1)
    let second = Completion()
    host.forwarder.receive(
      ["center", "response"], key: Self.key("tap"), completion: second.handler)
    #expect(second.count == 1)
    #expect(host.errors.withLock { $0.count } == 1, "not dispatched again")
  }

  @Test func theLedgerKeepsTheLastCompletedResponsesAndEveryPendingOne() {
    let ledger = ResponseLedger()
    #expect(ledger.claim("pending") {})
    for index in 0...ResponseLedger.capacity {
      #expect(ledger.claim("r\(index)") {})
      ledger.finish("r\(index)")
    }
    #expect(ledger.claim("r0") {}, "the oldest completed response was dropped")
    let waiting = Locked(0)
    #expect(!ledger.claim("pending") { waiting.withLock { $0 += 1 } }, "a pending one is kept")
    #expect(waiting.withLock { $0 } == 0)
    ledger.finish("pending")
    #expect(waiting.withLock { $0 } == 1)
    let completed = Locked(0)
    #expect(!ledger.claim("r\(ResponseLedger.capacity)") { completed.withLock { $0 += 1 } })
    #expect(completed.withLock { $0 } == 1, "completed at once: its first delivery has")
  }
}

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

  /// Everything connection options can carry, as stand-ins.
  @MainActor static let contents: SceneConnection.Contents = {
    var contents = SceneConnection.Contents()
    contents.urlContexts = [
      OpenURLContext(url: URL(fileURLWithPath: "/b")),
      OpenURLContext(url: URL(fileURLWithPath: "/a")),
    ]
    contents.userActivities = ["activity"]
    contents.shortcutItem = "shortcut"
    contents.notificationResponse = SceneConnection.Response(
      center: "center", response: "response", key: key("tap"))
    return contents
  }()

  static func key(_ request: String) -> String {
    ResponseLedger.key(request: request, action: "open", date: 0)
  }

  /// A service that records each event it gets, with whether the scene was connecting then,
  /// and calls each completion at once.
  @MainActor static func record(on host: Host, _ connection: SceneConnection) throws -> Locked<
    [String]
  > {
    let seen = Locked<[String]>([])
    var handlers: [String: SelectorHandler] = [:]
    for selector in [willConnect, openURLs, activity, shortcut, response, "sceneDidBecomeActive:"] {
      handlers[selector] = { params in
        let connecting = MainActor.assumeIsolated { connection.isConnecting }
        let argument = params.count > 1 ? params[1] : params[0]
        let shown = (argument as? Set<OpenURLContext>)?.map(\.url.path).sorted().description
        seen.withLock {
          $0.append("\(selector) \(shown ?? "\(argument)")\(connecting ? " connecting" : "")")
        }
        (params.last as? (Bool) -> Void)?(true)
        (params.last as? () -> Void)?()
        return nil
      }
    }
    try host.dispatcher.register(service: "recorder", handlers: HandlerTable(handlers))
    return seen
  }

  @Test @MainActor func everyEventOfTheOptionsIsForwardedInOrderWhileConnectingAndLiveOnesAreNot()
    throws
  {
    let host = Host()
    let connection = SceneConnection()
    let seen = try Self.record(on: host, connection)
    connection.connect(
      "main", session: "session", options: "options", contents: Self.contents,
      forwarding: .all, on: host.forwarder)
    host.forwarder.event("sceneDidBecomeActive:", ["main"])
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) session connecting",
        "\(Self.openURLs) [\"/a\"] connecting",
        "\(Self.openURLs) [\"/b\"] connecting",
        "\(Self.activity) activity connecting",
        "\(Self.shortcut) shortcut connecting",
        "\(Self.response) response connecting",
        "sceneDidBecomeActive: main",
      ])
    #expect(!connection.isConnecting)
    #expect(host.errors.withLock { $0 }.isEmpty)
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
    let connection = SceneConnection()
    let seen = try Self.record(on: host, connection)
    connection.connect(
      "main", session: "session", options: "options", contents: Self.contents,
      forwarding: events, on: host.forwarder)
    let selectors = seen.withLock { $0 }.map { String($0.prefix { $0 != " " }) }
    #expect(selectors == [Self.willConnect] + expected, "the options reach willConnect whole")
  }

  @Test @MainActor func withoutAnAppDelegateNothingIsForwardedAndTheSceneIsNotConnecting() {
    let connection = SceneConnection()
    connection.connect(
      "main", session: "session", options: "options", contents: Self.contents,
      forwarding: .all, on: nil)
    #expect(!connection.isConnecting)
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
    SceneConnection().connect(
      "main", session: "session", options: "options", contents: Self.contents,
      forwarding: .notificationResponse, on: host.forwarder)
    let uikit = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: uikit.handler)
    #expect(seen.withLock { $0 } == ["center response"], "forwarded once, from the options")
    #expect(uikit.count == 0, "UIKit's completion waits for the services")
    Self.complete(held)
    #expect(uikit.count == 1)

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
    SceneConnection().connect(
      "main", session: "session", options: "options", contents: Self.contents,
      forwarding: .notificationResponse, on: host.forwarder)
    #expect(seen.withLock { $0 } == ["center response"])
    #expect(uikit.count == 1)
  }

  @Test @MainActor func aSecondDeliveryCompletesAtTheDeadlineWhenAServiceNeverDoes() throws {
    let host = Host()
    let (_, held) = try Self.holding(on: host)
    defer { held.withLockUnchecked { $0 = [] } }
    SceneConnection().connect(
      "main", session: "session", options: "options", contents: Self.contents,
      forwarding: .notificationResponse, on: host.forwarder)
    let uikit = Completion()
    host.forwarder.receive(["center", "response"], key: Self.key("tap"), completion: uikit.handler)
    host.clock.advance(by: .seconds(24))
    #expect(uikit.count == 0)
    host.clock.advance(by: .seconds(1))
    #expect(uikit.count == 1)
  }

  @Test @MainActor func theLedgerKeepsABoundedNumberOfCompletedResponses() {
    let ledger = ResponseLedger()
    for index in 0...ResponseLedger.capacity {
      #expect(ledger.claim("r\(index)") {})
      ledger.finish("r\(index)")
    }
    #expect(ledger.claim("r0") {}, "the oldest completed response was dropped")
    let second = Locked(0)
    #expect(!ledger.claim("r\(ResponseLedger.capacity)") { second.withLock { $0 += 1 } })
    #expect(second.withLock { $0 } == 1, "completed at once: its first delivery has")
  }
}

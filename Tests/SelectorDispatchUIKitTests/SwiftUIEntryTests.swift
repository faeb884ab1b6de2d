import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatchUIKit

/// Which event each source of the SwiftUI entry point gives, with which arguments, once per
/// scene and per app, and nothing at all beside the UIKit adapter.
@MainActor @Suite(.timeLimit(.minutes(1))) struct SwiftUIEntryTests {
  typealias Host = DelegateForwarderTests.Host
  typealias Scene = SceneConnectionTests.Scene

  nonisolated static let willConnect = "scene:willConnectToSession:options:"
  nonisolated static let (enter, become, resign, leave, disconnect) = (
    "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
    "sceneDidEnterBackground:", "sceneDidDisconnect:"
  )
  nonisolated static let (openURLs, activity) = (
    "scene:openURLContexts:", "scene:continueUserActivity:"
  )
  nonisolated static let pushToken =
    "application:didRegisterForRemoteNotificationsWithDeviceToken:"
  nonisolated static let launch = "application:didFinishLaunchingWithOptions:"
  nonisolated static let appSelectors = [
    "applicationDidReceiveMemoryWarning:", "applicationSignificantTimeChange:",
    "applicationWillTerminate:", "applicationProtectedDataWillBecomeUnavailable:",
    "applicationProtectedDataDidBecomeAvailable:",
  ]

  /// An entry point on `host`, beside another entry point when `other` says which, counting
  /// how often it is asked.
  static func entry(
    on host: Host, other: Diagnostic? = nil, asked: Locked<Int> = Locked(0)
  ) -> SwiftUIEntry {
    SwiftUIEntry(forwarder: host.forwarder) { _ in
      asked.withLock { $0 += 1 }
      return other
    }
  }

  /// A service that records each event it gets, as `selector arguments…`, with `connecting`
  /// when the scene was connecting; it claims the URLs whose host is `mine`.
  static func record(on host: Host) throws -> Locked<[String]> {
    let seen = Locked<[String]>([])
    var handlers: [String: SelectorHandler] = [:]
    let selectors =
      [willConnect, enter, become, resign, leave, disconnect, openURLs, activity, launch]
      + appSelectors + [SwiftUIEntry.backgroundURLSession]
    for selector in selectors {
      handlers[selector] = { params in
        let connecting = MainActor.assumeIsolated {
          SceneConnection.isConnecting(params[0] as AnyObject)
        }
        let shown = params.map { param -> String in
          if let contexts = param as? Set<OpenURLContext> {
            return contexts.map {
              "\($0.url.absoluteString) \($0.sourceApplication ?? "-") \($0.openInPlace)"
            }.description
          }
          return (param as Any?).flatMap { $0 }.map { "\($0)" } ?? "nil"
        }
        seen.withLock {
          $0.append(([selector] + shown).joined(separator: " ") + (connecting ? " connecting" : ""))
        }
        (params.last as? () -> Void)?()
        return (params.last as? Set<OpenURLContext>).map { $0.first?.url.host == "mine" }
      }
    }
    try host.dispatcher.register(service: "recorder", handlers: HandlerTable(handlers))
    return seen
  }

  /// Records the options of each connection, in a handler that takes them as an `Optional`.
  struct Connector: DispatchService {
    let options: Locked<[String]>

    var handlers: HandlerTable {
      on(SwiftUIEntryTests.willConnect) { (_: AnyObject, session: String, given: NSObject?) in
        options.withLock { $0.append("\(session) \(given.map { "\($0)" } ?? "none")") }
      }
    }
  }

  // MARK: Scenes

  @Test func eachSceneNotificationGivesItsOwnEventWithTheScene() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let main = Scene("main")
    for notification in [
      SwiftUIEntry.SceneNotification.willConnect, .willEnterForeground, .didActivate,
      .willDeactivate, .didEnterBackground, .didDisconnect,
    ] {
      entry.receive(notification, scene: main, session: "session")
    }
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) main session nil connecting", "\(Self.enter) main",
        "\(Self.become) main", "\(Self.resign) main", "\(Self.leave) main",
        "\(Self.disconnect) main",
      ])
    #expect(!entry.knows(main))
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  @Test func aConnectionPassesNoOptionsWhichAHandlerTakesAsAnOptional() throws {
    let host = Host()
    let options = Locked<[String]>([])
    try host.dispatcher.register(Connector(options: options))
    Self.entry(on: host).receive(.willConnect, scene: Scene("main"), session: "session")
    #expect(options.withLock { $0 } == ["session none"])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  @Test func aHandlerThatTakesOptionsThatAreNeverNilIsReported() throws {
    let host = Host()
    try host.dispatcher.register(
      service: "strict", handlers: [Self.willConnect: { _ in nil }])
    try host.dispatcher.register(StrictConnector())
    Self.entry(on: host).receive(.willConnect, scene: Scene("main"), session: "session")
    let errors = host.errors.withLock { $0 }
    #expect(errors.count == 1)
    #expect(errors.first?.contains("StrictConnector") == true, "\(errors)")
  }

  /// Takes the connection's options as never `nil`, which the entry point cannot give.
  struct StrictConnector: DispatchService {
    var handlers: HandlerTable {
      on(SwiftUIEntryTests.willConnect) { (_: AnyObject, _: String, _: NSObject) in }
    }
  }

  @Test func aRepeatedNotificationGivesNothing() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let main = Scene("main")
    for notification in [
      SwiftUIEntry.SceneNotification.willConnect, .willConnect, .willEnterForeground,
      .willEnterForeground, .didActivate, .didActivate,
    ] {
      entry.receive(notification, scene: main, session: "session")
    }
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) main session nil connecting", "\(Self.enter) main",
        "\(Self.become) main",
      ])
  }

  @Test func aMissedNotificationsEventIsSynthesizedBeforeTheNextOnesInUIKitsOrder() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let main = Scene("main")
    entry.receive(.didActivate, scene: main, session: "session")  // unknown, in the background
    entry.receive(.didEnterBackground, scene: main, session: "session")  // from active
    entry.receive(.willDeactivate, scene: main, session: "session")  // from the background
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) main session nil connecting", "\(Self.enter) main",
        "\(Self.become) main", "\(Self.resign) main", "\(Self.leave) main",
        "\(Self.enter) main", "\(Self.become) main", "\(Self.resign) main",
      ], "each notification's own event comes last, after the steps it implies")
  }

  @Test func aSceneIsSentToTheBackgroundBeforeItDisconnectsAndAnUnknownOneGivesNothing() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let (main, unknown) = (Scene("main"), Scene("unknown"))
    entry.replay([.init(scene: main, session: "session", phase: .active)])
    seen.withLock { $0.removeAll() }
    entry.receive(.didDisconnect, scene: main, session: "session")
    entry.receive(.didDisconnect, scene: main, session: "session")
    entry.receive(.didDisconnect, scene: unknown, session: "session")
    #expect(
      seen.withLock { $0 } == [
        "\(Self.resign) main", "\(Self.leave) main", "\(Self.disconnect) main",
      ])
  }

  /// A disconnected scene stays known as disconnected: a later notification or view of it gives
  /// nothing. Before, it counted as a first meeting, and the scene connected a second time,
  /// with what its services kept for it in `PerScene` never released again.
  @Test func aDisconnectedSceneGetsNoFurtherEventAndIsNotConnectedAgain() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let main = Scene("main")
    entry.receive(.didActivate, scene: main, session: "session")
    entry.receive(.didDisconnect, scene: main, session: "session")
    seen.withLock { $0.removeAll() }
    for notification in SwiftUIEntry.SceneNotification.allCases {
      entry.receive(notification, scene: main, session: "session")
    }
    entry.replay([.init(scene: main, session: "session", phase: .active)])
    #expect(seen.withLock { $0 }.isEmpty)
    #expect(!entry.knows(main))
  }

  /// What is kept of disconnected scenes is bounded: a scene UIKit released is forgotten at the
  /// next connection, so 100 scenes that connect and disconnect in turn leave two records.
  @Test func disconnectedScenesAreForgottenOnceReleased() throws {
    let entry = Self.entry(on: Host())
    for index in 0..<100 {
      let scene = Scene("scene \(index)")
      entry.receive(.willConnect, scene: scene, session: "session")
      entry.receive(.didDisconnect, scene: scene, session: "session")
    }
    #expect(entry.recordedScenes <= 2)
  }

  /// A handler of a step of a change of phase that makes the entry point receive the scene's
  /// disconnection: the disconnection takes the scene on from that step, and the rest of the
  /// change is not sent. Before, `sceneDidEnterBackground:` went out after
  /// `sceneDidDisconnect:`.
  @Test func noEventFollowsADisconnectionThatAHandlerCaused() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let main = Scene("main")
    try host.dispatcher.register(
      service: "closer",
      handlers: [
        // Weakly: the entry holds the dispatcher, which holds this handler.
        Self.resign: { [weak entry] params in
          MainActor.assumeIsolated {
            entry?.receive(.didDisconnect, scene: params[0] as AnyObject, session: "session")
          }
          return nil
        }
      ])
    entry.receive(.didActivate, scene: main, session: "session")
    seen.withLock { $0.removeAll() }
    entry.receive(.didEnterBackground, scene: main, session: "session")
    #expect(
      seen.withLock { $0 } == [
        "\(Self.resign) main", "\(Self.leave) main", "\(Self.disconnect) main",
      ])
    #expect(!entry.knows(main))
  }

  @Test func aSceneAtTheAddressOfOneReleasedWithoutDisconnectingIsANewScene() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    var released: Scene? = Scene("released")
    entry.replay([.init(scene: try #require(released), session: "session", phase: .active)])
    let address = ObjectIdentifier(try #require(released))
    released = nil  // UIKit let it go with no disconnection
    let scene = Scene("new")
    // The allocator gives the freed address to the next object of its size, except under
    // AddressSanitizer, which holds freed memory back: then there is nothing to tell apart.
    guard ObjectIdentifier(scene) == address else { return }
    seen.withLock { $0.removeAll() }
    entry.receive(.didActivate, scene: scene, session: "session")
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) new session nil connecting", "\(Self.enter) new", "\(Self.become) new",
      ])
  }

  @Test func theDisconnectionDropsTheScenesStoredValuesAfterItsHandlersRan() throws {
    let host = Host()
    let entry = Self.entry(on: host)
    let main = Scene("main")
    let key = SceneStore.makeKey()
    let read = Locked<[String]>([])
    try host.dispatcher.register(
      service: "reader",
      handlers: [
        Self.disconnect: { params in
          let value = MainActor.assumeIsolated {
            SceneStore.value(of: key, for: params[0] as AnyObject).map { "\($0)" }
          }
          read.withLock { $0.append(value ?? "none") }
          return nil
        }
      ])
    entry.receive(.willConnect, scene: main, session: "session")
    SceneStore.set("coordinator", of: key, for: main)
    entry.receive(.didDisconnect, scene: main, session: "session")
    #expect(read.withLock { $0 } == ["coordinator"])
    #expect(SceneStore.value(of: key, for: main).map { "\($0)" } == nil)
  }

  @Test func aReplayConnectsEachUnknownSceneAndTakesItToItsPhaseOnce() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let (main, side, away) = (Scene("main"), Scene("side"), Scene("away"))
    entry.receive(.willConnect, scene: side, session: "side session")
    seen.withLock { $0.removeAll() }
    let connected: [SwiftUIEntry.ConnectedScene] = [
      .init(scene: main, session: "main session", phase: .active),
      .init(scene: side, session: "side session", phase: .active),
      .init(scene: away, session: "away session", phase: .background),
    ]
    entry.replay(connected)
    entry.replay(connected)
    // The notifications that were on their way when the views appeared.
    entry.receive(.willConnect, scene: main, session: "main session")
    entry.receive(.didActivate, scene: main, session: "main session")
    #expect(
      seen.withLock { $0 } == [
        "\(Self.willConnect) main main session nil connecting", "\(Self.enter) main",
        "\(Self.become) main", "\(Self.willConnect) away away session nil connecting",
      ], "the side scene was known already: its notifications keep it")
  }

  // MARK: URLs and activities

  @Test func aURLIsOneContextWithNoOptionsForTheViewsSceneAndAClaimIsReturned() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let entry = Self.entry(on: host)
    let main = Scene("main")
    let claimed = try [
      entry.open(#require(URL(string: "app://mine/entry/1")), in: main),
      entry.open(#require(URL(string: "app://theirs/entry/2")), in: main),
    ]
    #expect(claimed == [true, false])
    #expect(
      seen.withLock { $0 } == [
        "\(Self.openURLs) main [\"app://mine/entry/1 - false\"]",
        "\(Self.openURLs) main [\"app://theirs/entry/2 - false\"]",
      ])
  }

  @Test func anActivityIsForwardedWithTheViewsScene() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    Self.entry(on: host).continueActivity(Scene("activity"), in: Scene("main"))
    #expect(seen.withLock { $0 } == ["\(Self.activity) main activity"])
  }

  // MARK: The app

  @Test(arguments: zip(SwiftUIEntry.AppNotification.allCases, appSelectors))
  func anAppNotificationGivesItsSelectorWithTheApplication(
    notification: SwiftUIEntry.AppNotification, selector: String
  ) throws {
    let host = Host()
    let seen = try Self.record(on: host)
    Self.entry(on: host).receive(notification, application: Scene("app"))
    #expect(seen.withLock { $0 } == ["\(selector) app"])
  }

  @Test func theEndOfTheLaunchGivesTheLaunchEventWithItsOptions() throws {
    let host = Host()
    let seen = Locked<[String]>([])
    try host.dispatcher.register(
      service: "launch",
      handlers: [
        "application:didFinishLaunchingWithOptions:": { params in
          seen.withLock { $0.append("\(params[0]) \(params[1])") }
          return false
        }
      ])
    Self.entry(on: host).finishLaunching(Scene("app"), options: ["key": "value"])
    #expect(seen.withLock { $0 } == ["app [\"key\": \"value\"]"])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  @Test func theBackgroundSessionsEventReturnsWhenEveryServiceHasCompleted() async throws {
    let host = Host()
    let entry = Self.entry(on: host)
    let (called, completion) = AsyncStream.makeStream(of: String.self)
    let completions = Completions()
    try host.dispatcher.register(
      service: "downloads",
      handlers: [
        SwiftUIEntry.backgroundURLSession: { params in
          completions.keep(params[2])
          completion.yield("\(params[0]) \(params[1])")
          return nil
        }
      ])
    let returned = Locked(false)
    let task = Task { @MainActor in
      await entry.handleEventsForBackgroundURLSession("downloads", application: Scene("app"))
      returned.withLock { $0 = true }
    }
    var events = called.makeAsyncIterator()
    #expect(await events.next() == "app downloads")
    #expect(!returned.withLock { $0 }, "the service has not completed")
    #expect(completions.callAll() == 1)
    await task.value
    #expect(returned.withLock { $0 })
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  /// A service whose handler fails does not end the background session's wait while another
  /// still holds its completion: the failure is reported once that one has completed. On the
  /// main actor the order is deterministic: the test runs again only once the dispatch has
  /// suspended or ended. Before, the dispatch threw (and reported) at once, and SwiftUI would
  /// have ended the background task with the download's completion still held.
  @Test func theBackgroundSessionsWaitOutlastsAFailingServiceUntilTheOthersComplete()
    async throws
  {
    let host = Host()
    let entry = Self.entry(on: host)
    let (called, completion) = AsyncStream.makeStream(of: Void.self)
    let completions = Completions()
    try host.dispatcher.register(
      service: "failing", priority: 1,
      handlers: [
        SwiftUIEntry.backgroundURLSession: { _ in
          DispatchError.handlerFailed(
            selector: SwiftUIEntry.backgroundURLSession, service: nil, reason: "offline")
        }
      ])
    try host.dispatcher.register(
      service: "downloads",
      handlers: [
        SwiftUIEntry.backgroundURLSession: { params in
          completions.keep(params[2])
          completion.yield()
          return nil
        }
      ])
    let task = Task { @MainActor in
      await entry.handleEventsForBackgroundURLSession("downloads", application: Scene("app"))
    }
    var events = called.makeAsyncIterator()
    #expect(await events.next() != nil)
    #expect(host.errors.withLock { $0 }.isEmpty, "the dispatch still waits for downloads")
    #expect(completions.callAll() == 1)
    await task.value
    #expect(
      host.errors.withLock { $0 } == [
        "\(DispatchError.handlerFailed(selector: SwiftUIEntry.backgroundURLSession, service: "failing", reason: "offline"))"
      ])
  }

  @Test func theBackgroundSessionsEventReturnsAtOnceWhenItsTaskIsCancelled() async throws {
    let host = Host()
    let entry = Self.entry(on: host)
    let (called, completion) = AsyncStream.makeStream(of: Void.self)
    let completions = Completions()
    try host.dispatcher.register(
      service: "downloads",
      handlers: [
        SwiftUIEntry.backgroundURLSession: { params in
          completions.keep(params[2])  // completes after the wait ended
          completion.yield()
          return nil
        }
      ])
    let task = Task { @MainActor in
      await entry.handleEventsForBackgroundURLSession("downloads", application: Scene("app"))
    }
    var events = called.makeAsyncIterator()
    _ = await events.next()
    task.cancel()
    await task.value
    #expect(host.errors.withLock { $0 }.isEmpty, "the expiry is not an error")
    #expect(completions.callAll() == 1, "a completion after the wait is accepted")
    host.clock.advance(by: .seconds(26))  // past the deadline: the join ends, whatever it holds
  }

  /// The services' completions, kept to be called later.
  final class Completions: @unchecked Sendable {
    /// A completion, which the dispatcher's join calls from any thread.
    struct Kept: @unchecked Sendable { let call: () -> Void }
    private let kept = Locked<[Kept]>([])

    func keep(_ completion: Any) {
      guard let completion = completion as? () -> Void else { return }
      kept.withLock { $0.append(Kept(call: completion)) }
    }

    /// Calls each, and returns how many there were.
    func callAll() -> Int {
      let all = kept.withLock { $0 }
      for completion in all { completion.call() }
      return all.count
    }
  }

  /// The event's handlers run in the background task's own task: cancelled (its expiry), the
  /// running handler sees it, no further handler starts, and the event returns when that handler
  /// does. Before, they ran in a task made for the dispatch, which the event left running.
  @Test func cancelledWhileAnAsyncHandlerRunsTheBackgroundSessionsEventEndsWhenItReturns()
    async throws
  {
    let host = Host()
    let entry = Self.entry(on: host)
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let gate = Locked<CheckedContinuation<Void, Never>?>(nil)
    let log = Locked<[String]>([])
    let backgroundTask = Locked<Int?>(nil)
    let release: @Sendable () -> Void = {
      gate.withLock { gate in
        defer { gate = nil }
        return gate
      }?.resume()
    }
    try host.dispatcher.register(
      service: "downloads", priority: 1,
      asyncHandlers: [
        SwiftUIEntry.backgroundURLSession: { _ in
          let task = withUnsafeCurrentTask { $0?.hashValue }
          log.withLock { $0.append("in the task: \(task == backgroundTask.withLock { $0 })") }
          // Waits until its task is cancelled.
          await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
              gate.withLock { $0 = continuation }
              start.yield()
            }
          } onCancel: {
            release()
          }
          log.withLock { $0.append("downloads, cancelled: \(Task.isCancelled)") }
          return nil
        }
      ])
    try host.dispatcher.register(
      service: "later",
      asyncHandlers: [
        SwiftUIEntry.backgroundURLSession: { _ in
          log.withLock { $0.append("later") }
          return nil
        }
      ])
    let task = Task { @MainActor in
      backgroundTask.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
      await entry.handleEventsForBackgroundURLSession("downloads", application: Scene("app"))
      log.withLock { $0.append("returned") }
    }
    var events = started.makeAsyncIterator()
    _ = await events.next()
    // A bound, not a wait: a handler that does not see the cancellation would hang the test,
    // so it is released after 10 seconds, and the test then fails.
    let bound = Task {
      guard (try? await Task.sleep(for: .seconds(10))) != nil else { return }
      release()
    }
    task.cancel()
    await task.value
    bound.cancel()
    #expect(
      log.withLock { $0 } == ["in the task: true", "downloads, cancelled: true", "returned"])
    #expect(host.errors.withLock { $0 }.isEmpty, "the expiry is not an error")
  }

  // MARK: Two ways in

  @Test(arguments: [
    Diagnostic.twoEntryPoints(appDelegate: "Shop.AppDelegate"), .dispatchingServicesMadeTwice,
  ])
  func besideAnotherEntryPointNothingIsDispatchedAndOneDiagnosticSaysWhy(other: Diagnostic)
    async throws
  {
    let host = Host()
    let seen = try Self.record(on: host)
    try host.dispatcher.register(service: "push", handlers: [Self.pushToken: { _ in nil }])
    let asked = Locked(0)
    let entry = Self.entry(on: host, other: other, asked: asked)
    let main = Scene("main")
    entry.finishLaunching(Scene("app"), options: Optional<[String: Any]>.none as Any)
    for notification in SwiftUIEntry.SceneNotification.allCases {
      entry.receive(notification, scene: main, session: "session")
    }
    entry.replay([.init(scene: main, session: "session", phase: .active)])
    #expect(try !entry.open(#require(URL(string: "app://mine/1")), in: main))
    entry.continueActivity(Scene("activity"), in: main)
    for notification in SwiftUIEntry.AppNotification.allCases {
      entry.receive(notification, application: Scene("app"))
    }
    await entry.handleEventsForBackgroundURLSession("downloads", application: Scene("app"))
    #expect(seen.withLock { $0 }.isEmpty)
    #expect(host.diagnostics.entries == [other], "the push handler is the other entry point's")
    #expect(asked.withLock { $0 } == 1)
  }

  @Test func aSecondEventAsksNoMore() throws {
    let host = Host()
    let seen = try Self.record(on: host)
    let asked = Locked(0)
    let entry = Self.entry(on: host, asked: asked)
    entry.receive(.didReceiveMemoryWarning, application: Scene("app"))
    entry.receive(.didReceiveMemoryWarning, application: Scene("app"))
    #expect(seen.withLock { $0 }.count == 2)
    #expect(asked.withLock { $0 } == 1)
  }

  // MARK: What has no source

  @Test func aHandlerOfASelectorWithNoSwiftUISourceIsReportedAtTheFirstEvent() throws {
    let host = Host()
    _ = try Self.record(on: host)
    try host.dispatcher.register(
      service: "push",
      handlers: [
        Self.pushToken: { _ in nil }, "applicationDidBecomeActive:": { _ in nil },
        "sceneDidBecomeActive:": { _ in nil },
      ])
    host.diagnostics.removeAll()  // the deprecated selector's, at registration
    let entry = Self.entry(on: host)
    #expect(host.diagnostics.entries.isEmpty, "nothing is reported before the first event")
    entry.receive(.didReceiveMemoryWarning, application: Scene("app"))
    entry.receive(.didReceiveMemoryWarning, application: Scene("app"))
    let reported = host.diagnostics.entries.compactMap { diagnostic -> String? in
      guard case .notDispatched(let selector, let service, let reason) = diagnostic else {
        return nil
      }
      return "\(service) \(selector): \(reason)"
    }
    #expect(
      reported
        == [
          "push \(Self.pushToken): a SwiftUI app has no source for it, so the SwiftUI entry point "
            + "(dispatching(to:)) does not dispatch it; the UIKit adapter does: install a "
            + "DispatchingAppDelegate subclass with @UIApplicationDelegateAdaptor, in place of "
            + "DispatchingServices",
          "push applicationDidBecomeActive:: UIKit does not call it in a scene-based app, which a "
            + "SwiftUI app is; handle sceneDidBecomeActive:, which the SwiftUI entry point "
            + "dispatches, instead",
        ].sorted(), "the recorder's selectors all have a source, and each is reported once")
    #expect(host.diagnostics.entries.count == 2)
  }

  @Test func everySelectorItDispatchesIsUIKits() {
    for selector in SwiftUIEntry.dispatched {
      #expect(DelegateMethod.vocabulary[selector: selector] != nil, "\(selector)")
    }
    #expect(SwiftUIEntry.dispatched.count == 15)
    #expect(SwiftUIEntry.dispatched.contains(Self.willConnect))
  }
}

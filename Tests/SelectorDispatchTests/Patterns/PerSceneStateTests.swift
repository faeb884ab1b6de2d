import SelectorDispatch
import SelectorDispatchTesting
import Testing

/// A service that keeps state per scene, keyed by the scene's identity, and
/// releases it when the scene disconnects.
@Suite struct PerSceneStateTests {
  /// Counts each scene's activations.
  final class Activations: DispatchService, Sendable {
    final class SceneState {
      var count = 0
    }

    let scenes = Locked<[ObjectIdentifier: SceneState]>([:])
    var name: String { "activations" }

    func state(of scene: AnyObject) -> SceneState? {
      scenes.withLockUnchecked { $0[ObjectIdentifier(scene)] }
    }

    var handlers: HandlerTable {
      HandlerTable([
        TypedHandler("scene:willConnectToSession:options:") {
          [scenes] (scene: AnyObject, _: Any, _: Any) in
          scenes.withLock { $0[ObjectIdentifier(scene)] = SceneState() }
        },
        TypedHandler("sceneDidBecomeActive:") { [scenes] (scene: AnyObject) in
          scenes.withLock { $0[ObjectIdentifier(scene)]?.count += 1 }
        },
        TypedHandler("sceneDidDisconnect:") { [scenes] (scene: AnyObject) in
          _ = scenes.withLockUnchecked { $0.removeValue(forKey: ObjectIdentifier(scene)) }
        },
      ])
    }
  }

  func injector() throws -> (EventInjector, Activations) {
    let injector = EventInjector(
      vocabulary: try Vocabulary.applicationDelegate.merging(.sceneDelegate))
    let service = Activations()
    try injector.dispatcher.register(service)
    return (injector, service)
  }

  func event(_ selector: String, _ params: String) -> String {
    #"{"selector": "\#(selector)", "params": [\#(params)]}"#
  }

  @Test func eachSceneEventReachesTheServiceOnceWithItsScene() throws {
    let (injector, service) = try injector()
    for name in ["left", "right"] {
      _ = try injector.inject(
        json: event("scene:willConnectToSession:options:", #""\#(name)", "s", {}"#)
      )
      .get()
    }
    for name in ["left", "right", "left"] {
      let trace = try injector.inject(json: event("sceneDidBecomeActive:", #""\#(name)""#)).get()
      #expect(trace.scene == name)
      #expect(trace.calls.map(\.service) == ["activations"], "once per scene event")
      #expect(trace.params.first as AnyObject === injector.scene(name))
    }
    #expect(service.state(of: injector.scene("left"))?.count == 2)
    #expect(service.state(of: injector.scene("right"))?.count == 1)
    #expect(injector.scene("left") !== injector.scene("right"))
  }

  @Test func disconnectingASceneReleasesItsStateAndOnlyItsState() throws {
    let (injector, service) = try injector()
    let left = injector.scene("left")
    let right = injector.scene("right")
    _ = injector.inject("scene:willConnectToSession:options:", left, "s1", "options")
    _ = injector.inject("scene:willConnectToSession:options:", right, "s2", "options")
    _ = injector.inject("sceneDidBecomeActive:", right)
    weak let released = service.state(of: left)
    #expect(released != nil)

    let trace = injector.inject("sceneDidDisconnect:", left)
    #expect(trace.calls.map(\.service) == ["activations"])
    #expect(service.state(of: left) == nil)
    #expect(released == nil, "nothing else holds the disconnected scene's state")
    #expect(service.state(of: right)?.count == 1, "the other scene keeps its state")
    #expect(service.scenes.withLock { $0.count } == 1)

    _ = injector.inject("sceneDidDisconnect:", right)
    #expect(service.scenes.withLock { $0.isEmpty })
  }

  /// The injector lets go of a scene once it has disconnected, as UIKit does, so that a
  /// replay holds only the scenes connected at once; the name's next event is a new
  /// scene, and a late disconnect of the old one leaves the new one alone. Before, every
  /// scene name was kept for the whole run: 64 names of 4 MiB took 303 MB.
  @Test func aDisconnectedSceneIsReleasedAndItsNameConnectsANewOne() throws {
    let (injector, _) = try injector()
    let right = injector.scene("right")
    weak var disconnected: EventInjector.StandIn?
    do {
      let left = injector.scene("left")
      disconnected = left
      _ = try injector.inject(json: event("sceneDidDisconnect:", #""left""#)).get()
    }
    #expect(disconnected == nil, "nothing holds the disconnected scene")
    #expect(injector.scene("right") === right, "the other scene is still the same one")

    let old = injector.scene("again")
    _ = injector.inject("sceneDidDisconnect:", old)
    let new = injector.scene("again")
    #expect(new !== old)
    _ = injector.inject("sceneDidDisconnect:", old)
    #expect(injector.scene("again") === new, "a late disconnect of the old scene")
  }

  /// A scene's name in a log is at most `maximumSceneNameLength` bytes; a longer one is an
  /// error at its column, and no service sees the event.
  @Test func aSceneNameLongerThanTheLimitIsRefusedAtItsColumn() throws {
    let (injector, service) = try injector()
    let longest = String(repeating: "n", count: EventInjector.maximumSceneNameLength)
    let trace = try injector.inject(json: event("sceneDidBecomeActive:", "\"\(longest)\"")).get()
    #expect(trace.scene == longest)

    let line = event("sceneDidBecomeActive:", "\"\(longest)n\"")
    guard case .failure(let problem) = injector.inject(json: line) else {
      Issue.record("a name of \(longest.utf8.count + 1) bytes was dispatched")
      return
    }
    let column = try #require(line.range(of: "\"n")).lowerBound.utf16Offset(in: line) + 1
    #expect(problem.column == column)
    #expect(
      problem.message.hasPrefix(
        "argument 0 of `sceneDidBecomeActive:` must be a scene's name of at most 1024 bytes, "
          + "but the event has a name of 1025 bytes, \"nnn"))
    #expect(service.scenes.withLock { $0.isEmpty }, "no service saw either scene connect")
  }
}

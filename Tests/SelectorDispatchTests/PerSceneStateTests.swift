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
}

import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatchUIKit

/// The rule behind `PerScene`: a value per scene and store, kept until the
/// scene disconnects, released after the services' disconnect handlers ran.
@MainActor @Suite struct SceneStoreTests {
  /// A scene, as far as the store can tell.
  final class Scene: Sendable {}

  /// `sceneDidDisconnect:`, for these scenes.
  static let disconnect = ForwardedEvent<(Scene) -> Void>("sceneDidDisconnect:")

  /// A value that counts how many of its kind are alive.
  final class Coordinator: Sendable {
    static let alive = Locked(0)
    let name: String
    init(_ name: String) {
      self.name = name
      Self.alive.withLock { $0 += 1 }
    }
    deinit { Self.alive.withLock { $0 -= 1 } }
  }

  @Test func eachStoreKeepsOneValuePerSceneUntilTheSceneDisconnects() throws {
    let (coordinators, titles) = (SceneStore.makeKey(), SceneStore.makeKey())
    let (main, second) = (Scene(), Scene())
    SceneStore.set(Coordinator("main"), of: coordinators, for: main)
    SceneStore.set(Coordinator("second"), of: coordinators, for: second)
    SceneStore.set("Inbox", of: titles, for: main)
    #expect((SceneStore.value(of: coordinators, for: main) as? Coordinator)?.name == "main")
    #expect((SceneStore.value(of: coordinators, for: second) as? Coordinator)?.name == "second")
    #expect(SceneStore.value(of: titles, for: main) as? String == "Inbox")
    #expect(SceneStore.value(of: titles, for: second) == nil, "another store's value")

    let forwarder = DelegateForwarder(dispatcher: Dispatcher()) { _ in }
    let seen = Locked<[String]>([])
    try forwarder.dispatcher.register(
      service: "navigation",
      handlers: [
        "sceneDidDisconnect:": { params in
          // Still there while the services handle the disconnection.
          let name = MainActor.assumeIsolated {
            (SceneStore.value(of: coordinators, for: params[0] as AnyObject) as? Coordinator)?
              .name
          }
          seen.withLock { $0.append(name ?? "nothing") }
          return nil
        }
      ])
    let aliveBefore = Coordinator.alive.withLock { $0 }
    DelegateForwarder.disconnect(main, by: Self.disconnect, from: forwarder)
    #expect(seen.withLock { $0 } == ["main"])
    #expect(SceneStore.value(of: coordinators, for: main) == nil)
    #expect(SceneStore.value(of: titles, for: main) == nil)
    #expect(Coordinator.alive.withLock { $0 } == aliveBefore - 1, "released at once")
    #expect((SceneStore.value(of: coordinators, for: second) as? Coordinator)?.name == "second")

    // Without a forwarder (an app without a DispatchingAppDelegate), the
    // scene's values are released all the same.
    DelegateForwarder.disconnect(second, by: Self.disconnect, from: nil)
    #expect(SceneStore.value(of: coordinators, for: second) == nil)
    #expect(Coordinator.alive.withLock { $0 } == aliveBefore - 2)
  }

  @Test func settingNilDropsOneValueAndAGoneSceneIsNeverReadForAnother() {
    let key = SceneStore.makeKey()
    let kept = Scene()
    SceneStore.set("a", of: key, for: kept)
    SceneStore.set(nil, of: key, for: kept)
    #expect(SceneStore.value(of: key, for: kept) == nil)

    // A scene that went away without disconnecting: its entry is dropped
    // when a value is next set for another scene, and a new scene at the
    // same address never reads it.
    var gone: Scene? = Scene()
    SceneStore.set(Coordinator("gone"), of: key, for: gone!)
    let aliveBefore = Coordinator.alive.withLock { $0 }
    gone = nil
    let newcomer = Scene()
    SceneStore.set("new", of: key, for: newcomer)
    #expect(Coordinator.alive.withLock { $0 } == aliveBefore - 1)
    #expect(SceneStore.value(of: key, for: newcomer) as? String == "new")
    DelegateForwarder.disconnect(newcomer, by: Self.disconnect, from: nil)
    DelegateForwarder.disconnect(kept, by: Self.disconnect, from: nil)
  }

  /// A value whose `deinit` uses the store: released after the store has
  /// changed, so there is no overlapping access.
  final class Reentrant {
    let key: UInt64
    let scene: Scene
    init(key: UInt64, scene: Scene) { (self.key, self.scene) = (key, scene) }
    deinit {
      let (key, scene) = (key, scene)
      MainActor.assumeIsolated { SceneStore.set("after", of: key, for: scene) }
    }
  }

  @Test func aValuesDeinitMayUseTheStore() {
    let key = SceneStore.makeKey()
    let (scene, other) = (Scene(), Scene())
    SceneStore.set(Reentrant(key: key, scene: other), of: key, for: scene)
    SceneStore.set("replaced", of: key, for: scene)
    #expect(SceneStore.value(of: key, for: other) as? String == "after")
    SceneStore.set(Reentrant(key: SceneStore.makeKey(), scene: other), of: key, for: scene)
    // A scene that went away without disconnecting, whose value's `deinit` runs when the next
    // scene's first value is set: its write is kept, not overwritten by that first value.
    let newcomer = Scene()
    var gone: Scene? = Scene()
    let late = SceneStore.makeKey()
    SceneStore.set(Reentrant(key: late, scene: newcomer), of: key, for: gone!)
    gone = nil
    SceneStore.set("first", of: key, for: newcomer)
    #expect(SceneStore.value(of: late, for: newcomer) as? String == "after")
    #expect(SceneStore.value(of: key, for: newcomer) as? String == "first")
    DelegateForwarder.disconnect(newcomer, by: Self.disconnect, from: nil)
    DelegateForwarder.disconnect(scene, by: Self.disconnect, from: nil)
    DelegateForwarder.disconnect(other, by: Self.disconnect, from: nil)
    #expect(SceneStore.value(of: key, for: other) == nil)
  }
}

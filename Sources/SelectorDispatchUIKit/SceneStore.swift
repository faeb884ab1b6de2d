import SelectorDispatch

/// The values services keep per scene, by scene and by key, until the scene
/// disconnects: the rule behind `PerScene`, compiled everywhere so that it
/// is tested on Linux.
///
/// A scene is found by identity, and held weakly: an entry whose scene has
/// gone (a scene that never disconnected) is dropped when a scene's first
/// value is set, and never read for a new scene at the same address.
/// ``release(_:)`` drops every value of a scene; `DispatchingSceneDelegate`
/// calls it once the services' `sceneDidDisconnect:` handlers have run, so
/// that they can still read what they kept.
@MainActor
enum SceneStore {
  private struct Entry {
    weak var scene: AnyObject?
    var values: [UInt64: Any]
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]

  private nonisolated static let lastKey = Locked<UInt64>(0)

  /// A key no other store has had, on any actor: a number rather than an
  /// object's identity, which a later object could reuse.
  nonisolated static func makeKey() -> UInt64 {
    lastKey.withLock { last in
      last += 1
      return last
    }
  }

  /// The value `key` keeps for `scene`, or `nil`.
  static func value(of key: UInt64, for scene: AnyObject) -> Any? {
    guard let entry = entries[ObjectIdentifier(scene)], entry.scene === scene else { return nil }
    return entry.values[key]
  }

  /// Keeps `value` for `scene` under `key` until the scene disconnects;
  /// `nil` removes it.
  ///
  /// A value replaced or dropped is released after the store has changed,
  /// so its `deinit` may use the store.
  static func set(_ value: Any?, of key: UInt64, for scene: AnyObject) {
    let identity = ObjectIdentifier(scene)
    var dropped: [Any] = []
    defer { withExtendedLifetime(dropped) {} }
    if entries[identity].map({ $0.scene !== scene }) ?? true {
      // A new scene: drop the entries of scenes that went away without
      // disconnecting, and any stale entry at this address.
      let previous = entries
      entries = previous.filter { $0.value.scene != nil && $0.key != identity }
      dropped.append(previous)
      guard let value else { return }
      entries[identity] = Entry(scene: scene, values: [key: value])
      return
    }
    if let value {
      dropped.append(entries[identity]?.values.updateValue(value, forKey: key) as Any)
    } else {
      dropped.append(entries[identity]?.values.removeValue(forKey: key) as Any)
    }
  }

  /// Drops every value kept for `scene`, releasing them after the store has
  /// changed.
  static func release(_ scene: AnyObject) {
    let dropped = entries.removeValue(forKey: ObjectIdentifier(scene))
    withExtendedLifetime(dropped) {}
  }
}

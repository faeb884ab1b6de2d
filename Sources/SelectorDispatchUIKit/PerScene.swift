#if os(iOS)
  import UIKit

  /// State a service keeps for each scene, released when the scene
  /// disconnects: no `sceneDidDisconnect:` handler needed, and no property
  /// on a scene delegate of the app's own.
  ///
  /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
  /// ```swift
  /// struct Navigation: DispatchService {
  ///   let coordinators = PerScene<Coordinator>()
  ///   var handlers: HandlerTable {
  ///     on(.sceneWillConnect) { scene, session, options in
  ///       guard let window = scene.dispatchingDelegate?.window else { return }
  ///       coordinators[scene] = Coordinator(window: window)
  ///     }
  ///     on(.sceneContinueUserActivity) { scene, activity in coordinators[scene]?.open(activity) }
  ///   }
  /// }
  /// ```
  ///
  /// A value set for a scene is kept until the scene disconnects: the
  /// scene's ``DispatchingSceneDelegate`` drops it once the services'
  /// `sceneDidDisconnect:` handlers have run, so that they can still read
  /// it. Services that share one `PerScene` (one instance passed to each)
  /// share its values; two instances keep their values apart.
  ///
  /// The services' handlers reach a scene's window through
  /// `scene.dispatchingDelegate`, which is `nil` for a scene whose delegate
  /// is not a ``DispatchingSceneDelegate`` (SwiftUI's, in a SwiftUI app that
  /// keeps its windows itself).
  ///
  /// On the main actor, where UIKit's scene events run. Scenes whose
  /// delegate is not a ``DispatchingSceneDelegate`` (see
  /// `Diagnostic.sceneDelegateNotDispatching`) do not release their values
  /// when they disconnect; set them to `nil` there.
  @MainActor
  public final class PerScene<Value> {
    /// Creates an empty store, on any actor (as a service's stored property,
    /// say).
    public nonisolated init() {}

    /// The store's key for this instance's values.
    private nonisolated let key = SceneStore.makeKey()

    /// The value kept for `scene`, or `nil`; setting it keeps it until the
    /// scene disconnects, and setting `nil` drops it now.
    ///
    /// - Parameter scene: The scene, as a scene event passes it.
    public subscript(scene: UIScene) -> Value? {
      get { SceneStore.value(of: key, for: scene) as? Value }
      set { SceneStore.set(newValue, of: key, for: scene) }
    }
  }
#endif

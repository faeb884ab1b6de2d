/// The scene events that take a scene from one phase to another: the rule
/// that turns SwiftUI's `scenePhase` and UIKit's scene notifications into
/// ``Vocabulary/sceneDelegate``'s events.
///
/// A phase is what SwiftUI's `ScenePhase` names and what UIKit's activation
/// states come to: in the background, in the foreground but inactive, or
/// active. UIKit sends one event per step between neighbouring phases:
///
/// | from | to | event |
/// |---|---|---|
/// | background | inactive | `sceneWillEnterForeground:` |
/// | inactive | active | `sceneDidBecomeActive:` |
/// | active | inactive | `sceneWillResignActive:` |
/// | inactive | background | `sceneDidEnterBackground:` |
///
/// A source that coalesces two steps into one change, as `scenePhase` may
/// (`active` straight to `background`), or that missed one, gets the
/// missing step synthesized, in UIKit's order: `active` to `background` is
/// `sceneWillResignActive:` then `sceneDidEnterBackground:`, and
/// `background` to `active` is `sceneWillEnterForeground:` then
/// `sceneDidBecomeActive:`. A "will" event and a "did" event are never one.
package enum ScenePhaseTransition {
  /// A scene's phase.
  package enum Phase: Sendable, Equatable, CaseIterable {
    /// In the background: connected, not on screen (or just connected).
    case background
    /// On screen, not receiving events.
    case inactive
    /// On screen and receiving events.
    case active
  }

  /// `sceneWillEnterForeground:`.
  package static let willEnterForeground = "sceneWillEnterForeground:"
  /// `sceneDidBecomeActive:`.
  package static let didBecomeActive = "sceneDidBecomeActive:"
  /// `sceneWillResignActive:`.
  package static let willResignActive = "sceneWillResignActive:"
  /// `sceneDidEnterBackground:`.
  package static let didEnterBackground = "sceneDidEnterBackground:"

  /// The scene events, in order, that take a scene from `old` to `new`:
  /// none when they are the same phase, one for neighbouring phases, and
  /// two, the missing one synthesized, between `background` and `active`.
  ///
  /// - Parameters:
  ///   - old: The phase the scene's services last heard of.
  ///   - new: The phase it has now.
  /// - Returns: The selectors of ``Vocabulary/sceneDelegate`` to dispatch,
  ///   each with the scene as its one argument.
  package static func selectors(from old: Phase, to new: Phase) -> [String] {
    switch (old, new) {
    case (.background, .background), (.inactive, .inactive), (.active, .active): []
    case (.background, .inactive): [willEnterForeground]
    case (.background, .active): [willEnterForeground, didBecomeActive]
    case (.inactive, .active): [didBecomeActive]
    case (.active, .inactive): [willResignActive]
    case (.active, .background): [willResignActive, didEnterBackground]
    case (.inactive, .background): [didEnterBackground]
    }
  }
}

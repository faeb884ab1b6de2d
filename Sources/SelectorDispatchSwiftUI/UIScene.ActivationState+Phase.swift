#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatch
  import UIKit

  extension UIScene.ActivationState {
    /// The phase the state comes to: a scene not yet attached is in the
    /// background.
    var phase: ScenePhaseTransition.Phase {
      switch self {
      case .foregroundActive: .active
      case .foregroundInactive: .inactive
      case .background, .unattached: .background
      @unknown default: .background
      }
    }
  }
#endif

#if os(iOS) && !targetEnvironment(macCatalyst)
  import SwiftUI
  import UIKit

  /// The window scene a view is shown in, known once the view is in a
  /// window: what the view's URLs and user activities are dispatched with.
  ///
  /// SwiftUI gives a view no `UIWindowScene`; a `UIView` in its background
  /// (``SceneReader``) finds it when it moves to a window. What arrives
  /// before that waits for it, in order, so that nothing is lost.
  @MainActor
  final class SceneAnchor {
    /// The scene, once known.
    private(set) weak var scene: UIWindowScene?
    /// What waits for the scene.
    private var waiting: [(UIWindowScene) -> Void] = []

    /// Runs `body` with the scene: at once when it is known, else when it
    /// is.
    func withScene(_ body: @escaping (UIWindowScene) -> Void) {
      if let scene { body(scene) } else { waiting.append(body) }
    }

    /// Records the view's scene, and runs what waited for it.
    func attach(_ scene: UIWindowScene) {
      self.scene = scene
      let ready = waiting
      waiting = []
      for body in ready { body(scene) }
    }
  }

  /// An empty, hidden view that reports its window's scene each time it
  /// moves to a window.
  struct SceneReader: UIViewRepresentable {
    /// Receives the scene.
    let found: (UIWindowScene) -> Void

    func makeUIView(context: Context) -> ReaderView { ReaderView(found: found) }

    func updateUIView(_ view: ReaderView, context: Context) {}

    /// The `UIView` that reads its window's scene.
    final class ReaderView: UIView {
      private let found: (UIWindowScene) -> Void

      init(found: @escaping (UIWindowScene) -> Void) {
        self.found = found
        super.init(frame: .zero)
        isHidden = true
        isUserInteractionEnabled = false
      }

      /// Not made from an archive: SwiftUI makes it in code.
      required init?(coder: NSCoder) { nil }

      override func didMoveToWindow() {
        super.didMoveToWindow()
        if let scene = window?.windowScene { found(scene) }
      }
    }
  }
#endif

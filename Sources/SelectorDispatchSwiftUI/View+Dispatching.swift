#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatchUIKit
  import SwiftUI
  import UIKit

  extension View {
    /// Feeds `services` the events of the window this view is shown in and
    /// of the app: apply it once, to the root view of the window group.
    ///
    /// <!-- snippet: not compiled -- SwiftUI; the Apple SDK step compiles Examples/SwiftUIEntryExample, an app of this shape -->
    /// ```swift
    /// WindowGroup { ContentView().dispatching(to: services) }
    /// ```
    ///
    /// When the view first appears in a window, the services hear of every
    /// connected scene they did not know of yet, as connected and in its
    /// phase (see ``DispatchingServices``). The URLs the view is asked to
    /// open (`onOpenURL`) reach them as `scene:openURLContexts:`, and the
    /// user activities of the types Info.plist's `NSUserActivityTypes`
    /// lists (`onContinueUserActivity`) as `scene:continueUserActivity:`,
    /// each with the view's `UIWindowScene`; a universal link reaches
    /// `onOpenURL`, so it is a `scene:openURLContexts:` too. Scene and app
    /// events come from
    /// UIKit's notifications, once per scene and per app, however many
    /// windows apply the modifier.
    ///
    /// - Parameter services: The app's services.
    /// - Returns: The view, feeding the services.
    public func dispatching(to services: DispatchingServices) -> some View {
      modifier(DispatchingModifier(services: services))
    }
  }

  /// What `dispatching(to:)` adds to a window's root view.
  struct DispatchingModifier: ViewModifier {
    let services: DispatchingServices
    @State private var anchor = SceneAnchor()

    func body(content: Content) -> some View {
      let (services, anchor, entry) = (services, anchor, services.entry)
      let view =
        content
        .background(
          SceneReader { scene in
            services.replayConnectedScenes(with: scene)
            anchor.attach(scene)
          }
        )
        .onOpenURL { url in anchor.withScene { entry.open(url, in: $0) } }
      // One `onContinueUserActivity` per type, read from Info.plist at run time: a list of
      // modifiers the compiler cannot type, hence `AnyView`, once per type and per window.
      return services.activityTypes.reduce(AnyView(view)) { view, type in
        AnyView(
          view.onContinueUserActivity(type) { activity in
            anchor.withScene { entry.continueActivity(activity, in: $0) }
          })
      }
    }
  }
#endif

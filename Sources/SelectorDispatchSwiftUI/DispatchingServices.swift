#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatch
  import SelectorDispatchUIKit
  import UIKit

  /// The services of a SwiftUI app that has no delegate, on one dispatcher,
  /// and the entry point that feeds them UIKit's events: the app makes it
  /// once and applies `dispatching(to:)` at the root of its
  /// window group.
  ///
  /// <!-- snippet: not compiled -- SwiftUI; the Apple SDK step compiles Examples/SwiftUIEntryExample, an app of this shape -->
  /// ```swift
  /// @main
  /// struct JournalApp: App {
  ///   let services = DispatchingServices([LaunchService(), LinkService()])
  ///
  ///   var body: some Scene {
  ///     WindowGroup { ContentView().dispatching(to: services) }
  ///       .backgroundTask(.urlSession) { await services.handleEventsForBackgroundURLSession($0) }
  ///   }
  /// }
  /// ```
  ///
  /// The services' handlers are keyed by the selectors of
  /// `Vocabulary.applicationDelegate` and `.sceneDelegate`, as for the UIKit
  /// adapter, so one service serves both. What reaches them:
  ///
  /// | source | event |
  /// |---|---|
  /// | `UIScene` notifications | `scene:willConnectToSession:options:`, `sceneWillEnterForeground:`, `sceneDidBecomeActive:`, `sceneWillResignActive:`, `sceneDidEnterBackground:`, `sceneDidDisconnect:` |
  /// | `onOpenURL` | `scene:openURLContexts:` |
  /// | `onContinueUserActivity`, for each type in Info.plist's `NSUserActivityTypes` | `scene:continueUserActivity:` |
  /// | `UIApplication.didFinishLaunchingNotification` | `application:didFinishLaunchingWithOptions:`, after launch: its answer vetoes nothing |
  /// | `UIApplication` notifications | `applicationDidReceiveMemoryWarning:`, `applicationSignificantTimeChange:`, `applicationWillTerminate:`, `applicationProtectedDataWillBecomeUnavailable:`, `applicationProtectedDataDidBecomeAvailable:` |
  /// | `.backgroundTask(.urlSession)` | `application:handleEventsForBackgroundURLSession:completionHandler:` |
  ///
  /// Each scene event comes once per scene, with the real `UIScene`, and
  /// each app event once per app, however many windows apply the modifier.
  /// A scene that connected before this object was made (when it is made
  /// later than the `App`) is replayed as connected when a view of it
  /// appears: its `scene:willConnectToSession:options:`, then the events
  /// that take it to its phase.
  ///
  /// **Connection options.** A connection's options are `nil`: UIKit gives
  /// `UIScene.ConnectionOptions` only to the scene's delegate (SwiftUI's),
  /// and they cannot be made. The URLs and user activities they carry reach
  /// the app as `onOpenURL` and `onContinueUserActivity`, which this entry
  /// point forwards; the quick action and the notification response a
  /// scene was opened with are lost. `.sceneWillConnect` takes the
  /// options as an Optional, so one handler serves this entry point and
  /// the UIKit adapter.
  ///
  /// **Universal links** reach `onOpenURL`, as URLs, so the services get
  /// them as `scene:openURLContexts:`, where under the UIKit adapter they
  /// are `scene:continueUserActivity:` with an `NSUserActivityTypeBrowsingWeb`
  /// activity.
  ///
  /// **What it cannot give.** UIKit's other delegate methods (push tokens,
  /// Home Screen quick actions, CloudKit shares, orientations, the
  /// notification centre's) have no SwiftUI source: a service's handler of
  /// one is reported at the first event (`Diagnostic.notDispatched`), with
  /// the UIKit adapter, installed with `@UIApplicationDelegateAdaptor`, as
  /// the way in; a handler of an app event that a scene-based app gets as a
  /// scene event (`applicationDidBecomeActive:`) is reported with the scene
  /// event to handle instead.
  ///
  /// **One entry point.** An app that installs both this and the adapter
  /// has its events forwarded by the adapter only: this entry point
  /// dispatches nothing and reports `Diagnostic.twoEntryPoints(appDelegate:)`.
  /// Of two `DispatchingServices` alive at once, the one whose first event
  /// came first feeds the services; the other dispatches nothing, and
  /// reports `Diagnostic.dispatchingServicesMadeTwice`. Make it once, as a
  /// stored property of the `App`.
  ///
  /// **Problems.** As with the adapter: a dispatch's error and the
  /// dispatcher's diagnostics are written with `NSLog`, prefixed
  /// `SelectorDispatch:`; set `dispatcher.diagnosticHandler` to receive
  /// the diagnostics instead. Services that cannot be registered, or an app
  /// selector that cannot be declared, stop the app when this object is
  /// made, with the dispatcher's error.
  ///
  /// Compiled for iOS and iPadOS; the module is empty on the other
  /// platforms, Mac Catalyst included (see PLATFORMS.md).
  @MainActor
  public final class DispatchingServices {
    /// The dispatcher the services are registered on, declaring
    /// `Vocabulary.applicationDelegate` merged with `.sceneDelegate` and the
    /// app's selectors: for the app's own events.
    public nonisolated let dispatcher: Dispatcher

    /// The entry point's rules.
    let entry: SwiftUIEntry

    /// The user activity types the app continues: Info.plist's
    /// `NSUserActivityTypes`.
    let activityTypes: [String]

    /// Observes UIKit's notifications for ``entry``, while this object
    /// lives.
    private let listener: NotificationListener

    /// The rules of the first `DispatchingServices` that dispatched, while
    /// it lives: a second one made meanwhile dispatches nothing.
    private static weak var first: SwiftUIEntry?

    /// Registers the services and starts observing UIKit's notifications.
    ///
    /// Make it once, as the `App` is made, before launch finishes and any
    /// scene connects: then the launch and each scene's events reach the
    /// services as UIKit sends them.
    ///
    /// - Parameters:
    ///   - services: The app's services.
    ///   - appSelectors: The app's own selectors, with their folds: events
    ///     its services handle beside UIKit's, which the app dispatches on
    ///     ``dispatcher``. A service's selector that neither UIKit's
    ///     vocabularies nor these declare is reported, usually a misspelt
    ///     one.
    ///   - appVocabulary: The app's own events with their whole
    ///     signatures, declared before `appSelectors`: those whose last
    ///     argument is a completion handler, which a completion event
    ///     handles. `nil` (the default) declares none.
    ///   - completionDeadline: How long the services' completion handlers
    ///     may take: 25 seconds by default. Keep it above zero and below the
    ///     30 seconds iOS gives background work: a deadline outside that
    ///     range is used as given, and written to the unified log.
    public init(
      _ services: [any DispatchService], appSelectors: [String: Fold] = [:],
      appVocabulary: Vocabulary? = nil,
      completionDeadline: Duration = .seconds(25)
    ) {
      let forwarder = DelegateForwarder(
        completionDeadline: completionDeadline, report: UIKitHost.failed)
      dispatcher = forwarder.dispatcher
      dispatcher.diagnosticHandler = UIKitHost.diagnostic
      forwarder.register(
        services, appVocabulary: appVocabulary, appSelectors: appSelectors, by: Self.self)
      entry = SwiftUIEntry(forwarder: forwarder) { entry in
        if let appDelegate = DispatchingAppDelegate.current {
          return .twoEntryPoints(appDelegate: String(reflecting: type(of: appDelegate)))
        }
        if let first = Self.first, first !== entry { return .dispatchingServicesMadeTwice }
        Self.first = entry
        return nil
      }
      activityTypes =
        Bundle.main.object(forInfoDictionaryKey: "NSUserActivityTypes") as? [String] ?? []
      listener = NotificationListener(entry: entry)
    }

    /// Dispatches
    /// `application:handleEventsForBackgroundURLSession:completionHandler:`
    /// and returns when every service has answered: the action of SwiftUI's
    /// `.backgroundTask(.urlSession)`, whose expiry cancels the task.
    ///
    /// An `async` handler answers by returning, with no limit but the
    /// task's; a handler with a completion handler by calling it, or at the
    /// dispatcher's deadline, counted from when the last `async` handler
    /// returned.
    ///
    /// The handlers run in the action's task. When its time runs out and
    /// SwiftUI cancels it, no further handler starts and a wait for
    /// completion handlers ends at once, but the `async` handler that is
    /// running is waited for: it sees the cancellation (`Task.isCancelled`,
    /// `withTaskCancellationHandler`, a cancelled `URLSession` call) and
    /// should return. One that ignores it holds the action, and iOS may end
    /// the app for it.
    ///
    /// <!-- snippet: not compiled -- SwiftUI; the Apple SDK step compiles Examples/SwiftUIEntryExample, an app of this shape -->
    /// ```swift
    /// WindowGroup { ContentView().dispatching(to: services) }
    ///   .backgroundTask(.urlSession) { await services.handleEventsForBackgroundURLSession($0) }
    /// ```
    ///
    /// - Parameter identifier: The background `URLSession`'s identifier.
    public func handleEventsForBackgroundURLSession(_ identifier: String) async {
      await entry.handleEventsForBackgroundURLSession(identifier, application: UIApplication.shared)
    }

    /// Tells the services of every connected scene they have not heard of,
    /// as connected and in its phase: what a view's scene does when the
    /// view appears in its window.
    ///
    /// - Parameter scene: The view's scene, which may not be among the
    ///   connected scenes yet while it connects.
    func replayConnectedScenes(with scene: UIWindowScene) {
      let others = UIApplication.shared.connectedScenes.filter { $0 !== scene }.sorted {
        $0.session.persistentIdentifier < $1.session.persistentIdentifier
      }
      let scenes = [scene] + others
      entry.replay(
        scenes.map {
          SwiftUIEntry.ConnectedScene(
            scene: $0, session: $0.session, phase: $0.activationState.phase)
        })
    }
  }
#endif

import Foundation
import SelectorDispatch

/// The rules of the SwiftUI entry point (`DispatchingServices` and its
/// `dispatching(to:)` modifier, in SelectorDispatchSwiftUI): which event of
/// ``Vocabulary/sceneDelegate`` or ``Vocabulary/applicationDelegate`` each
/// of its sources gives, with which arguments, once per app or per scene.
/// Compiled everywhere, with UIKit's objects held as `AnyObject` and `Any`,
/// so that they are tested on Linux; the SwiftUI module only turns UIKit's
/// notifications and SwiftUI's callbacks into calls of these methods.
///
/// **Scenes.** Each scene the entry point knows has the phase its services
/// last heard of (``ScenePhaseTransition/Phase``). A scene it meets for the
/// first time, by its `willConnect` notification, by another of its
/// notifications (one whose `willConnect` came before the entry point
/// observed), or, for a scene connected before the entry point was made,
/// when a view of it appears (``replay(_:)``), is connected: `scene:willConnectToSession:options:`,
/// then the events that take it from the background to the phase it has.
/// Each later notification gives its own event, after the steps a missed
/// notification would have given, and nothing when the scene is in that
/// phase already: so every event reaches the services once per scene, "will"
/// apart from "did", whatever the order in which views and notifications
/// come. A scene that disconnected stays known as disconnected, until UIKit
/// releases it: a later notification or view of it gives nothing, never a
/// second connection. Each event of a change of phase is dispatched only
/// while the scene is still where the one before left it: when a handler
/// makes the entry point receive another notification for the scene, that
/// one takes the scene on from there, and the rest of the first change is
/// not sent.
///
/// **One entry point.** When the app also has the UIKit adapter's app
/// delegate, or another SwiftUI entry point that lives and had its first
/// event first, that one feeds the services and this one dispatches
/// nothing: it reports
/// ``Diagnostic/twoEntryPoints(appDelegate:)`` or
/// ``Diagnostic/dispatchingServicesMadeTwice`` once, at its first event.
@MainActor
package final class SwiftUIEntry {
  /// A `UIScene` notification the entry point observes.
  package enum SceneNotification: CaseIterable, Sendable {
    /// `UIScene.willConnectNotification`.
    case willConnect
    /// `UIScene.didDisconnectNotification`.
    case didDisconnect
    /// `UIScene.willEnterForegroundNotification`.
    case willEnterForeground
    /// `UIScene.didActivateNotification`.
    case didActivate
    /// `UIScene.willDeactivateNotification`.
    case willDeactivate
    /// `UIScene.didEnterBackgroundNotification`.
    case didEnterBackground

    /// The phase the notification leaves its scene in, and the one it
    /// comes from; `nil` for a connection or a disconnection.
    var step: (from: ScenePhaseTransition.Phase, to: ScenePhaseTransition.Phase)? {
      switch self {
      case .willConnect, .didDisconnect: nil
      case .willEnterForeground: (.background, .inactive)
      case .didActivate: (.inactive, .active)
      case .willDeactivate: (.active, .inactive)
      case .didEnterBackground: (.inactive, .background)
      }
    }
  }

  /// A `UIApplication` notification the entry point observes, and the
  /// selector it gives, with the application as its one argument.
  package enum AppNotification: String, CaseIterable, Sendable {
    /// `UIApplication.didReceiveMemoryWarningNotification`.
    case didReceiveMemoryWarning = "applicationDidReceiveMemoryWarning:"
    /// `UIApplication.significantTimeChangeNotification`.
    case significantTimeChange = "applicationSignificantTimeChange:"
    /// `UIApplication.willTerminateNotification`.
    case willTerminate = "applicationWillTerminate:"
    /// `UIApplication.protectedDataWillBecomeUnavailableNotification`.
    case protectedDataWillBecomeUnavailable = "applicationProtectedDataWillBecomeUnavailable:"
    /// `UIApplication.protectedDataDidBecomeAvailableNotification`.
    case protectedDataDidBecomeAvailable = "applicationProtectedDataDidBecomeAvailable:"

    /// The selector.
    var selector: String { rawValue }
  }

  /// A scene that is connected: the scene, its session, and its phase.
  package struct ConnectedScene {
    /// The `UIScene`.
    package let scene: AnyObject
    /// Its `UISceneSession`.
    package let session: Any
    /// The phase its activation state comes to.
    package let phase: ScenePhaseTransition.Phase

    /// A connected scene.
    package init(scene: AnyObject, session: Any, phase: ScenePhaseTransition.Phase) {
      self.scene = scene
      self.session = session
      self.phase = phase
    }
  }

  /// What every connection, live or replayed, passes as its
  /// `UIScene.ConnectionOptions`:
  /// `nil`, as UIKit gives the options only to the scene's delegate (in a
  /// SwiftUI app, SwiftUI's), and they have no public initializer. The
  /// URLs and user activities they carry reach a SwiftUI app as `onOpenURL`
  /// and `onContinueUserActivity`, which the entry point forwards; their
  /// quick action and notification response are lost.
  package static let absentOptions: AnyObject? = nil

  /// The services' forwarder.
  package let forwarder: DelegateForwarder
  /// What to report when another of the package's entry points feeds the
  /// app's services already.
  private let otherEntryPoint: (SwiftUIEntry) -> Diagnostic?
  /// Whether the entry point dispatches: decided at its first event.
  private var dispatches: Bool?
  /// Each scene the services know of, or knew of until it disconnected,
  /// by its identity, with its phase.
  private var known: [ObjectIdentifier: KnownScene] = [:]

  /// A scene the services know of, or knew of until it disconnected, held
  /// weakly: a scene UIKit released is known no more (its record is
  /// dropped at the next connection), and an object made later at its
  /// address is not taken for it.
  private struct KnownScene {
    weak var scene: AnyObject?
    var phase: ScenePhaseTransition.Phase
    /// Whether it disconnected: it gets no further event.
    var disconnected = false
    /// How many times its phase or connection changed: a change of phase
    /// under way sends its next event only if this is still what it was.
    var changes = 0
  }

  /// Creates the rules of an entry point.
  ///
  /// - Parameters:
  ///   - forwarder: The services' forwarder.
  ///   - otherEntryPoint: Asked once, at the first event, with this entry
  ///     point: ``Diagnostic/twoEntryPoints(appDelegate:)`` when the app has
  ///     the UIKit adapter's app delegate,
  ///     ``Diagnostic/dispatchingServicesMadeTwice`` when another SwiftUI
  ///     entry point that lives dispatched first, else `nil`.
  package init(
    forwarder: DelegateForwarder, otherEntryPoint: @escaping (SwiftUIEntry) -> Diagnostic?
  ) {
    self.forwarder = forwarder
    self.otherEntryPoint = otherEntryPoint
  }

  /// Whether the entry point dispatches at all, decided at its first event:
  /// `false`, once and for all, with the other entry point's diagnostic
  /// reported, when another of the package's entry points feeds the
  /// services; otherwise `true`, and the handlers of selectors it has no
  /// source for are reported (``unsourcedHandlers()``).
  package var isDispatching: Bool {
    if let dispatches { return dispatches }
    let other = otherEntryPoint(self)
    dispatches = other == nil
    let report = forwarder.dispatcher.diagnosticHandler
    for diagnostic in other.map({ [$0] }) ?? unsourcedHandlers() { report?(diagnostic) }
    return other == nil
  }

  /// Whether the services know of `scene`: it connected, and has not
  /// disconnected.
  package func knows(_ scene: AnyObject) -> Bool {
    met(scene) && known[ObjectIdentifier(scene)]?.disconnected == false
  }

  /// How many scenes the entry point keeps a record of: those alive that
  /// connected, disconnected ones included, and those released since the
  /// last connection.
  package var recordedScenes: Int { known.count }

  /// Whether the services heard of `scene`: it connected, and may have
  /// disconnected since.
  private func met(_ scene: AnyObject) -> Bool {
    known[ObjectIdentifier(scene)]?.scene === scene
  }

  // MARK: Scenes

  /// Connects each of `scenes` that the services do not know of yet, and
  /// takes it to its phase: what a view of a scene that connected before
  /// the entry point was made gives when it appears.
  ///
  /// - Parameter scenes: Connected scenes.
  package func replay(_ scenes: [ConnectedScene]) {
    guard isDispatching else { return }
    for connected in scenes where !met(connected.scene) {
      connect(connected.scene, session: connected.session)
      move(connected.scene, through: nil, to: connected.phase)
    }
  }

  /// Dispatches what a scene notification gives: a connection for a scene
  /// the services do not know of, a disconnection for one they do, and for
  /// a change of phase, the steps from the scene's known phase to the one
  /// the notification comes from, then its own event, or nothing when the
  /// scene is in its phase already.
  ///
  /// - Parameters:
  ///   - notification: The notification.
  ///   - scene: Its scene.
  ///   - session: The scene's session.
  package func receive(_ notification: SceneNotification, scene: AnyObject, session: Any) {
    guard isDispatching else { return }
    switch notification {
    case .willConnect:
      if !met(scene) { connect(scene, session: session) }
    case .didDisconnect:
      guard knows(scene) else { return }
      // UIKit sends a scene to the background before disconnecting it.
      move(scene, through: nil, to: .background)
      // A handler of that move may have disconnected it already.
      guard knows(scene) else { return }
      known[ObjectIdentifier(scene)]?.disconnected = true
      known[ObjectIdentifier(scene)]?.changes += 1
      DelegateForwarder.disconnect(scene, by: Self.didDisconnect, from: forwarder)
    case .willEnterForeground, .didActivate, .willDeactivate, .didEnterBackground:
      guard let step = notification.step, !met(scene) || knows(scene) else { return }
      if !met(scene) { connect(scene, session: session) }
      move(scene, through: step.from, to: step.to)
    }
  }

  /// Forwards `scene:willConnectToSession:options:` with no options (see
  /// ``absentOptions``), while the scene's `isConnecting` is `true`.
  private func connect(_ scene: AnyObject, session: Any) {
    // What is kept of the scenes UIKit released goes here, so that the
    // records are as many as the scenes alive.
    known = known.filter { $0.value.scene != nil }
    known[ObjectIdentifier(scene)] = KnownScene(scene: scene, phase: .background)
    SceneConnection.connect(
      scene, session: session, options: Self.absentOptions as Any,
      contents: SceneConnection.Contents(), forwarding: [], on: forwarder)
  }

  /// Dispatches the events that take a known scene from its phase to `new`,
  /// through `step` when given, one step at a time: the scene's phase is
  /// the step's before its event goes out, and the next step goes out only
  /// if nothing changed the scene meanwhile (a handler that made the entry
  /// point receive another of its notifications, which took it on from the
  /// phase it found).
  private func move(
    _ scene: AnyObject, through step: ScenePhaseTransition.Phase?,
    to new: ScenePhaseTransition.Phase
  ) {
    let id = ObjectIdentifier(scene)
    guard knows(scene), let old = known[id]?.phase, old != new else { return }
    let selectors =
      step.map {
        ScenePhaseTransition.selectors(from: old, to: $0)
          + ScenePhaseTransition.selectors(from: $0, to: new)
      } ?? ScenePhaseTransition.selectors(from: old, to: new)
    var changes = known[id]?.changes
    for selector in selectors {
      guard let (event, phase) = Self.phaseEvents[selector] else {
        preconditionFailure("ScenePhaseTransition gave \(selector), which has no event here")
      }
      guard knows(scene), known[id]?.changes == changes else { return }
      known[id]?.phase = phase
      known[id]?.changes += 1
      changes = known[id]?.changes
      forwarder.event(event, scene)
    }
  }

  // MARK: URLs and activities

  /// Forwards a URL a scene's view was asked to open (SwiftUI's
  /// `onOpenURL`) as `scene:openURLContexts:`, a set of one context that
  /// carries the URL and no option: SwiftUI gives none.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - scene: The view's scene.
  /// - Returns: Whether a service claimed it.
  @discardableResult
  package func open(_ url: URL, in scene: AnyObject) -> Bool {
    guard isDispatching else { return false }
    return !forwarder.open([OpenURLContext(url: url)], in: scene, by: Self.openURLContexts).isEmpty
  }

  /// Forwards a user activity a scene's view was asked to continue
  /// (SwiftUI's `onContinueUserActivity`) as `scene:continueUserActivity:`.
  ///
  /// - Parameters:
  ///   - activity: The `NSUserActivity`.
  ///   - scene: The view's scene.
  package func continueActivity(_ activity: AnyObject, in scene: AnyObject) {
    guard isDispatching else { return }
    forwarder.event(Self.continueUserActivity, scene, activity)
  }

  // MARK: The app

  /// Forwards an app notification's event, with the application.
  ///
  /// - Parameters:
  ///   - notification: The notification.
  ///   - application: The `UIApplication`.
  package func receive(_ notification: AppNotification, application: AnyObject) {
    guard isDispatching else { return }
    guard let event = Self.appEvents[notification] else {
      preconditionFailure("\(notification) has no event")
    }
    forwarder.event(event, application)
  }

  /// Forwards `application:didFinishLaunchingWithOptions:` when UIKit
  /// announces that launch has finished
  /// (`UIApplication.didFinishLaunchingNotification`), with the launch
  /// options the notification carries. The services' answer is not
  /// UIKit's: launch has finished, so a veto changes nothing.
  ///
  /// - Parameters:
  ///   - application: The `UIApplication`.
  ///   - options: The launch options, as
  ///     `[UIApplication.LaunchOptionsKey: Any]?`.
  package func finishLaunching(_ application: AnyObject, options: Any) {
    guard isDispatching else { return }
    _ = forwarder.ask(Self.didFinishLaunching, application, options, or: true)
  }

  /// Dispatches
  /// `application:handleEventsForBackgroundURLSession:completionHandler:`
  /// in the caller's task, and returns when every service has answered (an
  /// `async` handler by returning, one with a completion handler by calling
  /// it or at the dispatcher's deadline, which counts from when the last
  /// `async` handler returned). When the task is cancelled (a background
  /// task's expiry), no further handler starts, the running one sees the
  /// cancellation and the dispatch ends when it returns; a wait for the
  /// services' completions ends at once, and their later answers are
  /// dropped. A dispatch that fails is reported; a cancelled one is not.
  ///
  /// - Parameters:
  ///   - identifier: The background `URLSession`'s identifier.
  ///   - application: The `UIApplication`.
  package func handleEventsForBackgroundURLSession(
    _ identifier: String, application: AnyObject
  ) async {
    guard isDispatching else { return }
    do {
      _ = try await forwarder.dispatcher.answer(
        to: Self.backgroundURLSession, params: [application, identifier])
    } catch is CancellationError {
    } catch {
      forwarder.report(error)
    }
  }

  // MARK: What it dispatches

  /// The selectors the entry point dispatches: the scene's connection,
  /// phases and disconnection, URLs and user activities, the end of the
  /// launch, the app notifications' events, and the background URL
  /// session's.
  static let dispatched: Set<String> = Set(
    ([SceneConnection.willConnect.key, didDisconnect.key, openURLContexts.key]
      + [continueUserActivity.key, didFinishLaunching.key]
      + phaseEvents.values.map(\.event.key) + appEvents.values.map(\.key)).map(\.description)
      + [backgroundURLSession])

  /// What to report about the services' handlers of the UIKit selectors the
  /// entry point has no source for (push tokens, quick actions, CloudKit
  /// shares, orientations and the rest): one
  /// ``Diagnostic/notDispatched(selector:service:reason:)`` per service and
  /// selector, as nothing calls them. Its reason names the scene event to
  /// handle instead, for an app event that UIKit replaces with one in a
  /// scene-based app, and the UIKit adapter otherwise.
  ///
  /// - Returns: The diagnostics, by selector, then in call order.
  package func unsourcedHandlers() -> [Diagnostic] {
    let dispatcher = forwarder.dispatcher
    return DelegateMethod.vocabulary.entries.map(\.selector).filter {
      !Self.dispatched.contains($0)
    }.sorted().flatMap { selector in
      let replacement = DelegateMethod.vocabulary[selector: selector]?.replacement
      let reason =
        if let replacement, Self.dispatched.contains(replacement) {
          "UIKit does not call it in a scene-based app, which a SwiftUI app is; handle "
            + "\(replacement), which the SwiftUI entry point dispatches, instead"
        } else {
          "a SwiftUI app has no source for it, so the SwiftUI entry point "
            + "(dispatching(to:)) does not dispatch it; the UIKit adapter does: install a "
            + "DispatchingAppDelegate subclass with @UIApplicationDelegateAdaptor, in place of "
            + "DispatchingServices"
        }
      return dispatcher.services(handling: selector).map { service in
        Diagnostic.notDispatched(selector: selector, service: service, reason: reason)
      }
    }
  }

  // MARK: The events

  /// `application:handleEventsForBackgroundURLSession:completionHandler:`.
  package static let backgroundURLSession =
    "application:handleEventsForBackgroundURLSession:completionHandler:"

  private static let didFinishLaunching = ForwardedEvent<(AnyObject, Any) -> Bool>(
    .init("application:didFinishLaunchingWithOptions:"))
  private static let didDisconnect = ForwardedEvent<(AnyObject) -> Void>(
    .init("sceneDidDisconnect:"))
  private static let openURLContexts = ForwardedEvent<(AnyObject, Set<OpenURLContext>) -> Bool>(
    .init("scene:openURLContexts:"))
  private static let continueUserActivity = ForwardedEvent<(AnyObject, AnyObject) -> Void>(
    .init("scene:continueUserActivity:"))

  /// The events of ``ScenePhaseTransition``, by selector, each with the
  /// phase it leaves its scene in.
  private static let phaseEvents:
    [String: (event: ForwardedEvent<(AnyObject) -> Void>, phase: ScenePhaseTransition.Phase)] =
      Dictionary(
        uniqueKeysWithValues: [
          (ScenePhaseTransition.willEnterForeground, .inactive),
          (ScenePhaseTransition.didBecomeActive, .active),
          (ScenePhaseTransition.willResignActive, .inactive),
          (ScenePhaseTransition.didEnterBackground, .background),
        ].map { selector, phase in (selector, (ForwardedEvent(.init(selector)), phase)) })

  /// The events of the app notifications.
  private static let appEvents = Dictionary(
    uniqueKeysWithValues: AppNotification.allCases.map {
      ($0, ForwardedEvent<(AnyObject) -> Void>(.init($0.selector)))
    })
}

#if os(iOS)
  import SelectorDispatch
  import UIKit
  import UserNotifications

  /// An app delegate that forwards every `UIApplicationDelegate` and
  /// `UNUserNotificationCenterDelegate` method to services: an app lists its
  /// services and writes no delegate method.
  ///
  /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
  /// ```swift
  /// @main
  /// final class AppDelegate: DispatchingAppDelegate {
  ///   override var services: [any DispatchService] {
  ///     [
  ///       Service("Badge") { on(.applicationDidBecomeActive) { app in self.clearBadge(app) } },
  ///       PushService(), DeepLinkService(),
  ///     ]
  ///   }
  /// }
  /// ```
  ///
  /// The services' handlers are keyed by Objective-C selectors of
  /// `Vocabulary.applicationDelegate` and `.sceneDelegate`, on one
  /// ``dispatcher`` that ``DispatchingSceneDelegate`` shares: the app
  /// delegate's ``application(_:configurationForConnecting:options:)`` names
  /// `DispatchingSceneDelegate` unless Info.plist's scene configuration names
  /// another class.
  ///
  /// **When services are registered.** In `init`, before UIKit sets the
  /// object as its delegate: UIKit asks `responds(to:)` then, and caches some
  /// answers. A service registered later is called only for the methods that
  /// were already advertised.
  ///
  /// **What UIKit sees.** `responds(to:)` advertises a forwarded method only
  /// when some service handles it, so UIKit keeps its own default for the
  /// others: no service that handles background fetch, no fetch. It always
  /// advertises the methods where the class does work of its own:
  /// `application(_:willFinishLaunchingWithOptions:)`, which makes this
  /// object the notification centre's delegate, and, in an app whose
  /// Info.plist has `UIApplicationSceneManifest` (the scene-based life
  /// cycle, which the iOS 27 SDK requires),
  /// `application(_:configurationForConnecting:options:)`. A method a
  /// subclass overrides is advertised too; call `super` to keep forwarding
  /// it. A deprecated method is advertised only when a service handles it,
  /// and the dispatcher then reports a `Diagnostic` that names its
  /// replacement.
  ///
  /// **Values.** Services receive UIKit's objects as UIKit passes them, with
  /// these conversions: a background fetch's completion is
  /// `(BackgroundFetchResult) -> Void`, a foreground notification's
  /// `(UInt) -> Void` carrying `UNNotificationPresentationOptions`' raw
  /// value, and an orientation answer is a mask as `UInt` (or any integer
  /// raw value). UIKit's completion handler is called exactly once, with the
  /// services' folded value, when every service has called its own, or at
  /// the dispatcher's deadline (``completionDeadline``, 25 seconds unless
  /// the app sets its own) with what has arrived and a `Diagnostic` that
  /// names each late service.
  ///
  /// **Threads.** UIKit calls the delegate on the main actor, and the
  /// synchronous handlers run there, inside UIKit's call. The notification
  /// centre's callbacks, which UserNotifications does not promise on the
  /// main thread, move to it first.
  ///
  /// **Problems.** The dispatcher's diagnostics and any error a dispatch
  /// throws (such as a handler that takes another argument type than UIKit
  /// passes, or an answer of another type than the method returns) are
  /// written with `NSLog`, prefixed `SelectorDispatch:`, and
  /// UIKit gets its default answer. Set `dispatcher.diagnosticHandler`
  /// to receive the diagnostics instead. Three mistakes that nothing would
  /// otherwise show are reported this way: a service's selector that
  /// neither UIKit's vocabularies nor ``appSelectors`` declare (with the
  /// selector it probably meant), a handler of a method the adapter does
  /// not forward and the app's subclass does not implement, both when the
  /// services register, and an async handler's answer of another type than
  /// UIKit's completion takes, when it answers.
  ///
  /// Compiled for iOS, iPadOS and Mac Catalyst; the module is empty on the
  /// other platforms.
  open class DispatchingAppDelegate: UIResponder, UIApplicationDelegate,
    UNUserNotificationCenterDelegate
  {
    /// The app's main window, for an app that sets one on its delegate.
    open var window: UIWindow?

    /// The dispatcher every delegate method forwards to, declaring
    /// `Vocabulary.applicationDelegate` merged with `.sceneDelegate`.
    public nonisolated let dispatcher: Dispatcher

    nonisolated let forwarder: DelegateForwarder

    /// The services, registered once, in `init`; empty by default.
    ///
    /// Override it to list the app's services: values, `Service("Push") {
    /// … }`, whose handlers reach this object's state through `self`, and
    /// types (`@MainActor UIKitService` for UIKit's events). It is read
    /// before UIKit first asks `responds(to:)`.
    open var services: [any DispatchService] { [] }

    /// The app's own selectors, with their folds: events its services
    /// handle beside UIKit's, which the app dispatches on ``dispatcher``.
    /// Empty by default.
    ///
    /// They are declared in `init`, before ``services`` register: a service
    /// that handles a selector neither UIKit's vocabularies nor this
    /// declares, usually a misspelt one that UIKit would never call, is
    /// reported (see **Problems**).
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// override var appSelectors: [String: Fold] { ["cartDidChange:": .broadcast] }
    /// ```
    open var appSelectors: [String: Fold] { [:] }

    /// The app's own events with their whole signatures, for the ones
    /// ``appSelectors`` cannot declare: an event whose last argument is a
    /// completion handler, which a `Dispatcher.CompletionEvent` or
    /// `Dispatcher.MainActorCompletionEvent` handles. `nil` (the default)
    /// declares none.
    ///
    /// Declared in `init`, before ``appSelectors`` and before ``services``
    /// register: a completion event's handler registers only where its
    /// completion is declared.
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// override var appVocabulary: Vocabulary? {
    ///   try? Vocabulary(name: "sync", entries: [
    ///     .init("syncAccount:completionHandler:", domain: Domain("sync"), fold: .broadcast,
    ///           arguments: [.string], completion: .anySucceeded)
    ///   ])
    /// }
    /// ```
    open var appVocabulary: Vocabulary? { nil }

    /// How long the services' completion handlers may take before UIKit's
    /// is called with what has arrived: 25 seconds unless a subclass
    /// overrides it.
    ///
    /// A class property, read once, when the dispatcher is made, before
    /// anything is dispatched:
    ///
    /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
    /// ```swift
    /// override class var completionDeadline: Duration { .seconds(10) }
    /// ```
    ///
    /// Keep it above zero and below the 30 seconds iOS gives background
    /// work: a deadline outside that range is used as given, and written to
    /// the unified log.
    open class var completionDeadline: Duration { DelegateForwarder.defaultDeadline }

    /// The app delegate created last, whose dispatcher the scene delegates
    /// use.
    package static weak var current: DispatchingAppDelegate?

    /// Creates the delegate, declares ``appVocabulary`` and
    /// ``appSelectors``, and registers ``services``.
    ///
    /// Services that cannot be registered (two with one name, a handler
    /// whose closure takes another number of arguments than its selector
    /// has colons), or an app selector that cannot be declared (malformed,
    /// or UIKit's with another fold), stop the app here, with the
    /// dispatcher's error: the mistake is in the app's code, and an app
    /// without its services would misbehave later, further from the cause.
    public override init() {
      forwarder = DelegateForwarder(
        completionDeadline: Self.completionDeadline, report: UIKitHost.failed)
      let dispatcher = forwarder.dispatcher
      self.dispatcher = dispatcher
      super.init()
      dispatcher.diagnosticHandler = UIKitHost.diagnostic
      forwarder.register(
        services, appVocabulary: appVocabulary, appSelectors: appSelectors, by: type(of: self))
      UIKitHost.reportUnforwardedHandlers(of: .appDelegate, in: self, on: dispatcher)
      Self.current = self
    }

    /// Advertises a forwarded method only when some service handles it (or
    /// a subclass overrides it), and the methods where this class does work
    /// of its own always; any other selector is `NSObject`'s answer.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
      UIKitHost.advertises(
        aSelector, host: .appDelegate, of: self, base: DispatchingAppDelegate.self,
        forwarder: forwarder) ?? super.responds(to: aSelector)
    }

    // MARK: App state

    /// Makes this object the notification centre's delegate, as
    /// UserNotifications requires before launch finishes, then forwards
    /// `application:willFinishLaunchingWithOptions:`; `true` when no service
    /// vetoes.
    open func application(
      _ application: UIApplication,
      willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
      UNUserNotificationCenter.current().delegate = self
      return forwarder.ask(
        Forwarded.willFinishLaunching, application, launchOptions,
        or: true)
    }

    // MARK: Default orientation

    /// Forwards `application:supportedInterfaceOrientationsForWindow:`: the
    /// orientations every answering service allows, or Info.plist's when
    /// they allow none in common.
    open func application(
      _ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
      let folded = forwarder.ask(
        Forwarded.supportedInterfaceOrientationsForWindow, application, window,
        as: Any.self)
      let fallback = UIKitValue.defaultOrientations(
        infoDictionary: Bundle.main.infoDictionary ?? [:],
        isPad: UIDevice.current.userInterfaceIdiom == .pad)
      return UIInterfaceOrientationMask(
        rawValue: UIKitValue.orientations(folded: folded, fallback: fallback))
    }

    // MARK: Scenes

    /// Forwards `application:configurationForConnectingSceneSession:options:`:
    /// the first service's configuration, or else Info.plist's for the
    /// session; either way with ``DispatchingSceneDelegate`` as the delegate
    /// class when it names none, so that the scene's events reach the
    /// services. A configuration that names another class, while services
    /// handle scene events, is reported once with a `Diagnostic` that names
    /// the class and what to change.
    open func application(
      _ application: UIApplication,
      configurationForConnecting connectingSceneSession: UISceneSession,
      options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
      let configuration =
        forwarder.ask(
          Forwarded.configurationForConnecting, application, connectingSceneSession, options,
          as: UISceneConfiguration.self)
        ?? UISceneConfiguration(
          name: connectingSceneSession.configuration.name,
          sessionRole: connectingSceneSession.role)
      if configuration.delegateClass == nil {
        configuration.delegateClass = DispatchingSceneDelegate.self
      }
      if let delegateClass = configuration.delegateClass {
        forwarder.checkSceneDelegate(
          configuration: configuration.name, delegateClass: NSStringFromClass(delegateClass),
          isDispatching: delegateClass is DispatchingSceneDelegate.Type)
      }
      return configuration
    }
  }

  extension UIApplication {
    /// The app's ``DispatchingAppDelegate``, or `nil` when it has none: the
    /// app delegate itself, or the one a SwiftUI app's
    /// `@UIApplicationDelegateAdaptor` made, where `delegate` is SwiftUI's
    /// own object. How a service's handler reaches the app's window, or the
    /// state the app's subclass keeps for its services.
    public var dispatchingDelegate: DispatchingAppDelegate? { DispatchingAppDelegate.current }
  }
#endif

import SelectorDispatch

/// How the adapter's classes treat one selector of the UIKit vocabularies:
/// which class implements it, and when `responds(to:)` advertises it.
///
/// This is the selector ↔ method table that ``DispatchingAppDelegate`` and
/// ``DispatchingSceneDelegate`` follow; it compiles everywhere so that its
/// rules are tested on Linux, where UIKit is absent.
struct DelegateMethod: Sendable, Equatable {
  /// The class that implements a method.
  enum Host: Sendable, Equatable {
    /// `DispatchingAppDelegate`: `UIApplicationDelegate` and
    /// `UNUserNotificationCenterDelegate`.
    case appDelegate
    /// `DispatchingSceneDelegate`: `UISceneDelegate` and
    /// `UIWindowSceneDelegate`.
    case sceneDelegate
  }

  /// What the host does with a method.
  enum Role: Sendable, Equatable {
    /// Implemented and forwarded to the services; advertised only when some
    /// service handles it.
    case forwarded
    /// Implemented and advertised whenever its work applies: the host does
    /// work of its own there (the window, the scene configuration, the
    /// notification centre's delegate) and forwards it too.
    case hostWork
    /// Not implemented by the adapter, for the reason given; advertised only
    /// when an app's subclass implements it.
    case notForwarded(reason: String)
  }

  /// The Objective-C selector, such as `sceneDidBecomeActive:`.
  let selector: String
  /// The class that implements it.
  let host: Host
  /// What that class does with it.
  let role: Role

  /// Whether `responds(to:)` says yes for this method.
  ///
  /// - Parameters:
  ///   - implemented: Whether the object's class has the method (what
  ///     `NSObject`'s `responds(to:)` answers).
  ///   - overridden: Whether the app's subclass overrides it: then the app
  ///     wants it called, whether or not a service handles it.
  ///   - handled: Whether some registered service handles the selector.
  ///   - hostWorkApplies: Whether the host's own work there is needed (see
  ///     ``hostWorkApplies(to:infoDictionary:)``).
  /// - Returns: `true` to advertise it.
  func isAdvertised(
    implemented: Bool, overridden: Bool, handled: Bool, hostWorkApplies: Bool = true
  ) -> Bool {
    guard implemented else { return false }
    switch role {
    case .hostWork: return hostWorkApplies || overridden || handled
    case .forwarded: return overridden || handled
    case .notForwarded: return overridden
    }
  }
}

extension DelegateMethod {
  /// The vocabulary both adapter classes dispatch on:
  /// `Vocabulary.applicationDelegate` merged with `.sceneDelegate`.
  static let vocabulary: Vocabulary = {
    do {
      return try Vocabulary.applicationDelegate.merging(.sceneDelegate)
    } catch {
      preconditionFailure("the package's UIKit vocabularies do not merge: \(error)")
    }
  }()

  /// Every selector of ``vocabulary``, keyed by selector.
  static let all: [String: DelegateMethod] = {
    let scene = Set(Vocabulary.sceneDelegate.entries.map(\.selector))
    var methods: [String: DelegateMethod] = [:]
    for entry in vocabulary.entries {
      let host: Host = scene.contains(entry.selector) ? .sceneDelegate : .appDelegate
      let role =
        hostWork.contains(entry.selector)
        ? Role.hostWork
        : notForwarded[entry.selector].map { Role.notForwarded(reason: $0) } ?? .forwarded
      methods[entry.selector] = DelegateMethod(selector: entry.selector, host: host, role: role)
    }
    return methods
  }()

  /// The method for a selector, if it is one of ``vocabulary``'s.
  static subscript(_ selector: String) -> DelegateMethod? { all[selector] }

  /// Whether the host's work for `selector` is needed in an app with this
  /// Info.plist.
  ///
  /// Naming the scene delegate in the scene configuration is needed only in
  /// an app that declares `UIApplicationSceneManifest`: advertising the
  /// configuration method in any other app would move it to the scene life
  /// cycle, where its storyboard or its app delegate's window is never
  /// shown. Every other host work is always needed.
  static func hostWorkApplies(to selector: String, infoDictionary: [String: Any]) -> Bool {
    selector != "application:configurationForConnectingSceneSession:options:"
      || infoDictionary["UIApplicationSceneManifest"] != nil
  }

  /// What to report about the services' handlers of the methods that
  /// `host` leaves out and the delegate's class does not implement: one
  /// ``Diagnostic/notDispatched(selector:service:reason:)`` per service and
  /// selector, as nothing ever calls them.
  ///
  /// - Parameters:
  ///   - host: The class whose methods to check.
  ///   - dispatcher: The dispatcher the services registered on.
  ///   - implements: Whether the delegate's class (an app's subclass)
  ///     implements a selector: then the app calls the services itself.
  /// - Returns: The diagnostics, by selector, then in call order.
  static func unforwardedHandlers(
    of host: Host, on dispatcher: Dispatcher, implements: (String) -> Bool
  ) -> [Diagnostic] {
    let className = host == .appDelegate ? "DispatchingAppDelegate" : "DispatchingSceneDelegate"
    return notForwarded.sorted { $0.key < $1.key }.flatMap { selector, reason in
      guard all[selector]?.host == host, !implements(selector) else { return [Diagnostic]() }
      return dispatcher.services(handling: selector).map { service in
        .notDispatched(
          selector: selector, service: service,
          reason: "\(className) does not forward it, as \(reason); a subclass that implements "
            + "it and dispatches it on the dispatcher has the services called")
      }
    }
  }

  /// Why Mac Catalyst leaves out the methods whose parameter is CloudKit's.
  static let catalystCloudKit =
    "their parameter is CloudKit's CKShare.Metadata, and the package's Mac Catalyst compile "
    + "check (the macOS 13.3 SDK on Linux) cannot build CloudKit's Swift module; a subclass "
    + "that implements one has it advertised"
}

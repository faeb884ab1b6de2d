/// A service written as a value, where the services are listed: a name, a
/// priority and handlers, with no type of its own.
///
/// For an app that only wants to split its delegate, each job is one
/// `Service`, and its handlers reach the delegate's own state and helpers
/// through `self`, with no stored property to hand them over:
///
/// <!-- snippet: not compiled -- UIKit's events, which SelectorDispatchUIKit declares for iOS only -->
/// ```swift
/// @main
/// final class AppDelegate: DispatchingAppDelegate {
///   let inbox = Inbox()
///
///   override var services: [any DispatchService] {
///     [
///       Service("Push") {
///         on(.didFinishLaunching) { app, options in self.inbox.open() }
///         on(.didRegisterForRemoteNotifications) { app, token in self.inbox.register(token) }
///       },
///       Service("Links", priority: 10) {
///         on(.openURL) { app, url, options in self.inbox.show(url) }
///       },
///     ]
///   }
/// }
/// ```
///
/// The body is a ``HandlerTableBuilder`` body, as a service type's
/// ``DispatchService/handlers`` is, built once, when the value is made; a
/// mistake in it (a malformed selector, a wrong parameter count, one
/// selector twice at one priority) is thrown when the service registers,
/// and nothing of it registers. UIKit's events take `@MainActor` closures, so
/// the handlers call the app delegate's main-actor code as its own methods
/// would.
///
/// A service that is reused, configured or tested on its own is better a
/// type that adopts ``DispatchService``.
public struct Service: DispatchService {
  /// The name the service registers under, unique among registered
  /// services.
  public let name: String

  /// The priority of the service's handlers that have none of their own:
  /// higher priorities run first.
  public let priority: Int

  /// The service's handlers, built when the service was made.
  public let handlers: HandlerTable

  /// Makes a service from its name, its priority and a body of `on(_:_:)`
  /// entries.
  ///
  /// - Parameters:
  ///   - name: The name the service registers under, such as `"Push"`.
  ///   - priority: The priority of its handlers that have none of their
  ///     own; 0 by default.
  ///   - handlers: The handlers, built once, here.
  public init(
    _ name: String, priority: Int = 0, @HandlerTableBuilder handlers: () -> HandlerTable
  ) {
    self.name = name
    self.priority = priority
    self.handlers = handlers()
  }
}

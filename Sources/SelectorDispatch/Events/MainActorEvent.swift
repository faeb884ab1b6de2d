extension Dispatcher {
  /// A typed event whose handlers run on the main actor: a selector, its
  /// handler's signature, and the promise that it is dispatched on the main
  /// thread, as UIKit calls its delegates.
  ///
  /// A handler for it is a `@MainActor` closure, so it may call the app's
  /// main-actor code with no annotation and no `MainActor.assumeIsolated`,
  /// in a service that is itself nonisolated:
  ///
  /// ```swift
  /// extension Dispatcher.MainActorEvent {
  ///   static var themeDidChange: Dispatcher.MainActorEvent<(String) -> Void> {
  ///     .init("themeDidChange:")
  ///   }
  /// }
  ///
  /// struct Appearance: DispatchService {
  ///   var handlers: HandlerTable {
  ///     on(.themeDidChange) { name in Palette.shared.apply(name) }  // Palette is @MainActor
  ///   }
  /// }
  /// ```
  ///
  /// The handler checks that it was called on the main thread before it
  /// runs: dispatched from any other thread (a test or a replay off the
  /// main actor), it does not run, and the dispatch throws
  /// ``DispatchError/notOnMainActor(selector:service:)`` naming the service,
  /// after the other handlers ran. Everything else is as for an ``Event``.
  public struct MainActorEvent<Signature>: Sendable, CustomStringConvertible {
    /// The selector the event's handlers are registered under.
    public let selector: String

    /// Makes an event for a selector with one `:` per argument.
    ///
    /// - Parameter selector: The Objective-C-style selector.
    public init(_ selector: String) { self.selector = selector }

    /// The selector.
    public var description: String { selector }
  }
}

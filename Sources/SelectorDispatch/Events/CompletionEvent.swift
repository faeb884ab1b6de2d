extension Dispatcher {
  /// A typed event for a selector whose last argument is a completion
  /// handler that takes a `Value`: a handler either calls the completion it
  /// is given, or is `async` and returns the value.
  ///
  /// ```swift
  /// extension Dispatcher.CompletionEvent {
  ///   static var refresh: Dispatcher.CompletionEvent<(String) -> Bool> {
  ///     .init("refreshFeed:completionHandler:")
  ///   }
  /// }
  ///
  /// struct Feed: DispatchService {
  ///   var handlers: HandlerTable {
  ///     on(.refresh) { feed in feed == "news" }
  ///     // or, awaited: on(.refresh) { feed async in await reload(feed) }
  ///   }
  /// }
  /// ```
  ///
  /// `Signature` is the handler's function type: the selector's arguments
  /// before the completion, and the completion's value. The vocabulary's
  /// ``CompletionKind`` joins the services' completions; the value is what
  /// the kind's completion takes, or a type of the host's that
  /// ``init(_:passing:)`` converts to it. Declare the selector with its
  /// completion before the handlers register: on a selector without one,
  /// registering throws ``DispatchError/completionNotDeclared(selector:service:)``. Handlers run on the
  /// dispatching thread; see ``MainActorCompletionEvent`` for main-actor
  /// handlers.
  public struct CompletionEvent<Signature>: Sendable, CustomStringConvertible {
    /// The selector the event's handlers are registered under.
    public let selector: String

    /// How a handler's value reaches the dispatch's completion.
    let carrier: CompletionCarrier

    /// Makes an event whose completion takes the value as the vocabulary's
    /// ``CompletionKind`` does: `(Value) -> Void` for a `Signature` of
    /// `(…) -> Value`.
    ///
    /// - Parameter selector: The selector; its last `:` is the completion.
    public init(_ selector: String) {
      self.selector = selector
      carrier = .unconverted
    }

    /// Makes an event whose handlers speak another type than the
    /// vocabulary's ``CompletionKind``, converted on the way: UIKit's
    /// `UIBackgroundFetchResult` for the kind's ``BackgroundFetchResult``.
    ///
    /// - Parameters:
    ///   - selector: The selector; its last `:` is the completion.
    ///   - convert: Turns a handler's value into the one the kind's
    ///     completion, `(Passed) -> Void`, takes.
    public init<each Argument, Value, Passed>(
      _ selector: String, passing convert: @escaping @Sendable (Value) -> Passed
    ) where Signature == (repeat each Argument) -> Value {
      self.selector = selector
      carrier = CompletionCarrier(convert)
    }

    /// The selector.
    public var description: String { selector }
  }
}

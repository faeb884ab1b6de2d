extension Dispatcher {
  /// A typed event for a selector whose last argument is a completion
  /// handler, with handlers that run on the main actor: the
  /// ``CompletionEvent`` counterpart of ``MainActorEvent``.
  ///
  /// A synchronous handler is a `@MainActor` closure that gets its own
  /// completion and checks, as a ``MainActorEvent``'s does, that it was
  /// called on the main thread. An `async` handler is a `@MainActor` closure
  /// that returns the value; it runs on the main actor wherever the
  /// dispatch awaits it, so it needs no check.
  ///
  /// ```swift
  /// extension Dispatcher.MainActorCompletionEvent {
  ///   static var sync: Dispatcher.MainActorCompletionEvent<(String) -> Bool> {
  ///     .init("syncAccount:completionHandler:")
  ///   }
  /// }
  ///
  /// struct Accounts: DispatchService {
  ///   var handlers: HandlerTable {
  ///     on(.sync) { account async in await Store.shared.sync(account) }  // Store is @MainActor
  ///   }
  /// }
  /// ```
  public struct MainActorCompletionEvent<Signature>: Sendable, CustomStringConvertible {
    /// The selector the event's handlers are registered under.
    public let selector: String

    /// How a handler's value reaches the dispatch's completion.
    let carrier: CompletionCarrier

    /// Makes an event whose completion takes the value as the vocabulary's
    /// ``CompletionKind`` does; see ``CompletionEvent/init(_:)``.
    ///
    /// - Parameter selector: The selector; its last `:` is the completion.
    public init(_ selector: String) {
      self.selector = selector
      carrier = .unconverted
    }

    /// Makes an event whose value is converted to the one the vocabulary's
    /// ``CompletionKind`` takes; see ``CompletionEvent/init(_:passing:)``.
    ///
    /// - Parameters:
    ///   - selector: The selector; its last `:` is the completion.
    ///   - convert: Turns a handler's value into the one the kind takes.
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

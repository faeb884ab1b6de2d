extension Dispatcher {
  /// A typed event for a selector whose last argument is a completion
  /// handler that takes a `Value`: a handler either calls the completion it
  /// is given, or is `async` and returns the value.
  ///
  /// ```swift
  /// extension Dispatcher.CompletionEvent {
  ///   static var refresh: Dispatcher.CompletionEvent<String, Bool> {
  ///     .init("refreshFeed:completionHandler:")
  ///   }
  /// }
  ///
  /// struct Feed: DispatchService {
  ///   @HandlerTableBuilder var handlers: HandlerTable {
  ///     on(.refresh) { feed, done in done(feed == "news") }
  ///     // or, awaited: on(.refresh) { feed async in await reload(feed) }
  ///   }
  /// }
  /// ```
  ///
  /// `Argument` is the selector's arguments before the completion. The
  /// vocabulary's ``CompletionKind`` joins the services' completions; the
  /// event's `Value` is what the kind's completion takes, or a type of the
  /// host's that ``init(_:passing:)`` converts to it. Handlers run on the
  /// dispatching thread; see ``MainActorCompletionEvent`` for main-actor
  /// handlers.
  public struct CompletionEvent<each Argument, Value>: Sendable, CustomStringConvertible {
    /// The selector the event's handlers are registered under.
    public let selector: String

    /// How a handler's value reaches the dispatch's completion.
    let carrier: CompletionCarrier<Value>

    /// Makes an event whose completion takes the value as the vocabulary's
    /// ``CompletionKind`` does, `(Value) -> Void`.
    ///
    /// - Parameter selector: The selector; its last `:` is the completion.
    public init(_ selector: String) {
      self.selector = selector
      carrier = CompletionCarrier { $0 }
    }

    /// Makes an event whose handlers speak another type than the
    /// vocabulary's ``CompletionKind``, converted on the way: UIKit's
    /// `UIBackgroundFetchResult` for the kind's ``BackgroundFetchResult``.
    ///
    /// - Parameters:
    ///   - selector: The selector; its last `:` is the completion.
    ///   - convert: Turns a handler's value into the one the kind's
    ///     completion, `(Passed) -> Void`, takes.
    public init<Passed>(_ selector: String, passing convert: @escaping @Sendable (Value) -> Passed)
    {
      self.selector = selector
      carrier = CompletionCarrier(convert)
    }

    /// The selector.
    public var description: String { selector }
  }
}

/// How a completion event's handler's value reaches the dispatch: the
/// conversion from the event's value to the one the vocabulary's
/// ``CompletionKind`` takes, and back for the completion a synchronous
/// handler is given.
struct CompletionCarrier<Value>: Sendable {
  /// The handler's completion, `(Value) -> Void`, made from the one the
  /// dispatch passes; `nil` when that has another type.
  let completion: @Sendable (Any) -> ((Value) -> Void)?

  /// The value an async handler returns, as the dispatch's fold takes it.
  let answer: @Sendable (Value) -> Any

  /// The passed completion's type, for a refused argument's message.
  let passedType: String

  init<Passed>(_ convert: @escaping @Sendable (Value) -> Passed) {
    completion = { passed in
      guard let done = passed as? (Passed) -> Void else { return nil }
      return { value in done(convert(value)) }
    }
    answer = { convert($0) }
    passedType = "(\(Passed.self)) -> Void"
  }
}

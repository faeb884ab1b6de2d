extension Dispatcher {
  /// A typed event: a selector together with its handler's signature, so
  /// that a handler written for it has its parameter and answer types
  /// inferred, and a misspelt event or a wrong type is a compile error.
  ///
  /// Declare events as static members of the event type, as
  /// `Notification.Name` declares notification names, and write their
  /// handlers with `on(_:_:)` in a ``DispatchService``:
  ///
  /// ```swift
  /// extension Dispatcher.Event {
  ///   static var paymentDidSucceed: Dispatcher.Event<(String, Int) -> Void> {
  ///     .init("paymentDidSucceed:amount:")
  ///   }
  ///   static var shouldRetryPayment: Dispatcher.Event<(String) -> Bool> {
  ///     .init("shouldRetryPayment:")
  ///   }
  /// }
  ///
  /// struct Receipts: DispatchService {
  ///   var handlers: HandlerTable {
  ///     on(.paymentDidSucceed) { order, amount in print("paid \(amount) for \(order)") }
  ///     on(.shouldRetryPayment) { order in order.hasPrefix("retry") }
  ///   }
  /// }
  /// ```
  ///
  /// `Signature` is the handler's function type: the types of the
  /// selector's arguments, one per `:`, and of its answer (`Void` for none).
  /// (A function type rather than a parameter pack: generic types with
  /// parameter packs need iOS 17 or macOS 14 at run time.) A handler
  /// lands in the same table, under the same selector, as one written
  /// `on("paymentDidSucceed:amount:") { (order: String, amount: Int) in … }`,
  /// and is called and folded the same way; a handler whose body returns
  /// nothing is allowed for an event with an answer, and means "no
  /// opinion". The handlers run on the dispatching thread; for handlers that
  /// run on the main actor, declare a ``MainActorEvent`` instead, and for a
  /// selector whose last argument is a completion handler, a
  /// ``CompletionEvent``.
  ///
  /// The event does not declare the selector: its fold and its argument
  /// checks come from the dispatcher's vocabulary, as for any handler. A
  /// selector whose arity differs from the number of arguments is reported
  /// when a handler for it registers
  /// (``DispatchError/arityMismatch(selector:expected:actual:)``).
  public struct Event<Signature>: Sendable, CustomStringConvertible {
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

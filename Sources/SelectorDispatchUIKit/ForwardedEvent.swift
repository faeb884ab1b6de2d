import SelectorDispatch

/// A typed event the adapter forwards, with its selector's key made once:
/// what a delegate method dispatches by, so that each call finds the
/// selector's handlers by the key's number instead of by its text, and
/// calls typed handlers with UIKit's arguments as they are (see
/// `Dispatcher.dispatch(_:with:as:)`).
///
/// `Dispatcher.MainActorEvent` keeps only its selector's text, and its
/// static members are computed, as a generic type can store none; an
/// adapter's event is made once, in a `static let`, and kept.
struct ForwardedEvent<Signature>: Sendable {
  /// The key of the event's selector.
  let key: SelectorKey

  /// The forwarded form of `event`.
  ///
  /// - Parameter event: A typed event whose selector is well formed, as
  ///   every selector of the UIKit vocabularies is: a malformed one stops
  ///   the app, as the mistake is the package's.
  init(_ event: Dispatcher.MainActorEvent<Signature>) {
    do {
      key = try SelectorKey(event.selector)
    } catch {
      preconditionFailure("the adapter forwards a malformed selector: \(error)")
    }
  }
}

/// The low-level form of a service's handler for one selector.
///
/// A handler receives the dispatched parameters in order and returns its
/// answer, or `nil` for "no opinion". A handler that returns `()` also
/// expresses no opinion.
///
/// `SelectorHandler` is deliberately *not* `@Sendable`: handler tables are
/// plain `[String: ([Any]) -> Any?]` dictionaries, built by hand or from
/// a manifest, and a non-`Sendable` closure cannot be converted to a
/// `@Sendable` one. Services are usually classes with state, often tied to
/// the main thread. ``Dispatcher`` guards its own table, so it is safe to
/// register, unregister and dispatch from any thread; a handler runs on the
/// thread that dispatches, so a service whose events are dispatched from
/// several threads must protect its own state.
public typealias SelectorHandler = ([Any]) -> Any?

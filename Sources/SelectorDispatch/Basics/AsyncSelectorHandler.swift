/// The low-level form of a service's `async` handler for one selector.
///
/// Like ``SelectorHandler``, it receives the dispatched parameters in order and
/// returns its answer, or `nil` (or `()`) for "no opinion". For a selector
/// whose vocabulary entry has a completion handler it is given the
/// parameters *without* the completion, and what it returns is its
/// completion value, as Swift's `async` import of such a delegate method
/// does.
///
/// **Why `nonisolated(nonsending)`.** The handler runs on the isolation of
/// whoever awaits it (SE-0461), so the non-`Sendable` `[Any]` never crosses
/// an isolation boundary:
///
/// - A plain `([Any]) async -> Any?` runs on the global executor; a caller
///   on the main actor would have to *send* its parameters there, which
///   Swift 6 rejects ("sending 'params' risks causing data races").
/// - `@Sendable` would forbid handlers that capture a service's
///   non-`Sendable` state, which is what services are made of.
/// - `@isolated(any)` keeps the closure's isolation but still makes every
///   call cross into it, with the same data-race error for `[Any]`.
///
/// With `nonisolated(nonsending)`, when a `@MainActor` app delegate awaits
/// `try await dispatcher.answer(to:params:)` the handler runs on
/// the main actor. A closure written in main-actor code (a `@MainActor`
/// type, or a module whose default isolation is the main actor) keeps
/// that isolation, and runs there wherever it is awaited from. Marking it
/// `@MainActor` elsewhere does not compile: its `[Any]` would cross into
/// the main actor. Write a typed handler of a
/// ``Dispatcher/MainActorCompletionEvent`` instead, whose `async` closure
/// runs on the main actor with its arguments' types.
///
/// Register async handlers with
/// ``Dispatcher/register(service:priority:handlers:asyncHandlers:)``, or write an
/// `async` closure in a ``DispatchService``'s `on(_:_:)` entry.
public typealias AsyncSelectorHandler = nonisolated(nonsending) ([Any]) async -> Any?

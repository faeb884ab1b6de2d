// The `on(_:_:)` entries for typed events. Each lands in the same table,
// under the event's selector, as `on("selector") { … }` with the same
// closure would. They are functions of the module, not methods of a
// service, so that a `Service` value's body, written in an app delegate or
// a SwiftUI `App`, finds them as a service type's body does.

/// Makes a handler for a typed event: a ``HandlerTableBuilder`` entry whose
/// closure's parameter and answer types are the event's.
///
/// <!-- snippet: handlers -->
/// ```swift
/// on(.shouldRetryPayment) { order in order.hasPrefix("retry") }
/// ```
///
/// - Parameters:
///   - event: The event, such as `.shouldRetryPayment`.
///   - body: The handler; what it throws is the answer
///     ``DispatchError/handlerFailed(selector:service:reason:)``.
/// - Returns: The typed handler.
@inlinable
public func on<each Argument, Answer>(
  _ event: Dispatcher.Event<(repeat each Argument) -> Answer>,
  _ body: @escaping (repeat each Argument) throws -> Answer
) -> TypedHandler {
  TypedHandler(
    selector: event.selector, parameterCount: TypedHandler.count(repeat (each Argument).self),
    calling: TypedHandler.calling(event.selector, body))
}

/// Makes a handler that answers nothing (no opinion) for a typed event,
/// whatever the event's answer type.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler.
/// - Returns: The typed handler.
@_disfavoredOverload @inlinable
public func on<each Argument, Answer>(
  _ event: Dispatcher.Event<(repeat each Argument) -> Answer>,
  _ body: @escaping (repeat each Argument) throws -> Void
) -> TypedHandler {
  TypedHandler(
    selector: event.selector, parameterCount: TypedHandler.count(repeat (each Argument).self),
    calling: TypedHandler.calling(event.selector, body))
}

/// Makes a handler for a main-actor event: its closure is `@MainActor`,
/// so it may call main-actor code.
///
/// Called off the main thread, the handler does not run the closure and
/// answers ``DispatchError/notOnMainActor(selector:service:)``.
///
/// - Parameters:
///   - event: The event, such as `.themeDidChange`.
///   - body: The handler.
/// - Returns: The typed handler.
@inlinable
public func on<each Argument, Answer>(
  _ event: Dispatcher.MainActorEvent<(repeat each Argument) -> Answer>,
  _ body: @escaping @MainActor (repeat each Argument) throws -> Answer
) -> TypedHandler {
  TypedHandler(
    selector: event.selector, parameterCount: TypedHandler.count(repeat (each Argument).self),
    calling: TypedHandler.callingOnMainActor(event.selector, body))
}

/// Makes a handler that answers nothing (no opinion) for a main-actor
/// event, whatever the event's answer type.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler.
/// - Returns: The typed handler.
@_disfavoredOverload @inlinable
public func on<each Argument, Answer>(
  _ event: Dispatcher.MainActorEvent<(repeat each Argument) -> Answer>,
  _ body: @escaping @MainActor (repeat each Argument) throws -> Void
) -> TypedHandler {
  TypedHandler(
    selector: event.selector, parameterCount: TypedHandler.count(repeat (each Argument).self),
    calling: TypedHandler.callingOnMainActor(event.selector, body))
}

/// Makes a handler for a completion event: it returns the completion's
/// value, which the service's completion is called with at once, as
/// Swift's `async` import of such a method returns it.
///
/// <!-- snippet: handlers -->
/// ```swift
/// on(.refresh) { feed in feed == "news" }
/// ```
///
/// A closure that throws does not complete; the dispatch does not wait
/// for it, and throws ``DispatchError/handlerFailed(selector:service:reason:)``.
/// A handler that completes later is `async`.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
public func on<each Argument, Value>(
  _ event: Dispatcher.CompletionEvent<(repeat each Argument) -> Value>,
  _ body: @escaping (repeat each Argument) throws -> Value
) -> TypedHandler {
  TypedHandler(
    selector: event.selector,
    parameterCount: TypedHandler.count(repeat (each Argument).self), leftOut: 1...1,
    handler: TypedHandler.completing(event.selector, event.carrier, body))
}

/// Makes a handler for a main-actor completion event: it returns the
/// completion's value, which the service's completion is called with at
/// once; see the ``Dispatcher/CompletionEvent`` form.
///
/// Called off the main thread, the handler does not run the closure and
/// answers ``DispatchError/notOnMainActor(selector:service:)``; the
/// dispatch does not wait for it.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
public func on<each Argument, Value>(
  _ event: Dispatcher.MainActorCompletionEvent<(repeat each Argument) -> Value>,
  _ body: @escaping @MainActor (repeat each Argument) throws -> Value
) -> TypedHandler {
  TypedHandler(
    selector: event.selector,
    parameterCount: TypedHandler.count(repeat (each Argument).self), leftOut: 1...1,
    handler: TypedHandler.completingOnMainActor(event.selector, event.carrier, body))
}

/// Makes an `async` handler for a main-actor completion event: it returns
/// the completion's value, and runs on the main actor wherever the
/// dispatch awaits it.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<each Argument, Value>(
  _ event: Dispatcher.MainActorCompletionEvent<(repeat each Argument) -> Value>,
  _ body: @escaping @MainActor (repeat each Argument) async throws -> Value
) -> TypedHandler {
  let selector = event.selector
  return TypedHandler(
    selector: selector, parameterCount: TypedHandler.count(repeat (each Argument).self),
    leftOut: 1...1,
    handler: { _ in DispatchError.asyncHandlerNeedsAwait(selector: selector, service: nil) },
    asyncHandler: TypedHandler.awaitingOnMainActor(selector, event.carrier, body))
}

// One `async` entry per argument count, zero to five, rather than one over a
// parameter pack: Swift 6.3 crashes compiling a `nonisolated(nonsending)`
// closure passed as a parameter pack (as for `TypedHandler`'s async
// initializers).

/// Makes an `async` handler for a completion event with no arguments
/// before its completion: it returns the completion's value, and runs on
/// the dispatch's isolation unless it has its own. There is one such
/// function per argument count, zero to five.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<Value>(
  _ event: Dispatcher.CompletionEvent<() -> Value>,
  _ body: nonisolated(nonsending) @escaping () async throws -> Value
) -> TypedHandler {
  let (selector, carrier) = (event.selector, event.carrier)
  return TypedHandler(selector, parameterCount: 0, leftOut: 1...1) { _ in
    carrier.answer(try await body())
  }
}

/// Makes an `async` handler for a completion event with 1 argument
/// before its completion; see the zero-argument form.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<First, Value>(
  _ event: Dispatcher.CompletionEvent<(First) -> Value>,
  _ body: nonisolated(nonsending) @escaping (First) async throws -> Value
) -> TypedHandler {
  let (selector, carrier) = (event.selector, event.carrier)
  return TypedHandler(selector, parameterCount: 1, leftOut: 1...1) { params in
    carrier.answer(try await body(try TypedHandler.cast(params, 0, First.self, selector)))
  }
}

/// Makes an `async` handler for a completion event with 2 arguments
/// before its completion; see the zero-argument form.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<First, Second, Value>(
  _ event: Dispatcher.CompletionEvent<(First, Second) -> Value>,
  _ body: nonisolated(nonsending) @escaping (First, Second) async throws -> Value
) -> TypedHandler {
  let (selector, carrier) = (event.selector, event.carrier)
  return TypedHandler(selector, parameterCount: 2, leftOut: 1...1) { params in
    carrier.answer(
      try await body(
        try TypedHandler.cast(params, 0, First.self, selector),
        try TypedHandler.cast(params, 1, Second.self, selector)))
  }
}

/// Makes an `async` handler for a completion event with 3 arguments
/// before its completion; see the zero-argument form.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<First, Second, Third, Value>(
  _ event: Dispatcher.CompletionEvent<(First, Second, Third) -> Value>,
  _ body: nonisolated(nonsending) @escaping (First, Second, Third) async throws -> Value
) -> TypedHandler {
  let (selector, carrier) = (event.selector, event.carrier)
  return TypedHandler(selector, parameterCount: 3, leftOut: 1...1) { params in
    carrier.answer(
      try await body(
        try TypedHandler.cast(params, 0, First.self, selector),
        try TypedHandler.cast(params, 1, Second.self, selector),
        try TypedHandler.cast(params, 2, Third.self, selector)))
  }
}

/// Makes an `async` handler for a completion event with 4 arguments
/// before its completion; see the zero-argument form.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<First, Second, Third, Fourth, Value>(
  _ event: Dispatcher.CompletionEvent<(First, Second, Third, Fourth) -> Value>,
  _ body: nonisolated(nonsending) @escaping (First, Second, Third, Fourth) async throws -> Value
) -> TypedHandler {
  let (selector, carrier) = (event.selector, event.carrier)
  return TypedHandler(selector, parameterCount: 4, leftOut: 1...1) { params in
    carrier.answer(
      try await body(
        try TypedHandler.cast(params, 0, First.self, selector),
        try TypedHandler.cast(params, 1, Second.self, selector),
        try TypedHandler.cast(params, 2, Third.self, selector),
        try TypedHandler.cast(params, 3, Fourth.self, selector)))
  }
}

/// Makes an `async` handler for a completion event with 5 arguments
/// before its completion; see the zero-argument form.
///
/// - Parameters:
///   - event: The event.
///   - body: The handler: the event's arguments, without the completion.
/// - Returns: The typed handler.
@_disfavoredOverload
public func on<First, Second, Third, Fourth, Fifth, Value>(
  _ event: Dispatcher.CompletionEvent<(First, Second, Third, Fourth, Fifth) -> Value>,
  _ body:
    nonisolated(nonsending) @escaping (First, Second, Third, Fourth, Fifth) async throws -> Value
) -> TypedHandler {
  let (selector, carrier) = (event.selector, event.carrier)
  return TypedHandler(selector, parameterCount: 5, leftOut: 1...1) { params in
    carrier.answer(
      try await body(
        try TypedHandler.cast(params, 0, First.self, selector),
        try TypedHandler.cast(params, 1, Second.self, selector),
        try TypedHandler.cast(params, 2, Third.self, selector),
        try TypedHandler.cast(params, 3, Fourth.self, selector),
        try TypedHandler.cast(params, 4, Fifth.self, selector)))
  }
}

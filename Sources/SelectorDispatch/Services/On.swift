/// Makes a typed handler for a selector written as text: a
/// ``HandlerTableBuilder`` entry, in a ``Service`` value's body or a
/// ``DispatchService`` type's ``DispatchService/handlers``.
///
/// ```swift
/// on("application:openURL:options:") {
///   (app: AnyObject, url: URL, options: [String: Any]) -> Bool in url.scheme == "myapp"
/// }
/// ```
///
/// See ``TypedHandler`` for how parameters are cast and what a `Void` or
/// throwing closure answers. A typed event's entry, `on(.event) { … }`,
/// infers the closure's types instead.
///
/// - Parameters:
///   - selector: The selector; it must have one `:` per closure parameter.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
@inlinable
public func on<each Argument, Answer>(
  _ selector: String, _ body: @escaping (repeat each Argument) throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

// One `async` entry per parameter count, zero to five, rather than one over a
// parameter pack (see `TypedHandler`'s async initializers).

/// Makes a typed handler from an `async` closure with no parameters: a
/// ``HandlerTableBuilder`` entry, mixed freely with synchronous ones.
///
/// This and the `async` `on(_:_:)` of one to five parameters, which
/// point here, work alike. The parameters are cast as for a synchronous
/// typed handler (see
/// ``TypedHandler``), and a `Void` or throwing closure answers the same
/// way. For a selector whose vocabulary entry has a completion handler,
/// leave the completion out and return its value, as Swift's `async`
/// import does:
///
/// ```swift
/// struct Feed: DispatchService {
///   var handlers: HandlerTable {
///     on("application:performFetchWithCompletionHandler:") {
///       (app: AnyObject) async -> BackgroundFetchResult in
///       await feed.refresh() ? .newData : .noData
///     }
///   }
/// }
/// ```
///
/// The closure is ``AsyncSelectorHandler``'s `nonisolated(nonsending)`
/// kind: it runs on the caller's isolation unless it has its own, as a
/// closure written in a `@MainActor` type does.
///
/// There is one such function per parameter count, zero to five, rather
/// than one over a parameter pack: Swift 6.3 crashes compiling a
/// `nonisolated(nonsending)` closure passed as a parameter pack.
///
/// - Parameters:
///   - selector: The selector.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
public func on<Answer>(
  _ selector: String, _ body: nonisolated(nonsending) @escaping () async throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

/// Makes a typed handler from an `async` closure of 1 parameter; see
/// the zero-parameter `async` `on(_:_:)`.
///
/// - Parameters:
///   - selector: The selector.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
public func on<First, Answer>(
  _ selector: String,
  _ body: nonisolated(nonsending) @escaping (First) async throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

/// Makes a typed handler from an `async` closure of 2 parameters; see
/// the zero-parameter `async` `on(_:_:)`.
///
/// - Parameters:
///   - selector: The selector.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
public func on<First, Second, Answer>(
  _ selector: String,
  _ body: nonisolated(nonsending) @escaping (First, Second) async throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

/// Makes a typed handler from an `async` closure of 3 parameters; see
/// the zero-parameter `async` `on(_:_:)`.
///
/// - Parameters:
///   - selector: The selector.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
public func on<First, Second, Third, Answer>(
  _ selector: String,
  _ body: nonisolated(nonsending) @escaping (First, Second, Third) async throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

/// Makes a typed handler from an `async` closure of 4 parameters; see
/// the zero-parameter `async` `on(_:_:)`.
///
/// - Parameters:
///   - selector: The selector.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
public func on<First, Second, Third, Fourth, Answer>(
  _ selector: String,
  _ body: nonisolated(nonsending) @escaping (First, Second, Third, Fourth) async throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

/// Makes a typed handler from an `async` closure of 5 parameters; see
/// the zero-parameter `async` `on(_:_:)`.
///
/// - Parameters:
///   - selector: The selector.
///   - body: The handler, with annotated parameter types.
/// - Returns: The typed handler.
public func on<First, Second, Third, Fourth, Fifth, Answer>(
  _ selector: String,
  _ body:
    nonisolated(nonsending) @escaping (First, Second, Third, Fourth, Fifth) async throws -> Answer
) -> TypedHandler {
  TypedHandler(selector, body)
}

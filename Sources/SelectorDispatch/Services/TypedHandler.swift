/// A handler whose parameters have types: what `on(_:_:)` makes, inside a
/// ``DispatchService``'s ``HandlerTableBuilder`` body, for a typed event or
/// a selector written as text.
///
/// ```swift
/// struct Links: DispatchService {
///   var handlers: HandlerTable {
///     on("application:openURL:options:") {
///       (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
///       url.scheme == "myapp"
///     }
///   }
/// }
/// ```
///
/// A typed dispatch (``Dispatcher/dispatch(_:with:as:)``) whose arguments
/// have exactly the closure's parameter types calls the closure with them,
/// with no `[Any]` and no cast, when every handler of the selector is such a
/// typed handler. On every other path the dispatched parameters are checked
/// against the closure's types on each call. A parameter of the wrong type does not crash:
/// the handler answers
/// ``DispatchError/handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``
/// (0-based index) instead of calling the closure, and the dispatch throws
/// it, naming the service, after every other handler has run. A dispatch
/// that joins completion handlers does not wait for that service's
/// completion, which the closure never received.
///
/// A function argument is taken as Swift would convert it at compile time:
/// a `@Sendable` function where the closure takes the same function type
/// without `@Sendable`, on every path; an `async` one without its global
/// actor, on every path; a synchronous `@MainActor` one only by a
/// main-actor event's handler that does not take it as `@Sendable`
/// (elsewhere the refusal says so); an optional function as its function.
/// Any other difference is refused. Annotate a selector's closure's
/// parameter types, and mark function-typed ones `@escaping` (as in
/// `restore: @escaping ([Any]?) -> Void`).
///
/// **Answers.** A closure that returns `Void` answers `nil` (no opinion). A
/// closure that throws answers ``DispatchError/handlerFailed(selector:service:reason:)``
/// with the error's description; the dispatcher fills in the service.
///
/// **Mistakes in the definition.** A malformed selector, or a closure whose
/// parameter count differs from the selector's arity, is kept with the
/// handler rather than trapped, because selectors can come from strings:
/// registering the service throws it, and nothing of that service is
/// registered.
public struct TypedHandler {
  /// The selector the handler answers, such as `applicationDidEnterBackground:`.
  package let selector: String

  /// The number of parameters the closure takes.
  package let parameterCount: Int

  /// The low-level handler that casts the parameters and calls the closure.
  package let handler: SelectorHandler

  /// The closure kept with its types for a typed dispatch, when it is
  /// synchronous and takes every parameter; `nil` otherwise.
  let typed: TypedCall?

  /// Whether the handler is a completion event's, which replies through a
  /// completion the dispatcher makes for it: its selector must be declared
  /// with a completion before it registers (see `Dispatcher.Pending`).
  let needsCompletion: Bool

  /// The closure as an ``AsyncSelectorHandler`` when it is `async`; `handler` is
  /// then a stand-in that a synchronous dispatch never calls. See
  /// the `async` initializers.
  package internal(set) var asyncHandler: AsyncSelectorHandler?

  /// The handler's own priority, set with ``priority(_:)``; `nil` (the
  /// default) runs it at its service's priority.
  package internal(set) var priority: Int?

  /// What is wrong with the definition, or `nil` when it can be registered:
  /// ``DispatchError/malformedSelector(selector:offset:reason:)``, or
  /// ``DispatchError/arityMismatch(selector:expected:actual:)`` whose
  /// `actual` is the closure's parameter count.
  package let problem: DispatchError?

  /// Makes a typed handler for a selector: what `on(_:_:)` returns.
  ///
  /// Each dispatched parameter is cast to the closure's parameter type in
  /// order; the first that does not cast makes the handler answer
  /// ``DispatchError/handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``
  /// without calling `body`.
  @inlinable
  package init<each Argument, Answer>(
    _ selector: String, _ body: @escaping (repeat each Argument) throws -> Answer
  ) {
    self.init(
      selector: selector, parameterCount: Self.count(repeat (each Argument).self),
      calling: Self.calling(selector, body))
  }

  /// The same handler with a priority of its own, in place of its
  /// service's for this one selector.
  ///
  /// Handlers of one selector run by priority, higher first, and equal
  /// priorities in the order their services registered, whether a priority
  /// is the handler's own or its service's:
  ///
  /// <!-- snippet: not compiled -- UIKit's events, which SelectorDispatchUIKit declares for iOS only -->
  /// ```swift
  /// struct Accounts: DispatchService {
  ///   var handlers: HandlerTable {
  ///     on(.sceneDidEnterBackground) { scene in accounts.save() }  // the service's, 0
  ///     on(.sceneWillEnterForeground) { scene in accounts.refresh() }.priority(100)  // first
  ///   }
  /// }
  /// ```
  ///
  /// One service may list a selector again at another priority, to run at
  /// two points of its order ("set the environment up first, start the
  /// view model last"); two of its handlers of one selector at one priority
  /// (neither with its own, or one with its service's) are refused when it
  /// registers, with ``DispatchError/duplicateHandler(selector:service:)``.
  ///
  /// - Parameter priority: Higher priorities run first.
  /// - Returns: The handler, with the priority.
  public func priority(_ priority: Int) -> TypedHandler {
    var handler = self
    handler.priority = priority
    return handler
  }
}

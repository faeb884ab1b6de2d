// The declarations this release renamed or folded into others, kept so that
// code written against the previous release still compiles, with a warning
// that names the replacement. Each forwards to its replacement unchanged.
// One that could not stay deprecated is unavailable, with a message that
// names its replacement.

extension TypedHandler {
  /// Builds a handler table from typed handlers.
  ///
  /// - Parameter handlers: The typed handlers, each with its own selector.
  /// - Returns: `HandlerTable(handlers)`.
  @available(*, deprecated, renamed: "HandlerTable.init(_:)")
  public static func table(_ handlers: [TypedHandler]) -> HandlerTable {
    HandlerTable(handlers)
  }
}

extension Dispatcher {
  /// Registers a service's handlers given as a dictionary: wrap it in
  /// `HandlerTable(_:)`.
  ///
  /// A `Dictionary` literal traps on a selector listed twice before the call
  /// begins, so the table, whose literal records it as its ``HandlerTable/problem``
  /// and makes registering throw ``DispatchError/duplicateHandler(selector:service:)``,
  /// is the one parameter type. This overload is unavailable rather than
  /// deprecated: only then does the type checker leave every literal to the
  /// table's, and a dictionary built at run time gets this message.
  ///
  /// - Parameters:
  ///   - service: A name unique among the registered services.
  ///   - priority: Higher priorities run first.
  ///   - handlers: The service's handlers.
  ///   - asyncHandlers: The service's `async` handlers, keyed by selector.
  /// - Throws: What ``register(service:priority:handlers:asyncHandlers:)``
  ///   throws.
  @available(
    *, unavailable,
    message: "wrap the dictionary in HandlerTable(_:); a dictionary literal needs nothing"
  )
  public func register(
    service: String, priority: Int = 0, handlers: [String: SelectorHandler],
    asyncHandlers: [String: AsyncSelectorHandler] = [:]
  ) throws {
    try register(
      service: service, priority: priority, handlers: HandlerTable(handlers),
      asyncHandlers: asyncHandlers)
  }
}

extension Fold {
  /// A fold of your own, known by its name.
  ///
  /// - Parameters:
  ///   - name: The fold's name, which is its identity.
  ///   - reduce: Combines the collected answers.
  /// - Returns: ``named(_:reduce:)``.
  @available(*, deprecated, renamed: "named(_:reduce:)")
  public static func custom(name: String, reduce: @escaping @Sendable ([Any?]) throws -> Any?)
    -> Fold
  {
    .named(name, reduce: reduce)
  }
}

/// A service: a name, a priority and handlers.
///
/// Renamed ``DispatchService``: a bare `Service` is ambiguous in code that
/// also imports swift-service-lifecycle, whose protocol has that name.
@available(*, deprecated, renamed: "DispatchService")
public typealias Service = DispatchService

/// A synchronous handler: the dispatched parameters in, an answer out.
///
/// Renamed ``SelectorHandler``: a bare `Handler` is ambiguous in code that
/// also imports a module declaring one, such as smithy-swift's
/// `ClientRuntime`, which the AWS SDK for Swift uses.
@available(*, deprecated, renamed: "SelectorHandler")
public typealias Handler = SelectorHandler

/// An `async` handler.
///
/// Renamed ``AsyncSelectorHandler``, with ``SelectorHandler``.
@available(*, deprecated, renamed: "AsyncSelectorHandler")
public typealias AsyncHandler = AsyncSelectorHandler

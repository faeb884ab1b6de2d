// The declarations this release renamed or folded into others, kept so that
// code written against the previous release still compiles, with a warning
// that names the replacement. Each forwards to its replacement unchanged.

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

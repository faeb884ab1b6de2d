/// Builds a ``HandlerTable`` from typed handlers.
///
/// Mark a service's ``DispatchService/handlers`` with it and list one
/// `on(_:_:)` (a ``DispatchService`` method) per selector; `if`, `switch` and `for` work too.
///
/// ```swift
/// struct Push: DispatchService {
///   @HandlerTableBuilder var handlers: HandlerTable {
///     on("applicationDidEnterBackground:") { (app: AnyObject) in clearBadge() }
///     on("application:openURL:options:") {
///       (app: AnyObject, url: URL, options: [String: Any]) -> Bool in url.scheme == "push"
///     }
///   }
/// }
/// ```
///
/// Mistakes — a malformed selector, a closure whose parameter count differs
/// from the selector's arity, or one selector listed twice — are thrown when
/// the service is registered: a ``HandlerTable`` carries the first as its
/// ``HandlerTable/problem``.
@resultBuilder
public enum HandlerTableBuilder {
  /// Accepts one typed handler.
  ///
  /// - Parameter handler: A typed handler.
  /// - Returns: The handler as a partial list.
  public static func buildExpression(_ handler: TypedHandler) -> [TypedHandler] { [handler] }

  /// Accepts a list of typed handlers, such as one built with `map`.
  ///
  /// - Parameter handlers: Typed handlers.
  /// - Returns: The handlers.
  public static func buildExpression(_ handlers: [TypedHandler]) -> [TypedHandler] { handlers }

  /// Joins the statements of a block.
  ///
  /// - Parameter parts: The handlers of each statement.
  /// - Returns: All the handlers, in order.
  public static func buildBlock(_ parts: [TypedHandler]...) -> [TypedHandler] {
    parts.flatMap { $0 }
  }

  /// Supports `if` without `else`.
  ///
  /// - Parameter part: The handlers when the condition held.
  /// - Returns: Those handlers, or none.
  public static func buildOptional(_ part: [TypedHandler]?) -> [TypedHandler] { part ?? [] }

  /// Supports the first branch of `if`–`else` and `switch`.
  ///
  /// - Parameter first: The branch's handlers.
  /// - Returns: The same handlers.
  public static func buildEither(first: [TypedHandler]) -> [TypedHandler] { first }

  /// Supports the second branch of `if`–`else` and `switch`.
  ///
  /// - Parameter second: The branch's handlers.
  /// - Returns: The same handlers.
  public static func buildEither(second: [TypedHandler]) -> [TypedHandler] { second }

  /// Supports `for` loops.
  ///
  /// - Parameter parts: The handlers of each iteration.
  /// - Returns: All the handlers, in order.
  public static func buildArray(_ parts: [[TypedHandler]]) -> [TypedHandler] {
    parts.flatMap { $0 }
  }

  /// Turns the handlers into the table ``Dispatcher`` registers.
  ///
  /// - Parameter handlers: All the handlers, in order.
  /// - Returns: The table, with the first mistake in the definition.
  public static func buildFinalResult(_ handlers: [TypedHandler]) -> HandlerTable {
    HandlerTable(handlers)
  }
}

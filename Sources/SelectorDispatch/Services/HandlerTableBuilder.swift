/// Builds a ``HandlerTable`` from `on(_:_:)` entries.
///
/// A service's ``DispatchService/handlers`` is built with it without writing
/// it, as a SwiftUI view's `body` is built with `ViewBuilder`: the
/// requirement carries the attribute, and Swift infers it for a witness
/// whose body has no `return`, declared where the type states its
/// conformance (in the type, or in the extension that adds
/// ``DispatchService``). A witness declared anywhere else, in another
/// extension or as a subclass's `override`, writes `@HandlerTableBuilder`
/// itself. List one `on(_:_:)` (a function of the module) per selector, or
/// several, each with a priority of its own (``TypedHandler/priority(_:)``),
/// to run at several points of its order; `if`, `switch` and `for` work too.
///
/// ```swift
/// struct Push: DispatchService {
///   var handlers: HandlerTable {
///     on("applicationDidEnterBackground:") { (app: AnyObject) in clearBadge() }
///     on("application:openURL:options:") {
///       (app: AnyObject, url: URL, options: [String: Any]) -> Bool in url.scheme == "push"
///     }
///   }
/// }
/// ```
///
/// A statement may also be a whole ``HandlerTable``, such as the design's
/// dictionary literal of ``SelectorHandler`` closures:
///
/// ```swift
/// struct Badge: DispatchService {
///   var handlers: HandlerTable {
///     ["applicationDidEnterBackground:": { _ in clearBadge(); return nil }]
///   }
/// }
/// ```
///
/// Mistakes (a malformed selector, a closure whose parameter count differs
/// from the selector's arity, or one selector listed twice at one priority)
/// are thrown when the service is registered, the first of them, and
/// nothing of the service is registered.
@resultBuilder
public enum HandlerTableBuilder {
  /// Accepts one typed handler.
  ///
  /// - Parameter handler: A typed handler.
  /// - Returns: The handler as a partial list.
  public static func buildExpression(_ handler: TypedHandler) -> [TypedHandler] { [handler] }

  /// Accepts a whole table, such as a dictionary literal of handlers, whose
  /// repeated selector is recorded rather than a trap.
  ///
  /// - Parameter table: The table.
  /// - Returns: Its handlers, each as the table holds it.
  public static func buildExpression(_ table: HandlerTable) -> [TypedHandler] {
    table.typedHandlers
  }

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

/// Builds a ``HandlerTable`` from typed handlers.
///
/// A service's ``DispatchService/handlers`` is built with it without writing
/// it, as a SwiftUI view's `body` is built with `ViewBuilder`: the
/// requirement carries the attribute, and Swift infers it for a witness
/// whose body has no `return`, declared where the type states its
/// conformance (in the type, or in the extension that adds
/// ``DispatchService``). A witness declared anywhere else, in another
/// extension or as a subclass's `override`, writes `@HandlerTableBuilder`
/// itself. List one `on(_:_:)` (a ``DispatchService`` method) per selector;
/// `if`, `switch` and `for` work too.
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
/// Mistakes — a malformed selector, a closure whose parameter count differs
/// from the selector's arity, or one selector listed twice — are thrown when
/// the service is registered: a ``HandlerTable`` carries the first as its
/// ``HandlerTable/problem``.
///
/// A body may instead be one whole table: a ``HandlerTable``, a dictionary
/// literal (which is a ``HandlerTable``'s, so a selector listed twice is
/// recorded, not a trap) or a `[String: SelectorHandler]`; the witness may
/// then be a ``HandlerTable`` or a `[String: SelectorHandler]`:
///
/// ```swift
/// struct Badge: DispatchService {
///   var handlers: [String: SelectorHandler] {
///     ["applicationDidEnterBackground:": { _ in clearBadge(); return nil }]
///   }
/// }
/// ```
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

  /// Accepts a whole table, such as a dictionary literal of handlers, as a
  /// body's one statement.
  ///
  /// - Parameter table: The table.
  /// - Returns: The same table.
  public static func buildExpression(_ table: HandlerTable) -> HandlerTable { table }

  /// Accepts a `[String: SelectorHandler]` made elsewhere as a body's one
  /// statement. Disfavoured, so that a dictionary literal is a
  /// ``HandlerTable``'s, which records a selector listed twice instead of
  /// trapping.
  ///
  /// - Parameter handlers: The handlers, keyed by selector.
  /// - Returns: The handlers as a table.
  @_disfavoredOverload
  public static func buildExpression(_ handlers: [String: SelectorHandler]) -> HandlerTable {
    HandlerTable(handlers)
  }

  /// Passes a body's one whole table on.
  ///
  /// - Parameter table: The table.
  /// - Returns: The same table.
  public static func buildBlock(_ table: HandlerTable) -> HandlerTable { table }

  /// Gives a body's one whole table as a ``HandlerTable``.
  ///
  /// - Parameter table: The table.
  /// - Returns: The same table.
  public static func buildFinalResult(_ table: HandlerTable) -> HandlerTable { table }

  /// Gives a body's one whole table as a `[String: SelectorHandler]`, for a
  /// service whose ``DispatchService/handlers`` has that type.
  ///
  /// Such a dictionary holds what a dictionary literal can: a selector
  /// listed twice in the literal stops the program with a message that names
  /// it, as any Swift dictionary literal with a repeated key does, and so
  /// does a table with `async` handlers, handlers with a priority of their
  /// own or a mistake, which the dictionary could not carry. Give the property the type ``HandlerTable`` to have
  /// such mistakes thrown when the service registers instead.
  ///
  /// - Parameter table: The table.
  /// - Returns: Its handlers.
  public static func buildFinalResult(_ table: HandlerTable) -> [String: SelectorHandler] {
    if let problem = table.problem {
      preconditionFailure("a [String: SelectorHandler] cannot hold this table: \(problem)")
    }
    precondition(
      table.asyncHandlers.isEmpty,
      "a [String: SelectorHandler] cannot hold the async handlers of "
        + table.asyncHandlers.keys.sorted().joined(separator: ", ")
        + "; give handlers the type HandlerTable")
    precondition(
      table.priorities.isEmpty,
      "a [String: SelectorHandler] cannot hold the priorities of the handlers of "
        + table.priorities.keys.sorted().joined(separator: ", ")
        + "; give handlers the type HandlerTable")
    return table.handlers
  }
}

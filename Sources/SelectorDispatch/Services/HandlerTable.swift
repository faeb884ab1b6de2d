/// A service's handlers keyed by selector, with the first mistake found
/// while building them: what ``HandlerTableBuilder`` produces.
///
/// ```swift
/// struct Push: Service {
///   @HandlerTableBuilder var handlers: HandlerTable {
///     on("applicationDidEnterBackground:") { (app: AnyObject) in clearBadge() }
///   }
/// }
/// ```
///
/// A table with a ``problem`` registers nothing: registering it throws the
/// problem, attributed to the service. The handlers of such a table are
/// those that were well defined, for inspection.
public struct HandlerTable {
  /// The handlers, keyed by selector.
  public let handlers: [String: Handler]

  /// The first mistake in the definition, in order, or `nil` when the table
  /// can be registered: a typed handler's ``TypedHandler/problem``, or
  /// ``DispatchError/duplicateHandler(selector:service:)`` for a selector
  /// listed twice (its service filled in when it is registered).
  public let problem: DispatchError?

  /// Builds a table from typed handlers, each with its own selector.
  ///
  /// - Parameter typed: The typed handlers, in order.
  public init(_ typed: [TypedHandler]) {
    var handlers: [String: Handler] = [:]
    handlers.reserveCapacity(typed.count)
    var problem: DispatchError?
    for handler in typed {
      if problem == nil, let mistake = handler.problem { problem = mistake }
      if handlers.updateValue(handler.handler, forKey: handler.selector) != nil, problem == nil {
        problem = .duplicateHandler(selector: handler.selector, service: "")
      }
    }
    self.handlers = handlers
    self.problem = problem
  }

  /// Wraps a handler table written by hand, such as one from
  /// ``Dispatcher/register(service:priority:handlers:)-(_,_,[String:Handler])``.
  ///
  /// A table made by ``TypedHandler/table(_:)`` keeps its mistake.
  ///
  /// - Parameter handlers: The handlers, keyed by selector.
  public init(_ handlers: [String: Handler]) {
    guard let marker = handlers[Self.legacyProblemKey] else {
      self.handlers = handlers
      self.problem = nil
      return
    }
    var rest = handlers
    rest[Self.legacyProblemKey] = nil
    self.handlers = rest
    // The marker answers only a `DispatchError` (see `dictionary`).
    self.problem = marker([]) as? DispatchError
  }

  /// The table as the `[String: Handler]` of the API that predates this
  /// type (``TypedHandler/table(_:)``, a ``Service`` that declares its
  /// handlers as a dictionary).
  ///
  /// A dictionary has no room for a mistake, so it carries one under a key
  /// that is no selector, read back only by the dictionary initializer:
  /// the compatibility form, kept until the dictionary-typed builder goes.
  var dictionary: [String: Handler] {
    guard let problem else { return handlers }
    var table = handlers
    table[Self.legacyProblemKey] = { _ in problem }
    return table
  }

  /// Contains spaces, so it can never be a selector.
  static let legacyProblemKey = "<invalid handler table>"
}

/// A value a ``Service`` can give as its ``Service/handlers``: a
/// ``HandlerTable``, or a `[String: Handler]` dictionary.
public protocol HandlerTableConvertible {
  /// The handlers as a table, with any mistake in their definition.
  var handlerTable: HandlerTable { get }
}

extension HandlerTable: HandlerTableConvertible {
  /// The table itself.
  public var handlerTable: HandlerTable { self }
}

extension Dictionary: HandlerTableConvertible where Key == String, Value == Handler {
  /// The dictionary as a table, with the mistake a table made by
  /// ``TypedHandler/table(_:)`` recorded.
  public var handlerTable: HandlerTable { HandlerTable(self) }
}

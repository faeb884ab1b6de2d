/// A service's handlers keyed by selector, with the first mistake found
/// while building them: what ``Dispatcher/register(service:priority:handlers:asyncHandlers:)``
/// takes and ``HandlerTableBuilder`` produces.
///
/// Write it as a dictionary literal of ``SelectorHandler`` closures, build it from
/// typed handlers, or wrap a dictionary made at run time:
///
/// ```swift
/// let literal: HandlerTable = [
///   "applicationDidEnterBackground:": { _ in clearBadge(); return nil }
/// ]
/// struct Push: DispatchService {
///   var handlers: HandlerTable {
///     on("applicationDidEnterBackground:") { (app: AnyObject) in clearBadge() }
///   }
/// }
/// let loaded = HandlerTable(handlersReadFromAManifest)
/// ```
///
/// A table with a ``problem`` registers nothing: registering it throws the
/// problem, attributed to the service. The handlers of such a table are
/// those that were well defined, for inspection.
public struct HandlerTable: ExpressibleByDictionaryLiteral {
  /// The handlers, keyed by selector.
  public let handlers: [String: SelectorHandler]

  /// The first mistake in the definition, in order, or `nil` when the table
  /// can be registered: a typed handler's ``TypedHandler/problem``, or
  /// ``DispatchError/duplicateHandler(selector:service:)`` for a selector
  /// listed twice (its service filled in when it is registered).
  public let problem: DispatchError?

  /// The `async` handlers among the typed ones, keyed by selector; see
  /// ``AsyncSelectorHandler``.
  public let asyncHandlers: [String: AsyncSelectorHandler]

  /// How many parameters each typed async closure takes, checked when it
  /// registers against the selector's completion handler.
  let asyncParameterCounts: [String: Int]

  /// The typed calls of the synchronous typed handlers, keyed by selector
  /// (see `TypedCall`).
  let typedCalls: [String: TypedCall]

  /// The selectors of the completion events' handlers, which register only
  /// where a completion is declared (see ``TypedHandler``).
  let completionSelectors: Set<String>

  /// The priorities of the typed handlers that have one of their own (see
  /// ``TypedHandler/priority(_:)``), keyed by selector; the others run at
  /// their service's priority.
  let priorities: [String: Int]

  /// Builds a table from typed handlers, each with its own selector.
  ///
  /// - Parameter typed: The typed handlers, in order.
  public init(_ typed: [TypedHandler]) {
    var handlers: [String: SelectorHandler] = [:]
    handlers.reserveCapacity(typed.count)
    var asyncHandlers: [String: AsyncSelectorHandler] = [:]
    var asyncParameterCounts: [String: Int] = [:]
    var typedCalls: [String: TypedCall] = [:]
    var priorities: [String: Int] = [:]
    var completionSelectors: Set<String> = []
    var problem: DispatchError?
    for handler in typed {
      if problem == nil, let mistake = handler.problem { problem = mistake }
      let selector = handler.selector
      priorities[selector] = handler.priority
      if handler.needsCompletion { completionSelectors.insert(selector) }
      let twice: Bool
      if let asyncHandler = handler.asyncHandler {
        twice =
          handlers[selector] != nil
          || asyncHandlers.updateValue(asyncHandler, forKey: selector) != nil
        asyncParameterCounts[selector] = handler.parameterCount
      } else {
        twice =
          asyncHandlers[selector] != nil
          || handlers.updateValue(handler.handler, forKey: selector) != nil
        typedCalls[selector] = handler.typed
      }
      if twice, problem == nil { problem = .duplicateHandler(selector: selector, service: nil) }
    }
    self.init(
      handlers: handlers, problem: problem, asyncHandlers: asyncHandlers,
      asyncParameterCounts: asyncParameterCounts, typedCalls: typedCalls, priorities: priorities,
      completionSelectors: completionSelectors)
  }

  private init(
    handlers: [String: SelectorHandler], problem: DispatchError?,
    asyncHandlers: [String: AsyncSelectorHandler],
    asyncParameterCounts: [String: Int], typedCalls: [String: TypedCall] = [:],
    priorities: [String: Int] = [:], completionSelectors: Set<String> = []
  ) {
    self.handlers = handlers
    self.problem = problem
    self.asyncHandlers = asyncHandlers
    self.asyncParameterCounts = asyncParameterCounts
    self.typedCalls = typedCalls
    self.priorities = priorities
    self.completionSelectors = completionSelectors
  }

  /// Wraps a handler table written by hand, which has no typed handlers
  /// and so no mistake and no async handlers.
  ///
  /// - Parameter handlers: The handlers, keyed by selector.
  public init(_ handlers: [String: SelectorHandler]) {
    self.init(handlers: handlers, problem: nil, asyncHandlers: [:], asyncParameterCounts: [:])
  }

  /// Builds a table from a dictionary literal of handlers.
  ///
  /// A selector listed twice does not trap, as it would in a `Dictionary`
  /// literal: the table records
  /// ``DispatchError/duplicateHandler(selector:service:)`` for the first
  /// selector listed again as its ``problem``, so registering it throws and
  /// registers nothing.
  ///
  /// - Parameter elements: The selectors and their handlers.
  public init(dictionaryLiteral elements: (String, SelectorHandler)...) {
    var handlers: [String: SelectorHandler] = [:]
    handlers.reserveCapacity(elements.count)
    var problem: DispatchError?
    for (selector, handler) in elements
    where handlers.updateValue(handler, forKey: selector) != nil && problem == nil {
      problem = .duplicateHandler(selector: selector, service: nil)
    }
    self.init(
      handlers: handlers, problem: problem, asyncHandlers: [:], asyncParameterCounts: [:])
  }
}

/// A service's handlers as a ``DispatchService`` gives them: a
/// ``HandlerTable``, or a `[String: SelectorHandler]` dictionary.
public protocol HandlerTableConvertible {
  /// The handlers as a table, with any mistake in their definition.
  var handlerTable: HandlerTable { get }
}

extension HandlerTable: HandlerTableConvertible {
  /// The table itself.
  public var handlerTable: HandlerTable { self }
}

extension Dictionary: HandlerTableConvertible where Key == String, Value == SelectorHandler {
  /// The dictionary as a table: handlers written by hand, with no mistake
  /// to carry.
  public var handlerTable: HandlerTable { HandlerTable(self) }
}

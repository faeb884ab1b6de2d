/// A service's handlers keyed by selector, with the first mistake found
/// while building them: what a ``DispatchService``'s ``HandlerTableBuilder``
/// body builds from `on(_:_:)` entries, and the design's table of
/// ``SelectorHandler`` closures, which
/// ``Dispatcher/register(service:priority:handlers:asyncHandlers:)`` takes.
///
/// Write the table of closures as a dictionary literal, or wrap a dictionary
/// made at run time:
///
/// ```swift
/// let literal: HandlerTable = [
///   "applicationDidEnterBackground:": { _ in clearBadge(); return nil }
/// ]
/// let loaded = HandlerTable(handlersReadFromAManifest)
/// ```
///
/// A table with a mistake registers nothing: registering it throws the
/// mistake, attributed to the service.
public struct HandlerTable: ExpressibleByDictionaryLiteral {
  /// The handlers, keyed by selector.
  package let handlers: [String: SelectorHandler]

  /// The first mistake in the definition, in order, or `nil` when the table
  /// can be registered: a typed handler's `problem`, or
  /// ``DispatchError/duplicateHandler(selector:service:)`` for a selector
  /// listed twice at one priority (its service filled in when it is
  /// registered).
  package let problem: DispatchError?

  /// The `async` handlers among the typed ones, keyed by selector; see
  /// ``AsyncSelectorHandler``.
  package let asyncHandlers: [String: AsyncSelectorHandler]

  /// How many parameters each typed async closure takes, checked when it
  /// registers against the selector's completion handler.
  let asyncParameterCounts: [String: Int]

  /// The typed calls of the synchronous typed handlers, keyed by selector
  /// (see `TypedCall`).
  let typedCalls: [String: TypedCall]

  /// The selectors of the completion events' handlers, which register only
  /// where a completion is declared (see ``TypedHandler``).
  let completionSelectors: Set<String>

  /// The handlers of a selector listed again, each with a priority of its
  /// own that differs from every earlier handler's of that selector: one
  /// service at several points of one selector's order. The first handler
  /// of each selector is in the tables above.
  let additional: [TypedHandler]

  /// The priorities of the typed handlers that have one of their own (see
  /// ``TypedHandler/priority(_:)``), keyed by selector; the others run at
  /// their service's priority.
  let priorities: [String: Int]

  /// Builds a table from typed handlers, each with its own selector: what
  /// ``HandlerTableBuilder`` makes of a body.
  ///
  /// - Parameter typed: The typed handlers, in order.
  package init(_ typed: [TypedHandler]) {
    var handlers: [String: SelectorHandler] = [:]
    handlers.reserveCapacity(typed.count)
    var asyncHandlers: [String: AsyncSelectorHandler] = [:]
    var asyncParameterCounts: [String: Int] = [:]
    var typedCalls: [String: TypedCall] = [:]
    var priorities: [String: Int] = [:]
    var completionSelectors: Set<String> = []
    var additional: [TypedHandler] = []
    // The priorities each selector's handlers have so far (`nil`: the
    // service's): a handler listed again at one of them is a mistake.
    var listed: [String: [Int?]] = [:]
    var problem: DispatchError?
    for handler in typed {
      if problem == nil, let mistake = handler.problem { problem = mistake }
      let selector = handler.selector
      if let earlier = listed[selector] {
        if earlier.contains(handler.priority) {
          if problem == nil { problem = .duplicateHandler(selector: selector, service: nil) }
        } else {
          additional.append(handler)
        }
        listed[selector] = earlier + [handler.priority]
        continue
      }
      listed[selector] = [handler.priority]
      priorities[selector] = handler.priority
      if handler.needsCompletion { completionSelectors.insert(selector) }
      if let asyncHandler = handler.asyncHandler {
        asyncHandlers[selector] = asyncHandler
        asyncParameterCounts[selector] = handler.parameterCount
      } else {
        handlers[selector] = handler.handler
        typedCalls[selector] = handler.typed
      }
    }
    self.init(
      handlers: handlers, problem: problem, asyncHandlers: asyncHandlers,
      asyncParameterCounts: asyncParameterCounts, typedCalls: typedCalls, priorities: priorities,
      completionSelectors: completionSelectors, additional: additional)
  }

  private init(
    handlers: [String: SelectorHandler], problem: DispatchError?,
    asyncHandlers: [String: AsyncSelectorHandler],
    asyncParameterCounts: [String: Int], typedCalls: [String: TypedCall] = [:],
    priorities: [String: Int] = [:], completionSelectors: Set<String> = [],
    additional: [TypedHandler] = []
  ) {
    self.handlers = handlers
    self.problem = problem
    self.asyncHandlers = asyncHandlers
    self.asyncParameterCounts = asyncParameterCounts
    self.typedCalls = typedCalls
    self.priorities = priorities
    self.completionSelectors = completionSelectors
    self.additional = additional
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
  /// selector listed again as its mistake, so registering it throws and
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

  /// The same table with every handler wrapped, as a dispatcher's instrumented registration
  /// wraps them: priorities, completions and the mistake are kept, and the typed calls are
  /// dropped, so that every dispatch goes through the wrapped handlers.
  ///
  /// - Parameters:
  ///   - wrap: Wraps the synchronous handlers.
  ///   - wrapAsync: Wraps the async handlers.
  /// - Returns: The wrapped table.
  package func instrumented(
    _ wrap: ([String: SelectorHandler]) -> [String: SelectorHandler],
    async wrapAsync: ([String: AsyncSelectorHandler]) -> [String: AsyncSelectorHandler]
  ) -> HandlerTable {
    HandlerTable(
      handlers: wrap(handlers), problem: problem, asyncHandlers: wrapAsync(asyncHandlers),
      asyncParameterCounts: asyncParameterCounts, priorities: priorities,
      completionSelectors: completionSelectors,
      additional: additional.map { $0.instrumented(wrap, async: wrapAsync) })
  }

  /// The table's handlers as typed handlers, sorted by selector, then the
  /// selectors listed again, so that a body of ``HandlerTableBuilder`` may
  /// hold a whole table among its `on(_:_:)` entries: each keeps its
  /// closure, typed call, priority and completion, and the first carries the
  /// table's mistake.
  var typedHandlers: [TypedHandler] {
    let selectors = Set(handlers.keys).union(asyncHandlers.keys).sorted()
    return selectors.enumerated().map { index, selector in
      TypedHandler(
        entry: selector, handler: handlers[selector], typed: typedCalls[selector],
        asyncHandler: asyncHandlers[selector],
        parameterCount: asyncParameterCounts[selector] ?? 0,
        needsCompletion: completionSelectors.contains(selector),
        priority: priorities[selector], problem: index == 0 ? problem : nil)
    } + additional
  }
}

import CSelectorDispatch

/// A table of services' handlers, keyed by selector, and the one generic
/// dispatch that looks a selector up, checks its arity and folds the
/// services' answers.
///
/// ```swift
/// let dispatcher = Dispatcher()
/// try dispatcher.declare("application:didFinishLaunchingWithOptions:", fold: .all)
/// try dispatcher.register(service: "push", handlers: [
///   "application:didFinishLaunchingWithOptions:": { _ in true }
/// ])
/// let launched = try dispatcher.dispatch(
///   selector: "application:didFinishLaunchingWithOptions:", params: [app, options])
/// ```
///
/// **Order.** A selector's handlers run by priority, higher first, and
/// equal priorities in the order their services registered. A handler's
/// priority is its service's unless it has its own
/// (``TypedHandler/priority(_:)``), so one service may run first for one
/// selector and last for another.
///
/// **Threads.** Any thread may register, unregister, declare and dispatch at
/// the same time. A dispatch works on a snapshot of the selector's handlers
/// taken when it begins, and calls them with no lock held: a handler may
/// dispatch again, and one that registers or unregisters services affects
/// the next dispatch, not the current one. Handlers run on the dispatching
/// thread.
///
/// **Nesting.** A handler may dispatch again, but at most 64 dispatches
/// run one inside another in one chain (a deeper one is a loop of handlers
/// dispatching to each other, which would overflow the stack);
/// the next throws ``DispatchError/nestingTooDeep(selector:limit:)`` before
/// any of its handlers runs, and the dispatcher reports
/// ``Diagnostic/nestingTooDeep(selector:depth:)``. The chain is logical,
/// not a thread's stack: an awaited dispatch, the async handlers a
/// synchronous dispatch starts (which run after it returns), the tasks
/// those handlers create (but not detached ones) and the caller's
/// completion (whenever a service calls it) all nest inside the dispatch
/// that led to them.
///
/// **Cost of a change.** Registering, unregistering and declaring only mark
/// the selectors they touch as changed. The first dispatch of a changed
/// selector rebuilds its snapshot under the lock — sorting its handlers by
/// priority when a registration broke their order, O(*n* log *n*) for *n*
/// handlers, with no user code called — and every later dispatch shares
/// that snapshot until the next change.
public final class Dispatcher: Sendable {
  /// How many dispatches may run one inside another in one chain (a
  /// handler that dispatches, whose handlers dispatch, …, synchronously, by
  /// `await`, through async handlers that a synchronous dispatch started,
  /// or from a caller's completion): 64.
  ///
  /// Legitimate nesting is a few levels deep; a chain this deep is a loop
  /// of handlers dispatching to each other. Without a limit, such a loop
  /// overflows the stack (at about 5,000 levels on an 8 MB main thread, far
  /// fewer on a 512 KB secondary thread), which kills the process, or, when
  /// it hops between tasks, runs and grows for ever.
  package static let maximumNestingDepth = Nesting.maximumDepth

  let state: Locked<State>
  /// `SelectorIndex`'s seed, readable without the lock.
  let seed: UInt64
  let environment: DispatchEnvironment

  /// Creates a dispatcher with no services that declares every selector of
  /// a vocabulary, if it is given one.
  ///
  /// ```swift
  /// let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
  /// ```
  ///
  /// - Parameters:
  ///   - vocabulary: The selectors to declare, with their folds, domains,
  ///     argument types and completions; none by default.
  ///   - clock: Schedules the deadlines of completion handlers: the real
  ///     clock, a Dispatch queue's, by default; inject a manual clock in
  ///     tests.
  ///   - completionDeadline: How long a dispatch waits for the services'
  ///     completion handlers before it calls the caller's with what has
  ///     arrived: 25 seconds by default, below iOS's budget of about 30. A
  ///     negative deadline counts as zero: the caller's completion then runs
  ///     as soon as the clock runs the deadline, with the answers of the
  ///     services that completed before the dispatch returned. A longer
  ///     deadline is passed to the clock as is (the real clock waits at most
  ///     about 68 years); diagnostics report at most `Int.max` milliseconds.
  public init(
    vocabulary: Vocabulary? = nil, clock: any DispatchClock = DispatchQueueClock(),
    completionDeadline: Duration = .seconds(25)
  ) {
    seed = UInt64.random(in: .min ... .max)
    state = Locked(State(index: SelectorIndex(seed: seed)))
    environment = DispatchEnvironment(
      clock: clock, completionDeadline: max(completionDeadline, .zero))
    guard let vocabulary else { return }
    do {
      try declare(vocabulary)
    } catch {
      // A new dispatcher has nothing a valid vocabulary could conflict with.
      preconditionFailure("declaring \(vocabulary) on a new dispatcher failed: \(error)")
    }
  }

  /// Receives the dispatcher's ``Diagnostic``s: completions called twice or
  /// late, services that missed the deadline, handlers of deprecated
  /// selectors.
  ///
  /// It is called on the thread where the dispatcher noticed, with no lock
  /// held; `nil` (the default) drops diagnostics.
  public var diagnosticHandler: (@Sendable (Diagnostic) -> Void)? {
    get { environment.handler }
    set { environment.handler = newValue }
  }

  // MARK: Registering

  /// Registers a service's handlers, all or nothing.
  ///
  /// ```swift
  /// try dispatcher.register(service: "push", priority: 10, handlers: [
  ///   "application:didFinishLaunchingWithOptions:": { _ in registerForNotifications(); return true }
  /// ])
  /// try dispatcher.register(service: "feed", asyncHandlers: [
  ///   "application:performFetchWithCompletionHandler:": { _ in
  ///     await feed.refresh() ? BackgroundFetchResult.newData : .noData
  ///   }
  /// ])
  /// ```
  ///
  /// `handlers` is a ``HandlerTable``: a dictionary literal of
  /// ``SelectorHandler`` closures, typed handlers (`HandlerTable(_:)` or a
  /// ``HandlerTableBuilder``), or a dictionary built at run time, wrapped in
  /// `HandlerTable(_:)`. A selector listed twice in the literal is thrown as
  /// ``DispatchError/duplicateHandler(selector:service:)`` rather than
  /// trapping as a `Dictionary` literal would. Async and sync handlers share
  /// one order: by priority, then registration. See ``AsyncSelectorHandler``
  /// for where each runs.
  ///
  /// - Parameters:
  ///   - service: A name unique among the registered services.
  ///   - priority: Higher priorities run first; equal priorities run in
  ///     registration order. A typed handler with a priority of its own
  ///     (``TypedHandler/priority(_:)``) keeps it.
  ///   - handlers: The service's synchronous handlers, keyed by selector
  ///     (a table also carries any mistake in their definition, and may hold
  ///     typed `async` handlers).
  ///   - asyncHandlers: The service's `async` handlers, keyed by selector.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``
  ///   for the first malformed key (in sorted order),
  ///   ``DispatchError/duplicateService(name:)``,
  ///   ``DispatchError/duplicateHandler(selector:service:)`` for a selector
  ///   with two handlers at one priority,
  ///   ``DispatchError/exclusiveDomainConflict(domain:selector:service:owner:)``
  ///   when another service already handles a selector of an exclusive
  ///   domain that this one handles, or the table's first mistake (a
  ///   selector listed twice at one priority, or a typed handler's malformed selector or
  ///   wrong parameter count), attributed to `service`. When it throws,
  ///   nothing from the call is registered.
  /// - Complexity: O(*h*), where *h* is the number of handlers; the next
  ///   dispatch of each selector sorts its handlers if this call broke their
  ///   order.
  public func register(
    service: String, priority: Int = 0, handlers: HandlerTable = [:],
    asyncHandlers: [String: AsyncSelectorHandler] = [:]
  ) throws {
    var pending = Pending(name: service, priority: priority, table: handlers)
    for (selector, handler) in asyncHandlers
    where pending.asyncHandlers.updateValue(handler, forKey: selector) != nil {
      pending.problem = pending.problem ?? .duplicateHandler(selector: selector, service: nil)
    }
    do {
      try register(batch: [pending])
    } catch {
      throw error.error
    }
  }

  /// Registers a service's handlers given as a dictionary: wrap it in
  /// `HandlerTable(_:)`.
  ///
  /// A `Dictionary` literal traps on a selector listed twice before the call
  /// begins, so the table, whose literal records it
  /// and makes registering throw ``DispatchError/duplicateHandler(selector:service:)``,
  /// is the one parameter type. This overload is unavailable: only then does
  /// the type checker leave every literal to the table's, and a dictionary
  /// built at run time gets this message.
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

  /// Removes a service and all its handlers.
  ///
  /// A dispatch already under way still calls the service's handlers: it
  /// works on the snapshot it took when it began.
  ///
  /// - Parameter service: The name the service was registered under.
  /// - Returns: `true` if the service was registered, `false` otherwise.
  @discardableResult
  public func unregister(service: String) -> Bool {
    changeTable { state, retired in
      guard let record = state.services.removeValue(forKey: service) else { return false }
      state.exclusivity.release(service)
      for slot in record.slots {
        if let removed = state.entries[slot].removeRegistrations(sequence: record.sequence) {
          retired.keep(removed)
        }
        state.unpublish(slot, into: &retired)
      }
      return true
    }
  }

  /// Declares a selector and the fold that combines its answers.
  ///
  /// A declared selector with no handlers dispatches to the fold's identity
  /// instead of throwing ``DispatchError/unrecognizedSelector(selector:suggestion:)``.
  /// Declaring again with the same fold does nothing.
  ///
  /// - Parameters:
  ///   - selector: The selector to declare.
  ///   - fold: The fold ``dispatch(selector:params:fold:)`` uses for it.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``,
  ///   or ``DispatchError/conflictingDeclaration(selector:declared:requested:)``
  ///   when it is already declared with another fold.
  public func declare(_ selector: String, fold: Fold) throws {
    let key = try SelectorKey(selector)
    try changeTable { (state, retired) throws(DispatchError) in
      let slot = state.makeEntry(for: key)
      if let declared = state.entries[slot].declaredFold {
        // The same fold again (for a named fold, the same name) changes nothing.
        guard declared == fold else {
          throw DispatchError.conflictingDeclaration(
            selector: selector, declared: declared.description, requested: fold.description)
        }
        return
      }
      state.entries[slot].declare(fold)
      state.unpublish(slot, into: &retired)
    }
  }

  /// Tells whether at least one registered service handles a selector.
  ///
  /// Declarations do not count: an Apple-platform host can use this to
  /// advertise only the delegate methods some service implements.
  ///
  /// Text is compared byte for byte: text that only looks like a selector
  /// (a lookalike character, another Unicode normalisation) is not one.
  ///
  /// - Parameter selector: The selector to look up.
  /// - Returns: `true` if a registered service has a handler for it.
  public func responds(to selector: String) -> Bool {
    state.withLock { state in
      guard let slot = state.index.id(of: selector) else { return false }
      return state.entries[slot].hasHandlers
    }
  }

  /// The services that handle a selector, in call order, each once (a
  /// service may list a selector at several priorities): for a host that
  /// names them in a report.
  package func services(handling selector: String) -> [String] {
    var seen = Set<String>()
    return
      (withSlot(of: selector) { state, slot in state.snapshot(slot).map { Array($0.services) } }
      ?? []).filter { seen.insert($0).inserted }
  }

  /// The priorities each service's handlers of a selector run at (their
  /// own, or else their service's), keyed by service, in call order: for a
  /// trace or a profile that shows why the handlers run in their order.
  package func priorities(handling selector: String) -> [String: [Int]] {
    withSlot(of: selector) { state, slot in
      state.snapshot(slot).map { snapshot in
        Dictionary(grouping: snapshot.registrations, by: \.service).mapValues { $0.map(\.priority) }
      }
    } ?? [:]
  }
}

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
/// **Order.** Handlers run by priority, higher first; equal priorities run
/// in registration order.
///
/// **Threads.** Any thread may register, unregister, declare and dispatch at
/// the same time. A dispatch works on a snapshot of the selector's handlers
/// taken when it begins, and calls them with no lock held: a handler may
/// dispatch again, and one that registers or unregisters services affects
/// the next dispatch, not the current one. Handlers run on the dispatching
/// thread.
public final class Dispatcher: @unchecked Sendable {
  let state: Locked<State>
  /// ``SelectorIndex``'s seed, readable without the lock.
  private let seed: UInt64
  let environment: DispatchEnvironment

  /// Creates an empty dispatcher: no services, no declared selectors, and
  /// completion handlers that wait at most 25 seconds on the real clock.
  public convenience init() {
    self.init(clock: DispatchQueueClock(), completionDeadline: .seconds(25))
  }

  /// Creates an empty dispatcher with its own clock and deadline for
  /// completion handlers.
  ///
  /// - Parameters:
  ///   - clock: Schedules the deadlines; inject a manual clock in tests.
  ///   - completionDeadline: How long a dispatch waits for the services'
  ///     completion handlers before it calls the caller's with what has
  ///     arrived. iOS allows about 30 seconds; keep below that.
  public init(clock: any DispatchClock, completionDeadline: Duration) {
    precondition(completionDeadline >= .zero, "the completion deadline cannot be negative")
    seed = UInt64.random(in: .min ... .max)
    state = Locked(State(index: SelectorIndex(seed: seed)))
    environment = DispatchEnvironment(clock: clock, completionDeadline: completionDeadline)
  }

  // MARK: Registering

  /// Registers a service's handlers, all or nothing.
  ///
  /// - Parameters:
  ///   - service: A name unique among the registered services.
  ///   - priority: Higher priorities run first; equal priorities run in
  ///     registration order.
  ///   - handlers: The service's handlers, keyed by selector.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``
  ///   for the first malformed key (in sorted order),
  ///   ``DispatchError/duplicateService(name:)``,
  ///   ``DispatchError/exclusiveDomainConflict(domain:selector:service:owner:)``
  ///   when another service already handles a selector of an exclusive
  ///   domain that this one handles, or the mistake a table built by
  ///   ``TypedHandler/table(_:)`` recorded. When it throws, nothing from the
  ///   call is registered.
  /// - Complexity: O(*h*), where *h* is the number of handlers; the next
  ///   dispatch of each selector sorts its handlers if this call broke their
  ///   order.
  public func register(service: String, priority: Int = 0, handlers: [String: Handler]) throws {
    do {
      try register(batch: [Pending(name: service, priority: priority, handlers: handlers)])
    } catch {
      throw error.error
    }
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
    state.withLock { state in
      guard let record = state.services.removeValue(forKey: service) else { return false }
      state.exclusivity.release(service)
      for id in record.entryIDs {
        state.entries[id]?.removeRegistrations(sequence: record.sequence)
        state.published[id] = nil
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
  ///   - fold: The fold ``dispatch(selector:params:)`` uses for it.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``,
  ///   or ``DispatchError/conflictingDeclaration(selector:declared:requested:)``
  ///   when it is already declared with another fold.
  public func declare(_ selector: String, fold: Fold) throws {
    let key = try SelectorKey(selector)
    try state.withLock { state in
      state.makeEntry(for: key)
      if let declared = state.entries[key.id]?.declaredFold, declared != fold {
        throw DispatchError.conflictingDeclaration(
          selector: selector, declared: declared.description, requested: fold.description)
      }
      state.entries[key.id]?.declare(fold)
      state.published[key.id] = nil
    }
  }

  /// Tells whether at least one registered service handles a selector.
  ///
  /// Declarations do not count: an Apple-platform host can use this to
  /// advertise only the delegate methods some service implements.
  ///
  /// - Parameter selector: The selector to look up.
  /// - Returns: `true` if a registered service has a handler for it.
  public func responds(to selector: String) -> Bool {
    state.withLock { state in
      guard let id = state.ids[selector] else { return false }
      return state.entries[id]?.hasHandlers == true
    }
  }

  // MARK: Dispatching

  /// Dispatches an event with the selector's declared fold, or
  /// ``Fold/collect`` when it was not declared.
  ///
  /// - Parameters:
  ///   - selector: The selector, such as `applicationDidEnterBackground:`.
  ///   - params: One parameter per `:` in the selector.
  /// - Returns: The folded answer; see ``Fold``.
  /// - Throws: ``DispatchError`` when the selector is malformed or unknown,
  ///   the parameter count is wrong (before any handler runs), or an answer
  ///   does not fit the fold (after the handlers ran).
  public func dispatch(selector: String, params: [Any]) throws -> Any? {
    try dispatch(selector: selector, params: params, fold: nil)
  }

  /// Dispatches an event with an explicit fold.
  ///
  /// - Parameters:
  ///   - selector: The selector, such as `application:openURL:options:`.
  ///   - params: One parameter per `:` in the selector.
  ///   - fold: How to combine the answers; overrides any declared fold.
  /// - Returns: The folded answer; see ``Fold``.
  /// - Throws: ``DispatchError`` when the selector is malformed or unknown,
  ///   the parameter count is wrong (before any handler runs), or an answer
  ///   does not fit the fold (after the handlers ran).
  public func dispatch(selector: String, params: [Any], fold: Fold) throws -> Any? {
    try dispatch(selector: selector, params: params, fold: .some(fold))
  }

  /// Dispatches an event through a pre-resolved key with the selector's
  /// declared fold, or ``Fold/collect`` when it was not declared.
  ///
  /// The fastest path: the key was validated when it was made, and is found
  /// by index instead of by hashing its text.
  ///
  /// - Parameters:
  ///   - key: The selector.
  ///   - params: One parameter per `:` in the selector.
  /// - Returns: The folded answer; see ``Fold``.
  /// - Throws: ``DispatchError`` when the selector is unknown, the parameter
  ///   count is wrong (before any handler runs), or an answer does not fit
  ///   the fold (after the handlers ran).
  public func dispatch(_ key: SelectorKey, params: [Any]) throws -> Any? {
    try dispatch(key, params: params, fold: nil)
  }

  /// Dispatches an event through a pre-resolved key with an explicit fold.
  ///
  /// - Parameters:
  ///   - key: The selector.
  ///   - params: One parameter per `:` in the selector.
  ///   - fold: How to combine the answers; overrides any declared fold.
  /// - Returns: The folded answer; see ``Fold``.
  /// - Throws: ``DispatchError`` when the selector is unknown, the parameter
  ///   count is wrong (before any handler runs), or an answer does not fit
  ///   the fold (after the handlers ran).
  public func dispatch(_ key: SelectorKey, params: [Any], fold: Fold) throws -> Any? {
    try dispatch(key, params: params, fold: .some(fold))
  }

  private func dispatch(selector: String, params: [Any], fold: Fold?) throws -> Any? {
    // Fast path: hash the bytes before taking the lock.
    let indexed = selector.utf8.withContiguousStorageIfAvailable { text in
      let hash = SelectorIndex.hash(text, seed: seed)
      return state.withLock { state -> Snapshot? in
        state.index.id(of: text, hash: hash).flatMap { state.snapshot($0) }
      }
    }
    if let snapshot = indexed ?? nil {
      return try run(snapshot, selector: selector, params: params, fold: fold)
    }
    let snapshot = state.withLock { state -> Snapshot? in
      guard let id = state.ids[selector] else { return nil }
      return state.snapshot(id)
    }
    guard let snapshot else {
      _ = try SelectorKey.validate(selector)
      throw unrecognized(selector)
    }
    return try run(snapshot, selector: selector, params: params, fold: fold)
  }

  private func dispatch(_ key: SelectorKey, params: [Any], fold: Fold?) throws -> Any? {
    guard let snapshot = state.withLock({ $0.snapshot(key.id) }) else {
      throw unrecognized(key.description)
    }
    return try run(snapshot, selector: key.description, params: params, fold: fold)
  }

  private func run(_ snapshot: Snapshot, selector: String, params: [Any], fold: Fold?) throws
    -> Any?
  {
    guard params.count == snapshot.arity else {
      throw DispatchError.arityMismatch(
        selector: selector, expected: snapshot.arity, actual: params.count)
    }
    if let contract = snapshot.contract {
      return try run(contract, snapshot, selector: selector, params: params, fold: fold)
    }
    let fold = fold ?? snapshot.declaredFold ?? .collect
    return try fold.apply(
      snapshot, params: params, selector: selector, environment: environment)
  }

  private func unrecognized(_ selector: String) -> DispatchError {
    let known = state.withLock { state in
      state.ids.compactMap { text, id in state.entries[id]?.isKnown == true ? text : nil }
    }
    return .unrecognizedSelector(
      selector: selector, suggestion: Suggestion.nearest(to: selector, among: known))
  }
}

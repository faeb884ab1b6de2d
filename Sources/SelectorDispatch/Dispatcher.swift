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
  /// Who registered one handler, and where it goes in the call order. The
  /// handler itself sits at the same index of the entry's handlers.
  struct Registration {
    let service: String
    let priority: Int
    let sequence: Int

    /// Whether this registration is called before `other`: higher priority
    /// first, then registration order.
    func runsBefore(_ other: Registration) -> Bool {
      priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
  }

  /// Everything the dispatcher knows about one selector. Mutated only
  /// under the lock.
  struct Entry {
    let arity: Int
    private(set) var declaredFold: Fold?
    /// What a vocabulary declared beyond the fold; `nil` for plain selectors.
    private(set) var contract: Contract?
    /// In call order whenever ``isSorted``; `handlers[i]` belongs to
    /// `registrations[i]`.
    private(set) var registrations: ContiguousArray<Registration> = []
    /// Moved only by generic code (``Moving``), so each handler keeps the
    /// representation it had in the caller's dictionary: every move through
    /// concrete code would wrap it in one more reabstraction thunk, which
    /// each call would then pay.
    fileprivate private(set) var handlers: ContiguousArray<Handler> = []
    /// Registering appends; the next dispatch sorts if an append broke the
    /// order. Registering *n* handlers for one selector is O(*n*), and
    /// publishing them O(*n* log *n*), not O(*n*²).
    private var isSorted = true

    init(arity: Int) { self.arity = arity }

    var isKnown: Bool { declaredFold != nil || !registrations.isEmpty }

    var hasHandlers: Bool { !registrations.isEmpty }
  }

  /// What a dispatch needs about one selector, built once after each change
  /// and shared by every dispatch until the next one: a dispatch holds the
  /// lock only to retain it.
  ///
  /// Immutable (`let` only: no exclusivity checks on the hot path). To carry
  /// more per-selector data to dispatch, add a `let` here and fill it in
  /// ``init(_:)``.
  ///
  /// `@unchecked Sendable`: handlers are not `Sendable` by design (see
  /// ``Handler``); the dispatcher only moves them between threads under its
  /// lock and calls them on the dispatching thread.
  final class Snapshot: @unchecked Sendable {
    let arity: Int
    let declaredFold: Fold?
    /// Argument checks and completion kind from a vocabulary, if any.
    let contract: Contract?
    /// The handlers in call order.
    let handlers: ContiguousArray<Handler>
    /// `registrations[i]` registered `handlers[i]`; read only to name a
    /// service in an error.
    let registrations: ContiguousArray<Registration>

    /// Shares the entry's arrays, which must be in call order.
    fileprivate init(_ entry: Entry) {
      arity = entry.arity
      declaredFold = entry.declaredFold
      contract = entry.contract
      handlers = entry.handlers
      registrations = entry.registrations
    }

    /// The same selector with other handlers, such as ones that wrap each
    /// service's completion.
    init(_ snapshot: Snapshot, handlers: ContiguousArray<Handler>) {
      arity = snapshot.arity
      declaredFold = snapshot.declaredFold
      contract = snapshot.contract
      self.handlers = handlers
      registrations = snapshot.registrations
    }

    /// The service that registered `handlers[index]`.
    func service(at index: Int) -> String { registrations[index].service }
  }

  struct ServiceRecord {
    let sequence: Int
    let entryIDs: [Int]
  }

  struct State {
    /// Selector text to interned identity, for every selector seen here.
    var ids: [String: Int] = [:]
    /// The same, for the string-keyed dispatch path.
    var index: SelectorIndex
    /// Indexed by ``SelectorKey``'s interned identity.
    var entries: ContiguousArray<Entry?> = []
    /// What dispatches read, indexed like ``entries``: `nil` after a change
    /// (every change to an entry clears its slot), built by the next
    /// dispatch. Kept apart from the entries so that the common dispatch
    /// reads one word, without a mutating access to an entry.
    var published: ContiguousArray<Snapshot?> = []
    var services: [String: ServiceRecord] = [:]
    var nextSequence = 0
    var exclusivity = Exclusivity()
  }

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
    return try fold.apply(snapshot, params: params, selector: selector)
  }

  private func unrecognized(_ selector: String) -> DispatchError {
    let known = state.withLock { state in
      state.ids.compactMap { text, id in state.entries[id]?.isKnown == true ? text : nil }
    }
    return .unrecognizedSelector(
      selector: selector, suggestion: Suggestion.nearest(to: selector, among: known))
  }
}

extension Dispatcher.Entry {
  /// The entry as a dispatch sees it, or `nil` when it is not known.
  mutating func makeSnapshot() -> Dispatcher.Snapshot? {
    guard isKnown else { return nil }
    if !isSorted {
      let order = registrations.indices.sorted {
        registrations[$0].runsBefore(registrations[$1])
      }
      registrations = Moving.select(order, of: registrations)
      handlers = Moving.select(order, of: handlers)
      isSorted = true
    }
    return Dispatcher.Snapshot(self)
  }

  /// Adds a service's handler, `values[index]`.
  mutating func append(
    _ registration: Dispatcher.Registration, handlerAt index: Int,
    of values: ContiguousArray<Handler>
  ) {
    if let last = registrations.last, !last.runsBefore(registration) { isSorted = false }
    registrations.append(registration)
    Moving.append(values, index, to: &handlers)
  }

  /// Removes the registrations of one registered service.
  mutating func removeRegistrations(sequence: Int) {
    let kept = registrations.indices.filter { registrations[$0].sequence != sequence }
    guard kept.count < registrations.count else { return }
    registrations = Moving.select(kept, of: registrations)
    handlers = Moving.select(kept, of: handlers)
  }

  mutating func declare(_ fold: Fold) {
    declaredFold = fold
  }

  /// Declares what a vocabulary says about the selector, fold included.
  mutating func declare(_ contract: Dispatcher.Contract) {
    self.contract = contract
    declaredFold = contract.entry.fold
  }
}

/// Moves handlers between collections in generic code only.
///
/// A `Handler` stored in a generic collection has the most general
/// representation; taking it out in concrete code wraps it in a
/// reabstraction thunk, and storing it again wraps that in another. Moving
/// it here, where its type is a generic parameter, keeps the representation
/// the caller's dictionary gave it, so a dispatch calls through one thunk
/// at most.
enum Moving {
  /// The dictionary's keys and values, in its own order.
  static func split<Value>(_ dictionary: [String: Value]) -> ([String], ContiguousArray<Value>) {
    var keys: [String] = []
    var values = ContiguousArray<Value>()
    keys.reserveCapacity(dictionary.count)
    values.reserveCapacity(dictionary.count)
    for (key, value) in dictionary {
      keys.append(key)
      values.append(value)
    }
    return (keys, values)
  }

  static func append<Element>(
    _ source: ContiguousArray<Element>, _ index: Int, to target: inout ContiguousArray<Element>
  ) {
    target.append(source[index])
  }

  static func select<Element>(_ indices: [Int], of source: ContiguousArray<Element>)
    -> ContiguousArray<Element>
  {
    var selected = ContiguousArray<Element>()
    selected.reserveCapacity(indices.count)
    for index in indices { selected.append(source[index]) }
    return selected
  }
}

extension Dispatcher.State {
  /// The snapshot of the selector with interned identity `id`, or `nil`
  /// when the selector is not known here.
  mutating func snapshot(_ id: Int) -> Dispatcher.Snapshot? {
    guard id < published.count else { return nil }
    if let snapshot = published[id] { return snapshot }
    guard let snapshot = entries[id]?.makeSnapshot() else { return nil }
    published[id] = snapshot
    return snapshot
  }

  /// Makes sure there is an entry for `key`.
  mutating func makeEntry(for key: SelectorKey) {
    if entries.count <= key.id {
      entries.append(contentsOf: repeatElement(nil, count: key.id + 1 - entries.count))
      published.append(contentsOf: repeatElement(nil, count: key.id + 1 - published.count))
    }
    if entries[key.id] == nil {
      entries[key.id] = Dispatcher.Entry(arity: key.arity)
      ids[key.description] = key.id
      index.insert(key.description, id: key.id)
    }
  }
}

extension Dispatcher {
  /// Who registered one handler, and where it goes in the call order. The
  /// handler itself sits at the same index of the entry's handlers.
  struct Registration {
    let service: String
    let priority: Int
    let sequence: Int
    /// The service's async handler when it registered one; the entry's
    /// handler at the same index is then a stand-in that a synchronous
    /// dispatch never calls (see `Dispatcher+Async.swift`).
    var asyncHandler: AsyncHandler? = nil

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
    /// Whether a service registered an async handler for the selector: a
    /// synchronous dispatch then takes the bridging path.
    let hasAsyncHandlers: Bool

    /// Shares the entry's arrays, which must be in call order.
    fileprivate init(_ entry: Entry) {
      arity = entry.arity
      declaredFold = entry.declaredFold
      contract = entry.contract
      handlers = entry.handlers
      registrations = entry.registrations
      hasAsyncHandlers = entry.registrations.contains { $0.asyncHandler != nil }
    }

    /// The same selector with other handlers, such as ones that wrap each
    /// service's completion.
    init(_ snapshot: Snapshot, handlers: ContiguousArray<Handler>) {
      arity = snapshot.arity
      declaredFold = snapshot.declaredFold
      contract = snapshot.contract
      self.handlers = handlers
      registrations = snapshot.registrations
      hasAsyncHandlers = snapshot.hasAsyncHandlers
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

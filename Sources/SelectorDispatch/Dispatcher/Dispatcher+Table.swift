import CSelectorDispatch

extension Dispatcher {
  /// Who registered one handler, and where it goes in the call order. The
  /// handler itself sits at the same index of the entry's handlers.
  struct Registration {
    let service: String
    /// The handler's own priority, or else its service's.
    var priority: Int
    let sequence: Int
    /// The service's async handler when it registered one; the entry's
    /// handler at the same index is then a stand-in that a synchronous
    /// dispatch never calls (see `Dispatcher+Async.swift`).
    var asyncHandler: AsyncSelectorHandler? = nil
    /// How many parameters the async handler's closure takes, when it is a
    /// typed one: checked again when a vocabulary declares a completion
    /// for the selector later.
    var asyncParameterCount: Int? = nil
    /// The handler's closure with its types, when it is a synchronous
    /// typed handler's and no tracer wraps it (see `TypedCall`).
    var typed: TypedCall? = nil

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
    /// In call order whenever `isSorted`; `handlers[i]` belongs to
    /// `registrations[i]`. Settable here so that a test can break that on
    /// purpose (see `Dispatcher+Invariants.swift`).
    var registrations: ContiguousArray<Registration> = []
    /// Moved only by generic code (`Moving`), so each handler keeps the
    /// representation it had in the caller's dictionary: every move through
    /// concrete code would wrap it in one more reabstraction thunk, which
    /// each call would then pay.
    fileprivate private(set) var handlers: ContiguousArray<SelectorHandler> = []
    /// Registering appends; the next dispatch sorts if an append broke the
    /// order. Registering *n* handlers for one selector is O(*n*), and
    /// publishing them O(*n* log *n*), not O(*n*²).
    private(set) var isSorted = true

    init(arity: Int) { self.arity = arity }

    var isKnown: Bool { declaredFold != nil || !registrations.isEmpty }

    var hasHandlers: Bool { !registrations.isEmpty }

    /// How many handlers the entry holds: as many as `registrations`.
    var handlerCount: Int { handlers.count }
  }

  /// What a dispatch needs about one selector, built once after each change
  /// and shared by every dispatch until the next one: a dispatch holds the
  /// lock only to find it, and to count itself among its readers or retain
  /// it (see `Dispatcher+Reading.swift` and `Dispatcher+Readers.swift`).
  ///
  /// A `HandlerList`, which is what a fold reads: the handlers, the
  /// services that registered them and the selector, whose text is what a
  /// dispatch by text found byte for byte, so the text the caller gave.
  ///
  /// Immutable (`let` only: no exclusivity checks on the hot path). To carry
  /// more per-selector data to dispatch, add a `let` here and fill it in
  /// both initializers; data a fold reads goes in `HandlerList` instead.
  ///
  /// `@unchecked Sendable`: handlers are not `Sendable` by design (see
  /// ``SelectorHandler``); the dispatcher only moves them between threads under its
  /// lock and calls them on the dispatching thread.
  final class Snapshot: HandlerList, @unchecked Sendable {
    let arity: Int
    let declaredFold: Fold?
    /// Argument checks and completion kind from a vocabulary, if any.
    let contract: Contract?
    /// `registrations[i]` registered `handlers[i]`.
    let registrations: ContiguousArray<Registration>
    /// Whether a service registered an async handler for the selector: a
    /// synchronous dispatch then takes the bridging path.
    let hasAsyncHandlers: Bool
    /// Whether a synchronous dispatch only calls the handlers and folds
    /// their answers: no async handler, no contract.
    let isPlain: Bool
    /// The declared fold as a `BoolFold` when the snapshot is plain.
    let declaredBoolFold: BoolFold?
    /// The signature of every handler's typed call, when a typed dispatch
    /// with those argument types can call them directly (see
    /// `typedSignature(_:contract:)`); `nil` otherwise.
    let typedSignature: ObjectIdentifier?
    /// The typed calls, in call order, when there is a `typedSignature`;
    /// empty otherwise.
    let typedCalls: ContiguousArray<TypedCall>
    /// The declared fold as a `BoolFold`, when there is a
    /// `typedSignature`.
    let typedBoolFold: BoolFold?
    /// How many synchronous dispatches are reading the snapshot without
    /// retaining it, and whether a change has retired it (see
    /// `Dispatcher+Reading.swift`); `nil` for a snapshot that is never
    /// published.
    let readers: UnsafeMutablePointer<csd_readers_t>?

    /// Shares the entry's arrays, which must be in call order.
    fileprivate init(_ entry: Entry, selector: String) {
      arity = entry.arity
      declaredFold = entry.declaredFold
      contract = entry.contract
      registrations = entry.registrations
      hasAsyncHandlers = entry.registrations.contains { $0.asyncHandler != nil }
      isPlain = !hasAsyncHandlers && contract == nil
      declaredBoolFold = isPlain ? declaredFold?.boolFold : nil
      typedSignature = Self.typedSignature(entry.registrations, contract: contract)
      typedCalls = typedSignature == nil ? [] : ContiguousArray(entry.registrations.map(\.typed!))
      typedBoolFold = typedSignature == nil ? nil : declaredFold?.boolFold
      let readers = UnsafeMutablePointer<csd_readers_t>.allocate(capacity: 1)
      csd_readers_init(readers)
      self.readers = readers
      super.init(
        selector: selector, handlers: entry.handlers,
        services: ContiguousArray(entry.registrations.lazy.map(\.service)))
    }

    deinit { readers?.deallocate() }

    /// The signature a typed dispatch must have to call the handlers'
    /// typed calls directly, or `nil` when it must take the `[Any]` path
    /// as any other dispatch: when a handler has no typed call (it is a
    /// `[String: SelectorHandler]` closure, an async handler's stand-in, or
    /// traced), two signatures differ, the selector has a completion (its
    /// handlers join), or the vocabulary's argument checks cannot be told
    /// from the types alone (see `Contract.admits(_:)`).
    private static func typedSignature(
      _ registrations: ContiguousArray<Dispatcher.Registration>, contract: Contract?
    ) -> ObjectIdentifier? {
      guard let first = registrations.first?.typed, contract?.completion == nil else { return nil }
      let signature = first.signature
      for registration in registrations
      where registration.asyncHandler != nil || registration.typed?.signature != signature {
        return nil
      }
      if let contract, !contract.admits(first.parameterTypes) { return nil }
      return signature
    }

    /// The `Bool` fold a synchronous dispatch given `fold` (`nil` for the
    /// declared one) goes straight to, or `nil` when it goes through
    /// `Dispatcher.prepareAny`.
    @inline(__always)
    func boolFold(for fold: Fold?) -> BoolFold? {
      // Not `guard let fold`: binding it copies it.
      guard fold != nil else { return declaredBoolFold }
      return isPlain ? fold?.boolFold : nil
    }
  }

  struct ServiceRecord {
    let sequence: Int
    /// The slots of the selectors the service handles.
    let slots: [Int]
  }

  /// The dispatcher's table. Everything in it is indexed by the
  /// dispatcher's own *slot* for a selector (0, 1, 2, … in the order
  /// selectors first appear here), never by the process-wide interned
  /// identity, so its size is in proportion to this dispatcher's selectors.
  ///
  /// Snapshots are published lazily: a change clears the selector's slot
  /// in `published`, and the next dispatch of it rebuilds the snapshot
  /// under the lock (`snapshot(_:)`), sorting the entry first if a
  /// registration broke its order. So a registration costs O(*h*) however
  /// many services share a selector, the sort runs once per change rather
  /// than once per registration, and the lock is held during it only by
  /// library code, never by a handler.
  ///
  /// `@unchecked Sendable`, for the reason `Snapshot` is: its handlers are
  /// not `Sendable` by design (see ``SelectorHandler``), and they leave the lock by
  /// intent, in the snapshots that dispatches call on their own threads and
  /// in the `Retired` values released after unlocking. Everything else in
  /// it is `Sendable`. It lives only inside the dispatcher's `Locked`.
  struct State: @unchecked Sendable {
    /// Selector text to slot: the one map from text, byte-exact (see
    /// `SelectorIndex`). Only validated selectors are ever put in it, so
    /// text that ``SelectorKey`` rejects is never found.
    var index: SelectorIndex
    /// A ``SelectorKey``'s interned identity to slot.
    var slots = SlotMap()
    /// The selector of each slot.
    var keys: ContiguousArray<SelectorKey> = []
    /// Indexed by slot.
    var entries: ContiguousArray<Entry> = []
    /// What dispatches read, indexed by slot: `nil` after a change (every
    /// change to an entry clears its slot), built by the next dispatch. Kept
    /// apart from the entries so that the common dispatch reads one word,
    /// without a mutating access to an entry.
    var published: ContiguousArray<Snapshot?> = []
    /// Snapshots that changes retired while dispatches were reading them,
    /// kept until the last of those dispatches ends (see
    /// `Dispatcher+Reading.swift`).
    var retiredWhileRead: [Snapshot] = []
    var services: [String: ServiceRecord] = [:]
    var nextSequence = 0
    var exclusivity = Exclusivity()
    /// Whether a vocabulary was declared: services may then handle only
    /// declared selectors (see `Admission.swift`).
    var declaresVocabulary = false
  }

}

extension Dispatcher {
  /// The snapshot of `selector`, found byte for byte; `nil` when it is not
  /// known here, including any text that is not a valid selector.
  func snapshot(of selector: String) -> Snapshot? {
    withSlot(of: selector) { state, slot in state.snapshot(slot) }
  }

  /// What `body` makes, under the lock, of the slot of `selector`, found
  /// byte for byte; `nil` when it is not known here, including any text
  /// that is not a valid selector.
  func withSlot<Result: Sendable>(
    of selector: String, _ body: (inout State, Int) -> Result?
  ) -> Result? {
    // Hash the bytes before taking the lock. (Two closures, not one local
    // function: a local function capturing `self` cost a retain and a
    // release per dispatch, measured.)
    if let found = selector.utf8.withContiguousStorageIfAvailable({ text in
      let hash = SelectorIndex.hash(text, seed: seed)
      return state.read { state in
        state.index.id(of: text, hash: hash).flatMap { body(&state, $0) }
      }
    }) {
      return found
    }
    var native = selector
    return native.withUTF8 { text in
      let hash = SelectorIndex.hash(text, seed: seed)
      return state.read { state in
        state.index.id(of: text, hash: hash).flatMap { body(&state, $0) }
      }
    }
  }

  /// The snapshot of `key`, or `nil` when it is not known here.
  func snapshot(of key: SelectorKey) -> Snapshot? {
    state.read { state in state.snapshot(of: key) }
  }
}

extension Dispatcher.Entry {
  /// The entry as a dispatch sees it, or `nil` when it is not known.
  mutating func makeSnapshot(selector: String) -> Dispatcher.Snapshot? {
    guard isKnown else { return nil }
    if !isSorted {
      let order = registrations.indices.sorted {
        registrations[$0].runsBefore(registrations[$1])
      }
      registrations = Moving.select(order, of: registrations)
      handlers = Moving.select(order, of: handlers)
      isSorted = true
    }
    return Dispatcher.Snapshot(self, selector: selector)
  }

  /// Adds a service's handler, `values[index]`.
  mutating func append(
    _ registration: Dispatcher.Registration, handlerAt index: Int,
    of values: ContiguousArray<SelectorHandler>
  ) {
    if let last = registrations.last, !last.runsBefore(registration) { isSorted = false }
    registrations.append(registration)
    Moving.append(values, index, to: &handlers)
  }

  /// Removes the registrations of one registered service and returns the
  /// handlers as they were, for the caller to drop after unlocking (see
  /// `Retired`); `nil` when the service had none here.
  mutating func removeRegistrations(sequence: Int) -> ContiguousArray<SelectorHandler>? {
    let kept = registrations.indices.filter { registrations[$0].sequence != sequence }
    guard kept.count < registrations.count else { return nil }
    let removed = handlers
    registrations = Moving.select(kept, of: registrations)
    handlers = Moving.select(kept, of: handlers)
    return removed
  }

  mutating func declare(_ fold: Fold) {
    declaredFold = fold
  }

  /// Declares what a vocabulary says about the selector, fold included.
  mutating func declare(_ contract: Contract) {
    self.contract = contract
    declaredFold = contract.entry.fold
  }
}

extension Dispatcher.State {
  /// The snapshot of `key`, or `nil` when it is not known here: one look-up
  /// of its slot and one read of what is published there.
  @inline(__always)
  mutating func snapshot(of key: SelectorKey) -> Dispatcher.Snapshot? {
    guard let slot = slots.slot(of: key.id) else { return nil }
    return snapshot(slot)
  }

  /// The snapshot of the selector in `slot`, or `nil` when the selector is
  /// not known here (its slot holds only an empty entry).
  @inline(__always)
  mutating func snapshot(_ slot: Int) -> Dispatcher.Snapshot? {
    if let snapshot = published[slot] { return snapshot }
    return publish(slot)
  }

  /// Builds and publishes the snapshot of `slot` after a change.
  @inline(never)
  private mutating func publish(_ slot: Int) -> Dispatcher.Snapshot? {
    guard let snapshot = entries[slot].makeSnapshot(selector: keys[slot].description) else {
      return nil
    }
    published[slot] = snapshot
    checkInvariants(at: slot)
    return snapshot
  }

  /// Clears the published snapshot of `slot` after a change, handing it to
  /// `retired` (it may hold the last reference to a removed handler), or,
  /// while dispatches are reading it, to `retiredWhileRead`.
  mutating func unpublish(_ slot: Int, into retired: inout Retired) {
    guard let snapshot = published[slot] else { return }
    published[slot] = nil
    if csd_readers_retire(snapshot.readers.unsafelyUnwrapped) != 0 {
      retired.keep(snapshot)
    } else {
      retiredWhileRead.append(snapshot)
    }
  }

  /// The slot of `key`, made (with an empty entry) if it has none yet.
  @discardableResult
  mutating func makeEntry(for key: SelectorKey) -> Int {
    if let slot = slots.slot(of: key.id) { return slot }
    let slot = entries.count
    entries.append(Dispatcher.Entry(arity: key.arity))
    published.append(nil)
    keys.append(key)
    slots.insert(key.id, slot: slot)
    index.insert(key.description, id: slot)
    return slot
  }

  /// The selectors dispatch knows here (declared or handled; only declared
  /// ones when `declaredOnly`) whose UTF-8 length is in `lengths`, for
  /// "did you mean".
  func knownSelectors(ofLengths lengths: ClosedRange<Int>, declaredOnly: Bool = false)
    -> [String]
  {
    entries.indices.compactMap { slot in
      let entry = entries[slot]
      guard declaredOnly ? entry.declaredFold != nil : entry.isKnown else { return nil }
      let text = keys[slot].description
      return lengths.contains(text.utf8.count) ? text : nil
    }
  }

  /// How many places the table's parts have (counts, and the hash
  /// tables' sizes, filled or not; not the arrays' spare capacity, which
  /// depends on the allocator): what the dispatcher's table costs, for
  /// tests.
  var footprint: Int {
    entries.count + published.count + keys.count + slots.capacity + index.capacity
  }
}

extension Dispatcher {
  /// Wraps the handlers of every service registered from now on, on any
  /// path (code, ``DispatchService``, manifest): how a tracer or profiler sees every
  /// call without a cost for dispatchers that are not traced.
  ///
  /// `wrap` receives the service's name and its validated handlers and
  /// returns handlers for the same selectors: once per service with its
  /// first handler of each selector, then once more for each handler of a
  /// selector it lists again at another priority, alone in its table.
  package func instrumentRegistrations(
    _ wrap: @escaping @Sendable (String, [String: SelectorHandler]) -> [String: SelectorHandler]
  ) {
    environment.instrument = wrap
  }

  /// A service to register: what `register(batch:)` needs.
  struct Pending {
    let name: String
    let priority: Int
    /// Every selector's handler; an async one's is a stand-in.
    var handlers: [String: SelectorHandler]
    /// The mistake in the handler table's definition, if any.
    var problem: DispatchError?
    /// The async handlers; `normalized()` gives each a stand-in in
    /// `handlers`.
    var asyncHandlers: [String: AsyncSelectorHandler]
    /// The typed async handlers' parameter counts, checked against the
    /// selector's completion when it registers.
    let asyncParameterCounts: [String: Int]
    /// The handlers' own priorities, where they have one; `priority` is
    /// every other handler's.
    let priorities: [String: Int]
    /// The typed calls of the synchronous typed handlers.
    let typedCalls: [String: TypedCall]
    /// The selectors of its completion events' handlers, which need a
    /// declared completion.
    let completionSelectors: Set<String>
    /// The handlers of selectors listed again at another priority, each
    /// registered beside the first (see `HandlerTable.additional`).
    let additional: [TypedHandler]

    init(name: String, priority: Int, table: HandlerTable) {
      self.name = name
      self.priority = priority
      self.handlers = table.handlers
      self.problem = table.problem
      self.asyncHandlers = table.asyncHandlers
      self.asyncParameterCounts = table.asyncParameterCounts
      self.priorities = table.priorities
      self.typedCalls = table.typedCalls
      self.completionSelectors = table.completionSelectors
      self.additional = table.additional
    }

    /// The first selector, in sorted order, that two of the service's
    /// handlers run at one priority: one with a priority of its own equal
    /// to the service's, beside one without. Such a selector listed twice in
    /// one table is the table's mistake already.
    var selectorListedAtOnePriority: String? {
      guard !additional.isEmpty else { return nil }
      var runAt: [String: Set<Int>] = [:]
      var twice: String?
      for handler in additional {
        let selector = handler.selector
        if runAt[selector] == nil { runAt[selector] = [priorities[selector] ?? priority] }
        if !runAt[selector, default: []].insert(handler.priority ?? priority).inserted {
          if twice.map({ selector < $0 }) ?? true { twice = selector }
        }
      }
      return twice
    }

  }

  /// Why `register(batch:)` registered nothing: which service, and what.
  struct BatchFailure: Error {
    /// The index of the failing service in the batch.
    let index: Int
    let error: DispatchError
  }

  /// Registers services, all or nothing: the one implementation behind
  /// every public `register`.
  ///
  /// Selectors the dispatcher already has are neither validated nor
  /// interned again (usually all of them: services share selectors); new
  /// ones are validated outside the lock. Under the lock every name and
  /// exclusive domain is checked before anything is inserted.
  ///
  /// - Complexity: O(*h*) per service, where *h* is its number of handlers;
  ///   the next dispatch of each selector sorts its handlers if this broke
  ///   their order.
  func register(batch: [Pending]) throws(BatchFailure) {
    let batch = batch.map { $0.normalized() }
    let (instrument, instrumentAsync) = (environment.instrument, environment.instrumentAsync)
    // The handlers of the selectors each service lists again, wrapped as its
    // first handlers are (see `TypedHandler.instrumented(_:async:)`).
    let additional = batch.map { service in
      instrument == nil && instrumentAsync == nil
        ? service.additional
        : service.additional.map { handler in
          handler.instrumented(
            { instrument?(service.name, $0) ?? $0 },
            async: { instrumentAsync?(service.name, $0) ?? $0 })
        }
    }
    // What can be found out without the lock (a typed table's mistake, a
    // malformed selector) is kept per service and reported in batch order,
    // together with what needs the lock (names, exclusive domains): the
    // error is the one the first failing service would have thrown alone.
    var failures = [DispatchError?](repeating: nil, count: batch.count)
    var tables: [(texts: [String], values: ContiguousArray<SelectorHandler>)] = []
    tables.reserveCapacity(batch.count)
    for (index, service) in batch.enumerated() {
      if let problem = service.problem {
        failures[index] = problem.attributed(to: service.name)
        tables.append(([], []))
        continue
      }
      if let selector = service.selectorListedAtOnePriority {
        failures[index] = .duplicateHandler(selector: selector, service: service.name)
        tables.append(([], []))
        continue
      }
      let handlers = instrument?(service.name, service.handlers) ?? service.handlers
      var (texts, values) = Moving.split(handlers)
      // A selector listed again comes after the service's first handlers:
      // position `handlers.count + k` is `additional[index][k]`.
      for handler in additional[index] {
        texts.append(handler.selector)
        values.append(handler.handler)
      }
      tables.append((texts, values))
    }
    let asyncTables = batch.map { service in
      service.asyncHandlers.isEmpty
        ? [:]
        : instrumentAsync?(service.name, service.asyncHandlers) ?? service.asyncHandlers
    }
    // Where each service's handlers of selectors listed again begin.
    let firstAdditional = batch.indices.map { tables[$0].texts.count - batch[$0].additional.count }
    // The slots of the selectors this dispatcher has already; the others
    // are validated and interned outside the lock.
    let known = state.withLock { state in
      tables.map { table in table.texts.map { state.index.id(of: $0) } }
    }
    var newKeys: [(service: Int, position: Int, key: SelectorKey)] = []
    for (index, table) in tables.enumerated() {
      var firstMalformed: (text: String, error: DispatchError)?
      for (position, text) in table.texts.enumerated() where known[index][position] == nil {
        do {
          newKeys.append((index, position, try SelectorKey(validated: text)))
        } catch {
          // The first in sorted order, whatever the dictionary's order.
          if firstMalformed.map({ text < $0.text }) ?? true { firstMalformed = (text, error) }
        }
      }
      if let firstMalformed { failures[index] = firstMalformed.error }
    }
    // A closure, not the key path `\.unsafelyUnwrapped`: a key path here was
    // a third of the cost of registering (measured with callgrind). -1 marks
    // a selector new to this dispatcher (it has no slot before the batch
    // succeeds) or one of a failed service (never used).
    var slots = known.map { $0.map { $0 ?? -1 } }
    let outcome = changeTable {
      state, retired -> Result<([Diagnostic], [(service: String, selector: String)]), BatchFailure>
      in
      // One pass in batch order; exclusive-domain claims count against the
      // services after them and are undone on any failure.
      let exclusivity = state.exclusivity
      var names = Set<String>()
      var deprecations: [Diagnostic] = []
      var undeclared: [(service: String, selector: String)] = []
      for (index, service) in batch.enumerated() {
        var failure = failures[index]
        if failure == nil,
          state.services[service.name] != nil || !names.insert(service.name).inserted
        {
          failure = .duplicateService(name: service.name)
        }
        if failure == nil {
          do throws(DispatchError) {
            try state.checkCompletionsDeclared(
              for: service.completionSelectors.union(
                service.additional.lazy.filter(\.needsCompletion).map(\.selector)),
              of: service.name, texts: tables[index].texts, slots: slots[index])
            try state.checkAsyncParameterCounts(
              service.asyncParameterCounts, texts: tables[index].texts, slots: slots[index])
            for (offset, handler) in service.additional.enumerated()
            where handler.asyncHandler != nil {
              try state.checkAsyncParameterCounts(
                [handler.selector: handler.parameterCount], texts: [handler.selector],
                slots: [slots[index][firstAdditional[index] + offset]])
            }
            let admission = try state.admit(
              service: service.name, texts: tables[index].texts, slots: slots[index])
            state.exclusivity.claim(admission.claims, for: service.name)
            deprecations += admission.deprecations
            undeclared += admission.undeclared.map { (service.name, $0) }
          } catch {
            failure = error
          }
        }
        if let failure {
          state.exclusivity = exclusivity
          return .failure(BatchFailure(index: index, error: failure))
        }
      }
      for new in newKeys { slots[new.service][new.position] = state.makeEntry(for: new.key) }
      for (index, service) in batch.enumerated() {
        let sequence = state.nextSequence
        state.nextSequence += 1
        let registration = Registration(
          service: service.name, priority: service.priority, sequence: sequence)
        for (position, slot) in slots[index].enumerated() {
          var registration = registration
          if position >= firstAdditional[index] {
            let offset = position - firstAdditional[index]
            let handler = additional[index][offset]
            registration.priority = handler.priority ?? service.priority
            registration.asyncHandler = handler.asyncHandler
            registration.asyncParameterCount =
              handler.asyncHandler == nil ? nil : handler.parameterCount
            // Dropped by a tracer's wrapper, as a first handler's is below.
            registration.typed = instrument == nil ? service.additional[offset].typed : nil
          } else if !service.priorities.isEmpty || !asyncTables[index].isEmpty
            || !service.typedCalls.isEmpty
          {
            let text = tables[index].texts[position]
            registration.priority = service.priorities[text] ?? service.priority
            registration.asyncHandler = asyncTables[index][text]
            registration.asyncParameterCount = service.asyncParameterCounts[text]
            // An instrumented handler is the one a typed dispatch must
            // call too: the tracer's wrapper sees only `[Any]`.
            registration.typed = instrument == nil ? service.typedCalls[text] : nil
          }
          state.entries[slot].append(registration, handlerAt: position, of: tables[index].values)
          state.unpublish(slot, into: &retired)
        }
        // A selector listed again has one slot, named once.
        var seen = Set<Int>()
        let named =
          service.additional.isEmpty
          ? slots[index] : slots[index].filter { seen.insert($0).inserted }
        state.services[service.name] = ServiceRecord(sequence: sequence, slots: named)
      }
      return .success((deprecations, undeclared))
    }
    switch outcome {
    case .success(let (deprecations, undeclared)):
      deprecations.forEach(environment.report)
      reportUndeclared(undeclared)
    case .failure(let failure): throw failure
    }
  }

  /// Reports each selector a service handles that a dispatcher declaring a
  /// vocabulary does not declare, with the nearest declared selector as the
  /// suggestion: usually a misspelling, which nothing would dispatch.
  func reportUndeclared(_ undeclared: [(service: String, selector: String)]) {
    guard !undeclared.isEmpty else { return }
    for (service, selector) in undeclared {
      let declared = Suggestion.candidateLengths(for: selector).map { lengths in
        state.withLock { $0.knownSelectors(ofLengths: lengths, declaredOnly: true) }
      }
      environment.report(
        .undeclaredSelector(
          selector: selector, service: service,
          suggestion: declared.flatMap { Suggestion.nearest(to: selector, among: $0) }))
    }
  }
}

extension SelectorKey {
  /// Validates and interns, throwing only ``DispatchError``.
  fileprivate init(validated text: String) throws(DispatchError) {
    self.init(validated: text, arity: try Self.validate(text))
  }
}

extension Dispatcher.Pending {
  /// The service with a stand-in in `handlers` for each of its
  /// `asyncHandlers`, so that registering treats both kinds as one
  /// table. A selector in both tables is recorded as the table's mistake.
  func normalized() -> Self {
    guard !asyncHandlers.isEmpty else { return self }
    var normal = self
    var handlers = self.handlers
    for selector in asyncHandlers.keys.sorted() {
      if handlers[selector] != nil {
        normal.problem = normal.problem ?? .duplicateHandler(selector: selector, service: nil)
        normal.asyncHandlers[selector] = nil
        continue
      }
      handlers[selector] = { _ in
        DispatchError.asyncHandlerNeedsAwait(selector: selector, service: nil)
      }
    }
    normal.handlers = handlers
    return normal
  }
}

extension Dispatcher.State {
  /// Checks that each selector of a completion event's handler is declared
  /// with a completion: the one rule that keeps a service from being
  /// handed the caller's own completion, which, with no join made for the
  /// selector, it would call beside every other service. A completion can
  /// be declared but never taken back (declaring the selector again with
  /// another signature throws), so a handler admitted here stays sound.
  ///
  /// - Throws: ``DispatchError/completionNotDeclared(selector:service:)``
  ///   for the first such selector, in sorted order.
  func checkCompletionsDeclared(
    for selectors: Set<String>, of service: String, texts: [String], slots: [Int]
  ) throws(DispatchError) {
    guard !selectors.isEmpty else { return }
    var undeclared: String?
    for (position, text) in texts.enumerated() where selectors.contains(text) {
      // A selector new to this dispatcher has no slot (-1) and no entry.
      let slot = slots[position]
      guard slot < 0 || entries[slot].contract?.completion == nil else { continue }
      if undeclared.map({ text < $0 }) ?? true { undeclared = text }
    }
    if let undeclared { throw .completionNotDeclared(selector: undeclared, service: service) }
  }

  /// Checks typed async handlers' parameter counts against their
  /// selectors: one per `:`, less the completion handler when the
  /// selector's declared entry has one.
  ///
  /// - Throws: ``DispatchError/arityMismatch(selector:expected:actual:)``
  ///   whose `expected` is the parameter count the closure must have.
  func checkAsyncParameterCounts(_ counts: [String: Int], texts: [String], slots: [Int])
    throws(DispatchError)
  {
    guard !counts.isEmpty else { return }
    for (position, text) in texts.enumerated() {
      guard let count = counts[text] else { continue }
      let arity = text.utf8.count { $0 == UInt8(ascii: ":") }
      // A selector new to this dispatcher has no slot (-1) and no entry.
      let entry = slots[position] >= 0 ? entries[slots[position]] : nil
      let expected = arity - (entry?.contract?.completion == nil ? 0 : 1)
      guard count == expected else {
        throw .arityMismatch(selector: text, expected: expected, actual: count)
      }
    }
  }
}

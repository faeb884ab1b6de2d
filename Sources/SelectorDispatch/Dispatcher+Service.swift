extension Dispatcher {
  /// Registers a ``Service``, all or nothing.
  ///
  /// Reads the service's ``Service/name``, ``Service/priority`` and
  /// ``Service/handlers`` once.
  ///
  /// - Parameter service: The service.
  /// - Throws: ``DispatchError/duplicateService(name:)``, a mistake in a
  ///   typed handler table (``DispatchError/malformedSelector(selector:offset:reason:)``,
  ///   ``DispatchError/arityMismatch(selector:expected:actual:)`` or
  ///   ``DispatchError/duplicateHandler(selector:service:)``), or a
  ///   malformed selector key. When it throws, nothing is registered.
  public func register(_ service: some Service) throws {
    try register(contentsOf: [service])
  }

  /// Registers several services at once, all or nothing.
  ///
  /// Either every service is registered, in order, or — when one of them
  /// cannot be — none is: a dispatch on another thread sees all of them
  /// or none.
  ///
  /// - Parameter services: The services, in registration order; their
  ///   names must differ from each other and from the registered services.
  /// - Throws: The first error, in order, that ``register(_:)`` would throw
  ///   for one of them. When it throws, nothing is registered.
  public func register(contentsOf services: [any Service]) throws {
    let batch = services.map {
      Pending(name: $0.name, priority: $0.priority, handlers: $0.handlers)
    }
    do {
      try register(batch: batch)
    } catch {
      throw error.error
    }
  }

  /// Wraps the handlers of every service registered from now on, on any
  /// path (code, ``Service``, manifest): how a tracer or profiler sees every
  /// call without a cost for dispatchers that are not traced.
  ///
  /// `wrap` receives the service's name and its validated handlers and
  /// returns handlers for the same selectors.
  package func instrumentRegistrations(
    _ wrap: @escaping @Sendable (String, [String: Handler]) -> [String: Handler]
  ) {
    environment.instrument = wrap
  }

  /// A service to register: what ``register(batch:)`` needs.
  struct Pending {
    let name: String
    let priority: Int
    let handlers: [String: Handler]
  }

  /// Why ``register(batch:)`` registered nothing: which service, and what.
  struct BatchFailure: Error {
    /// The index of the failing service in the batch.
    let index: Int
    let error: DispatchError
  }

  /// Registers services, all or nothing: the one implementation behind
  /// every public `register`.
  ///
  /// Selectors are validated outside the lock; under it, every name is
  /// checked before anything is inserted.
  ///
  /// - Complexity: O(*h* log *h* + Σ *n*) per service, as in
  ///   ``register(service:priority:handlers:)``.
  func register(batch: [Pending]) throws(BatchFailure) {
    var prepared: [(service: Pending, keyed: [(SelectorKey, Handler)])] = []
    prepared.reserveCapacity(batch.count)
    let instrument = environment.instrument
    for (index, service) in batch.enumerated() {
      do {
        var handlers = try Self.keyed(service.handlers)
        if let instrument {
          let wrapped = instrument(service.name, Dictionary(uniqueKeysWithValues: handlers.map { ($0.0.description, $0.1) }))
          handlers = handlers.map { ($0.0, wrapped[$0.0.description] ?? $0.1) }
        }
        prepared.append((service, handlers))
      } catch {
        throw BatchFailure(index: index, error: error.named(service.name))
      }
    }
    let outcome = state.withLock { state -> Result<[Diagnostic], BatchFailure> in
      var names = Set<String>()
      for (index, entry) in prepared.enumerated() {
        let name = entry.service.name
        guard state.services[name] == nil, names.insert(name).inserted else {
          return .failure(BatchFailure(index: index, error: .duplicateService(name: name)))
        }
      }
      // Exclusive domains: each service's claims count against the next
      // ones in the batch; on a conflict, the claims so far are undone.
      let exclusivity = state.exclusivity
      var deprecations: [Diagnostic] = []
      for (index, entry) in prepared.enumerated() {
        do throws(DispatchError) {
          let admission = try state.admit(service: entry.service.name, keys: entry.keyed.map(\.0))
          state.exclusivity.claim(admission.claims, for: entry.service.name)
          deprecations += admission.deprecations
        } catch {
          state.exclusivity = exclusivity
          return .failure(BatchFailure(index: index, error: error))
        }
      }
      for (service, keyed) in prepared {
        let sequence = state.nextSequence
        state.nextSequence += 1
        for (key, handler) in keyed {
          state.makeEntry(for: key)
          let registration = Registration(
            handler: handler, service: service.name, priority: service.priority,
            sequence: sequence)
          state.entries[key.id]?.insert(registration)
        }
        state.services[service.name] = ServiceRecord(
          sequence: sequence, entryIDs: keyed.map { $0.0.id })
      }
      return .success(deprecations)
    }
    switch outcome {
    case .success(let deprecations): deprecations.forEach(environment.report)
    case .failure(let failure): throw failure
    }
  }

  /// Validates a table's selectors, in sorted order, and throws the mistake
  /// a typed table recorded (see ``TypedHandler/table(_:)``).
  private static func keyed(_ handlers: [String: Handler]) throws(DispatchError) -> [(
    SelectorKey, Handler
  )] {
    if let problem = handlers[TypedHandler.problemKey],
      let mistake = problem([]) as? DispatchError
    {
      throw mistake
    }
    var keyed: [(SelectorKey, Handler)] = []
    keyed.reserveCapacity(handlers.count)
    for text in handlers.keys.sorted() {
      keyed.append((try SelectorKey(validated: text), handlers[text].unsafelyUnwrapped))
    }
    return keyed
  }
}

extension DispatchError {
  /// The error with the service's name filled in where it names one.
  fileprivate func named(_ service: String) -> DispatchError {
    if case .duplicateHandler(let selector, "") = self {
      return .duplicateHandler(selector: selector, service: service)
    }
    return self
  }
}

extension SelectorKey {
  /// Validates and interns, throwing only ``DispatchError``.
  fileprivate init(validated text: String) throws(DispatchError) {
    self.init(validated: text, arity: try Self.validate(text))
  }
}

extension Dispatcher {
  /// Registers a ``DispatchService``, all or nothing.
  ///
  /// Reads the service's ``DispatchService/name``, ``DispatchService/priority`` and
  /// ``DispatchService/handlers`` once.
  ///
  /// - Parameter service: The service.
  /// - Throws: ``DispatchError/duplicateService(name:)``, a mistake in a
  ///   typed handler table (``DispatchError/malformedSelector(selector:offset:reason:)``,
  ///   ``DispatchError/arityMismatch(selector:expected:actual:)`` or
  ///   ``DispatchError/duplicateHandler(selector:service:)``), or a
  ///   malformed selector key. When it throws, nothing is registered.
  public func register(_ service: some DispatchService) throws {
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
  /// - Throws: The first ``DispatchError``, in order, that ``register(_:)``
  ///   would throw for one of them. When it throws, nothing is registered.
  public func register(contentsOf services: [any DispatchService]) throws {
    let batch = services.map {
      Pending(name: $0.name, priority: $0.priority, table: $0.handlers)
    }
    do {
      try register(batch: batch)
    } catch {
      throw error.error
    }
  }
}

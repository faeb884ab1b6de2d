extension Dispatcher {
  /// Registers a table of typed handlers under a service name, all or
  /// nothing.
  ///
  /// ```swift
  /// try dispatcher.register(
  ///   service: "push",
  ///   handlers: HandlerTable([
  ///     TypedHandler("applicationDidEnterBackground:") { (app: AnyObject) in clearBadge() }
  ///   ]))
  /// ```
  ///
  /// - Parameters:
  ///   - service: A name unique among the registered services.
  ///   - priority: Higher priorities run first; equal priorities run in
  ///     registration order.
  ///   - handlers: The handlers, and any mistake in their definition.
  /// - Throws: The table's ``HandlerTable/problem``, attributed to
  ///   `service`, or what
  ///   ``register(service:priority:handlers:)-(_,_,[String:Handler])``
  ///   throws. When it throws, nothing is registered.
  public func register(service: String, priority: Int = 0, handlers: HandlerTable) throws {
    do {
      try register(batch: [Pending(name: service, priority: priority, table: handlers)])
    } catch {
      throw error.error
    }
  }

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
      Pending(name: $0.name, priority: $0.priority, table: $0.handlers.handlerTable)
    }
    do {
      try register(batch: batch)
    } catch {
      throw error.error
    }
  }
}

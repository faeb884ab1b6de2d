extension Dispatcher {
  /// Dispatches a selector whose last argument is a completion handler.
  ///
  /// The caller's completion is never handed to the services: each service
  /// gets its own, made by a `CompletionJoin` that calls the caller's
  /// exactly once. When this throws before any handler runs (the completion
  /// has the wrong type), the caller's completion was not called and is
  /// still the caller's to call. A service whose handler refused its
  /// arguments or failed is not waited for.
  func runJoiningCompletions(
    _ kind: CompletionKind, _ snapshot: Snapshot, params: [Any], fold: Fold
  ) throws(DispatchError) -> Folded {
    let index = params.count - 1
    let join = try joinCallersCompletion(
      kind, snapshot, selector: snapshot.selector, params: params)
    var wrapped = ContiguousArray<SelectorHandler>()
    wrapped.reserveCapacity(snapshot.handlers.count)
    for (slot, handler) in snapshot.handlers.enumerated() {
      wrapped.append { params in join.call(handler, at: slot, with: params, completionAt: index) }
    }
    defer { join.seal() }
    return try fold.fold(
      HandlerList(selector: snapshot.selector, handlers: wrapped, services: snapshot.services),
      params: params, environment: environment)
  }

  /// The join for a dispatch whose last parameter is the caller's
  /// completion: one slot for each of the snapshot's services.
  ///
  /// - Throws: ``DispatchError/argumentTypeMismatch(selector:index:expected:actual:)``
  ///   when that parameter is not a completion of `kind`; the caller's
  ///   completion was then not called and is still the caller's to call.
  func joinCallersCompletion(
    _ kind: CompletionKind, _ snapshot: Snapshot, selector: String, params: [Any]
  ) throws(DispatchError) -> CompletionJoin {
    let last = params.count - 1
    guard let binding = kind.bind(params[last]) else {
      throw DispatchError.argumentTypeMismatch(
        selector: selector, index: last, expected: kind.description,
        actual: String(describing: type(of: params[last])))
    }
    return join(binding, for: snapshot, selector: selector)
  }

  /// A join that calls `binding` once, when each of the snapshot's services
  /// has answered or the deadline has passed.
  func join(_ binding: CompletionBinding, for snapshot: Snapshot, selector: String)
    -> CompletionJoin
  {
    CompletionJoin(
      selector: selector, services: Array(snapshot.services), binding: binding,
      environment: environment)
  }
}

extension Dispatcher {
  /// Dispatches a selector whose last argument is a completion handler.
  ///
  /// The caller's completion is never handed to the services: each service
  /// gets its own, made by a `CompletionJoin` that calls the caller's
  /// exactly once, when every service has answered or when the deadline,
  /// counted from the return of this call, passes; each service missing
  /// then is reported with what it was doing. When this throws before any
  /// handler runs (the completion has the wrong type), the caller's
  /// completion was not called and is still the caller's to call.
  ///
  /// The handlers go through the synchronous loop, each wrapped for the
  /// join: a sync service's runs now with its own completion, and is not
  /// waited for when it refused its arguments or failed (see
  /// `CompletionJoin.call`). An async service's is queued: to the fold its
  /// answer is no opinion, so it never settles the fold, and the async
  /// handlers that the fold would call run after the sync ones, in order,
  /// in a task on an `AsyncBridge` of their own (`startBridge`).
  func runJoiningCompletions(
    _ kind: CompletionKind, _ snapshot: Snapshot, params: [Any], fold: Fold
  ) throws(DispatchError) -> Folded {
    let last = params.count - 1
    let join = try joinCallersCompletion(kind, snapshot, params: params)
    // Filled by the wrapped async handlers as the fold reaches them.
    var queued: [(index: Int, handler: AsyncSelectorHandler)] = []
    var wrapped = ContiguousArray<SelectorHandler>()
    wrapped.reserveCapacity(snapshot.handlers.count)
    for (index, handler) in snapshot.handlers.enumerated() {
      if snapshot.hasAsyncHandlers, let asyncHandler = snapshot.registrations[index].asyncHandler {
        wrapped.append { _ in
          queued.append((index, asyncHandler))
          join.queue(index)
          return nil
        }
      } else {
        wrapped.append { params in join.call(handler, at: index, with: params, completionAt: last) }
      }
    }
    // Once the fold has called every handler it calls, whether it then
    // throws or not: the queued async handlers start, and the join is sealed.
    defer {
      if snapshot.hasAsyncHandlers {
        startBridge(queued, of: snapshot, params: Array(params.dropLast()), join: join)
      }
      join.seal()
    }
    return try fold.apply(
      to: HandlerList(selector: snapshot.selector, handlers: wrapped, services: snapshot.services),
      params: params, environment: environment)
  }

  /// The join for a dispatch whose last parameter is the caller's
  /// completion: one reply for each of the snapshot's services.
  ///
  /// - Throws: ``DispatchError/argumentTypeMismatch(selector:index:expected:actual:)``
  ///   when that parameter is not a completion of `kind`; the caller's
  ///   completion was then not called and is still the caller's to call.
  private func joinCallersCompletion(
    _ kind: CompletionKind, _ snapshot: Snapshot, params: [Any]
  ) throws(DispatchError) -> CompletionJoin {
    let last = params.count - 1
    guard let binding = kind.bind(params[last]) else {
      throw DispatchError.argumentTypeMismatch(
        selector: snapshot.selector, index: last, expected: kind.description,
        actual: String(describing: type(of: params[last])))
    }
    return join(binding, for: snapshot)
  }

  /// A join that calls `binding` once, when each of the snapshot's services
  /// has answered or the deadline has passed.
  func join(_ binding: CompletionBinding, for snapshot: Snapshot) -> CompletionJoin {
    CompletionJoin(
      selector: snapshot.selector, services: Array(snapshot.services), binding: binding,
      environment: environment)
  }
}

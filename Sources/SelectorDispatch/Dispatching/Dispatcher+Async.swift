extension Dispatcher {
  /// Wraps the async handlers of every service registered from now on, as
  /// `instrumentRegistrations(_:)` does the synchronous ones.
  package func instrumentAsyncRegistrations(
    _ wrap:
      @escaping @Sendable (String, [String: AsyncSelectorHandler]) -> [String: AsyncSelectorHandler]
  ) {
    environment.instrumentAsync = wrap
  }

  // MARK: Awaiting a dispatch

  /// Dispatches an event and awaits its answer: every handler, sync or
  /// async, runs one after another, and for a selector with a completion
  /// handler the joined completion value is returned.
  ///
  /// This is the awaited form of ``dispatch(selector:params:fold:)``, named
  /// apart from it because the two take different parameters: for a
  /// selector with a completion handler, pass the parameters *without* the
  /// completion, as Swift's `async` import of the delegate method has them
  /// (`application(_:didReceiveRemoteNotification:) async -> UIBackgroundFetchResult`
  /// has no completion handler). The result is the value the completion would
  /// have received, joined from every service's reply (a sync service's by
  /// its completion, an async one's by its return). To pass a completion,
  /// call the synchronous ``dispatch(selector:params:fold:)`` instead, from
  /// synchronous or `async` code alike.
  ///
  /// ```swift
  /// // func application(
  /// //   _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
  /// // ) async -> UIBackgroundFetchResult
  /// let result = try await dispatcher.answer(
  ///   to: "application:didReceiveRemoteNotification:fetchCompletionHandler:",
  ///   params: [application, userInfo])
  /// ```
  ///
  /// For a selector with a completion handler, a service whose handler
  /// refused its arguments or failed is not waited for, and its failure is
  /// thrown once every other service has replied, or the deadline has
  /// passed: the dispatch does not return while a service still holds its
  /// completion.
  ///
  /// Handlers run in the usual order, on the caller's isolation: awaited
  /// from the main actor, sync handlers (and async handlers with no
  /// isolation of their own) run on the main actor.
  ///
  /// **Nesting.** The dispatch counts against the limit of 64 nested
  /// dispatches with the chain it is awaited in
  /// (a handler that awaits a dispatch goes one level deeper), as do the
  /// dispatches its handlers make, synchronous or awaited.
  ///
  /// **Cancellation.** Swift's own contract, cooperative: the handlers
  /// run in the caller's task, so they see its cancellation
  /// (`Task.isCancelled`, `withTaskCancellationHandler`, a throwing
  /// `Task.sleep` or `URLSession` call), its task-local values and its
  /// priority. Once the task is cancelled, no further handler starts, and
  /// the dispatch throws `CancellationError` when the running handler
  /// returns (also when it was the last), or at once when the task was
  /// cancelled before the first (a selector with no handler included). A
  /// handler that ignores the cancellation keeps the dispatch until it
  /// returns, and a `@MainActor` handler awaited from elsewhere while the
  /// main thread is blocked cannot end early. A completion join is not a handler running: cancelled while
  /// it waits for the services' completions, it stops waiting at once; the
  /// completions are still accepted (and a missed deadline still reported),
  /// but their value is dropped.
  ///
  /// - Parameters:
  ///   - selector: The selector, such as `application:performFetchWithCompletionHandler:`.
  ///   - params: One parameter per `:` in the selector, less the completion
  ///     handler when it has one.
  ///   - fold: How to combine the answers; `nil` (the default) means the
  ///     selector's declared fold, or ``Fold/collect`` when it was not
  ///     declared.
  /// - Returns: The folded answer, or the joined completion value.
  /// - Throws: ``DispatchError`` as the synchronous dispatch does (before
  ///   any handler runs for a wrong count or type, or a chain nested too
  ///   deep); ``DispatchError/awaitedArityMismatch(selector:expected:actual:)``
  ///   for a selector with a completion handler, such as when `params`
  ///   includes the completion; or `CancellationError`.
  public nonisolated(nonsending) func answer(
    to selector: String, params: [Any], fold: Fold? = nil
  ) async throws -> Any? {
    try await dispatchAwaiting(lookUp(selector), params: params, fold: fold)
  }

  /// Dispatches an event through a pre-resolved key and awaits its answer.
  ///
  /// See the `String` form of `answer(to:params:fold:)` for the parameters,
  /// order, isolation, completions and cancellation.
  ///
  /// - Parameters:
  ///   - key: The selector.
  ///   - params: One parameter per `:` in the selector, less the completion
  ///     handler when it has one.
  ///   - fold: How to combine the answers; `nil` (the default) means the
  ///     selector's declared fold, or ``Fold/collect`` when it was not
  ///     declared.
  /// - Returns: The folded answer, or the joined completion value.
  /// - Throws: ``DispatchError``, or `CancellationError`.
  public nonisolated(nonsending) func answer(
    to key: SelectorKey, params: [Any], fold: Fold? = nil
  ) async throws -> Any? {
    try await dispatchAwaiting(lookUp(key), params: params, fold: fold)
  }

  /// Prepares the dispatch (see `prepare(_:params:fold:form:)`), then
  /// calls the handlers one at a time, in the caller's task, at its depth,
  /// joining their completions if the selector has one.
  private nonisolated(nonsending) func dispatchAwaiting(
    _ snapshot: Snapshot, params: [Any], fold: Fold?
  ) async throws -> Any? {
    let (fold, depth) = try prepare(snapshot, params: params, fold: fold, form: .awaited).folding
    let completion = snapshot.contract?.completion
    return try await Nesting.carrying(depth) {
      if let completion {
        return try await awaitJoiningCompletions(
          completion, snapshot, params: params, fold: fold)
      }
      return try await awaitEach(snapshot, params: params, fold: fold, join: nil)
    }
  }

  /// The awaited dispatch's one loop: calls the handlers one at a time,
  /// each exactly once, sync ones called and async ones awaited, and folds
  /// their answers as they come. It checks for cancellation before each
  /// handler and after the last: a cancelled dispatch starts no further
  /// handler, and throws when the running one returns (see `answer(to:)`).
  ///
  /// With a `join` (a selector with a completion handler), each handler
  /// goes through it: a sync service's with its own completion, an async
  /// service's return as its reply (see `CompletionJoin.call`).
  ///
  /// Inlined into both callers: called, it costs an awaited dispatch of
  /// one sync handler about 600 instructions more, in async frames
  /// allocated and freed (BENCHMARKS.md's history).
  ///
  /// - Throws: `CancellationError`, or the fold's failure.
  @inline(__always)
  nonisolated(nonsending) func awaitEach(
    _ snapshot: Snapshot, params: [Any], fold: Fold, join: CompletionJoin?
  ) async throws -> Any? {
    let room = fold.heapRoom(for: snapshot)
    defer { room.deallocate() }
    var folded = Fold.Accumulator(fold, handlers: snapshot.handlers.count, room: room)
    // Reading a registration copies it (a retain or two): skipped for
    // selectors whose handlers are all sync.
    let hasAsyncHandlers = snapshot.hasAsyncHandlers
    for index in snapshot.handlers.indices {
      try Task.checkCancellation()
      let answer: Any?
      if hasAsyncHandlers, let handler = snapshot.registrations[index].asyncHandler {
        if let join {
          answer = await join.call(handler, at: index, with: params)
        } else {
          answer = await handler(params)
        }
      } else if let join {
        answer = join.call(
          snapshot.handlers[index], at: index, with: params, completionAt: params.count)
      } else {
        answer = snapshot.handlers[index](params)
      }
      if folded.add(answer, at: index, of: snapshot) { break }
    }
    try Task.checkCancellation()
    return try folded.result(of: snapshot, environment: environment)
  }
}

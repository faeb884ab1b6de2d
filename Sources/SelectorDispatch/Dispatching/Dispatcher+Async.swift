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
  /// **Nesting.** The dispatch counts against
  /// ``Dispatcher/maximumNestingDepth`` with the chain it is awaited in
  /// (a handler that awaits a dispatch goes one level deeper), as do the
  /// dispatches its handlers make, synchronous or awaited.
  ///
  /// **Cancellation.** When the task is cancelled, the dispatch starts no
  /// further handler and throws `CancellationError`. Awaited from anywhere
  /// but the main actor it throws at once: an async handler already
  /// running, or waiting for its actor (a `@MainActor` handler while
  /// nothing serves the main actor), is not waited for; it finishes on its
  /// own, and its answer is dropped (a selector's async handlers run in a
  /// task made for the dispatch, on the caller's isolation). Awaited on the
  /// main actor, handlers run in the caller's task, and the dispatch throws
  /// when the running handler returns: that handler sees the cancellation
  /// itself (`Task.isCancelled`, a throwing `Task.sleep`), so one that
  /// honours it ends at once. A completion join that is cancelled stops
  /// waiting at once; the services' completions are still accepted (and a
  /// missed deadline still reported), but their value is dropped.
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
  /// calls the handlers one at a time, at its depth: in the caller's task
  /// on the main actor or when every handler is synchronous, and otherwise
  /// in a task of their own (`HandlerChainTask`), so that cancelling the
  /// dispatch ends its wait at once.
  private nonisolated(nonsending) func dispatchAwaiting(
    _ snapshot: Snapshot, params: [Any], fold: Fold?
  ) async throws -> Any? {
    let (fold, depth) = try prepare(snapshot, params: params, fold: fold, form: .awaited).folding
    guard snapshot.hasAsyncHandlers, !Self.isMainActor() else {
      return try await awaitHandlers(snapshot, params: params, fold: fold, depth: depth)
    }
    return try await HandlerChainTask.run(
      HandlerChainTask.Chain(
        dispatcher: self, snapshot: snapshot, params: params, fold: fold, depth: depth))
  }

  #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.0)
    /// Whether `isolation`, the caller's, is the main actor.
    @inline(__always)
    private static func isMainActor(_ isolation: (any Actor)? = #isolation) -> Bool {
      isolation === MainActor.shared
    }
  #else
    /// `#isolation` is Swift 6.0's. The MacOSX 13.3 SDK that CI type-checks
    /// against has Swift 5.8's standard library, with which the package
    /// cannot be built (it needs Swift 6.2): this is for the type-check.
    private static func isMainActor() -> Bool { false }
  #endif

  /// Calls the handlers at `depth`, joining their completions if the
  /// selector has one.
  fileprivate nonisolated(nonsending) func awaitHandlers(
    _ snapshot: Snapshot, params: [Any], fold: Fold, depth: Int
  ) async throws -> Any? {
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
  /// their answers as they come. Before each handler it checks for
  /// cancellation: a cancelled dispatch starts no further handler.
  ///
  /// With a `join` (a selector with a completion handler), each handler
  /// goes through it: a sync service's with its own completion, an async
  /// service's return as its reply (see `CompletionJoin.call`).
  ///
  /// Inlined into both callers: called, it costs an awaited dispatch of
  /// one sync handler about 600 instructions more, in async frames
  /// allocated and freed (BENCHMARKS.md).
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
    return try folded.result(of: snapshot, environment: environment)
  }
}

extension HandlerChainTask.Chain {
  /// Calls the handlers, and returns their folded result or what they threw.
  nonisolated(nonsending) func outcome() async -> HandlerChainTask.Outcome {
    do {
      return .success(
        try await dispatcher.awaitHandlers(snapshot, params: params, fold: fold, depth: depth))
    } catch {
      return .failure(error)
    }
  }
}

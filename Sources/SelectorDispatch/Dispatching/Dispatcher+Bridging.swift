extension Dispatcher {
  /// A synchronous dispatch of a selector that has async handlers and a
  /// completion, through which the async answers can arrive after it
  /// returns (`prepare(_:params:fold:form:)` refuses one without).
  ///
  /// The sync handlers run now, in order, each with its own completion; the
  /// async ones that the fold would call run after them, in order, in a
  /// task on an `AsyncBridge` of their own. The caller's completion runs
  /// once, when every service has answered or when the deadline, counted
  /// from the return of this call, passes; each service missing then is
  /// reported with what it was doing (see `CompletionJoin`). A sync
  /// service whose handler refused its arguments or failed is not waited
  /// for (see `CompletionJoin.call`).
  func runBridging(_ kind: CompletionKind, _ snapshot: Snapshot, params: [Any], fold: Fold)
    throws(DispatchError) -> Any?
  {
    let selector = snapshot.selector
    let last = params.count - 1
    let join = try joinCallersCompletion(kind, snapshot, selector: selector, params: params)
    let room = fold.heapRoom(for: snapshot)
    defer { room.deallocate() }
    var folded = Fold.Accumulator(fold, handlers: snapshot.handlers.count, room: room)
    var started: [(slot: Int, handler: AsyncSelectorHandler)] = []
    for index in snapshot.handlers.indices {
      if let handler = snapshot.registrations[index].asyncHandler {
        // Its answer goes to the join; to the fold it is no opinion, so it
        // never settles the fold.
        started.append((index, handler))
        join.queue(index)
        continue
      }
      let answer = join.call(snapshot.handlers[index], at: index, with: params, completionAt: last)
      if folded.add(answer, at: index, of: snapshot) { break }
    }
    join.hold()
    let environment = environment
    // The task's handlers nest inside this dispatch, as they would had it
    // awaited them: a handler that dispatches this selector again goes one
    // level deeper per hop, and stops at the limit.
    AsyncBridge.start(
      AsyncBridge.Work(
        handlers: started, params: Array(params.dropLast()),
        starting: { join.armAnswer($0) },
        answered: { slot, answer in
          if let failure = answer as? DispatchError {
            join.answer(nil, at: slot)
            environment.report(
              .asyncHandlerFailed(
                selector: selector, service: snapshot.service(at: slot),
                reason: failure.attributed(to: snapshot.service(at: slot)).description))
          } else {
            join.answer(answer, at: slot)
          }
        },
        finished: { join.release() }))
    join.seal()
    return try folded.result(of: snapshot, environment: environment)
  }
}

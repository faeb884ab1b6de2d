extension Dispatcher {
  /// `answer(to:)` of a selector with a completion handler: sync
  /// services get their own completion, async ones are awaited and their
  /// return is their answer, and the joined value is returned. A sync
  /// service whose handler refused its arguments or failed is not waited
  /// for, so a refusal thrown here leaves no deadline armed.
  nonisolated(nonsending) func awaitJoiningCompletions(
    _ kind: CompletionKind, _ snapshot: Snapshot, selector: String, params: [Any], fold: Fold
  ) async throws -> Any? {
    let waiter = CompletionWaiter()
    guard let binding = kind.bind(kind.makeCompletion { waiter.deliver($0) }) else {
      preconditionFailure("completion kind \(kind) does not accept its own completions")
    }
    let join = self.join(binding, for: snapshot, selector: selector)
    let room = fold.heapRoom(for: snapshot)
    defer { room.deallocate() }
    var folded = Fold.Accumulator(fold, handlers: snapshot.handlers.count, room: room)
    for index in snapshot.handlers.indices {
      if Task.isCancelled {
        join.seal()
        throw CancellationError()
      }
      let answer: Any?
      if let handler = snapshot.registrations[index].asyncHandler {
        join.armAnswer(index)
        answer = Self.split(await handler(params), into: join, at: index)
      } else {
        answer = join.call(
          snapshot.handlers[index], at: index, with: params, completionAt: params.count)
      }
      if folded.add(answer, at: index, of: snapshot) { break }
    }
    join.seal()
    _ = try folded.result(of: snapshot, environment: environment)
    return try await waiter.value()
  }

  /// An async handler's return under a completion selector: a failure goes
  /// to the fold (and the join hears no answer), anything else is the
  /// completion value (and the fold hears no opinion).
  private static func split(_ answer: Any?, into join: CompletionJoin, at slot: Int) -> Any? {
    if answer is DispatchError {
      join.answer(nil, at: slot)
      return answer
    }
    join.answer(answer, at: slot)
    return nil
  }
}

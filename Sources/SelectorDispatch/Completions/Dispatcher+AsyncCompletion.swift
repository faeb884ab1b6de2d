extension Dispatcher {
  /// `answer(to:)` of a selector with a completion handler: sync
  /// services get their own completion, async ones are awaited and their
  /// return is their answer, and the joined value is returned.
  nonisolated(nonsending) func awaitJoiningCompletions(
    _ kind: CompletionKind, _ snapshot: Snapshot, selector: String, params: [Any], fold: Fold
  ) async throws -> Any? {
    let waiter = CompletionWaiter()
    guard let binding = kind.bind(kind.makeCompletion { waiter.deliver($0) }) else {
      preconditionFailure("completion kind \(kind) does not accept its own completions")
    }
    let join = self.join(binding, for: snapshot, selector: selector)
    var folded = Fold.Accumulator(fold, selector: selector, environment: environment)
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
        answer = snapshot.handlers[index](params + [join.arm(index)])
      }
      if folded.add(answer, at: index, of: snapshot) { break }
    }
    join.seal()
    _ = try folded.result()
    return try await waiter.value()
  }

  /// A synchronous dispatch of a selector that has async handlers: refused
  /// unless the selector has a completion, through which the async answers
  /// can arrive after it returns.
  ///
  /// The sync handlers run now, in order, each with its own completion; the
  /// async ones that the fold would call run after them, in order, in a
  /// task on an ``AsyncBridge`` of their own. The caller's completion runs
  /// once, when every service has answered or when the deadline, counted
  /// from the return of this call, passes; each service missing then is
  /// reported with what it was doing (see `CompletionJoin`).
  func runBridging(_ snapshot: Snapshot, selector: String, params: [Any], fold: Fold?)
    throws(DispatchError) -> Any?
  {
    try snapshot.contract?.check(params, selector: selector)
    guard let kind = snapshot.contract?.completion else {
      let first = snapshot.registrations.first { $0.asyncHandler != nil }
      throw DispatchError.asyncHandlerNeedsAwait(selector: selector, service: first?.service)
    }
    let last = params.count - 1
    let join = try joinCallersCompletion(kind, snapshot, selector: selector, params: params)
    let fold = fold ?? snapshot.declaredFold ?? .collect
    var folded = Fold.Accumulator(fold, selector: selector, environment: environment)
    var started: [(slot: Int, handler: AsyncSelectorHandler)] = []
    for index in snapshot.handlers.indices {
      if let handler = snapshot.registrations[index].asyncHandler {
        // Its answer goes to the join; to the fold it is no opinion, so it
        // never settles the fold.
        started.append((index, handler))
        join.queue(index)
        continue
      }
      var own = params
      own[last] = join.arm(index)
      if folded.add(snapshot.handlers[index](own), at: index, of: snapshot) { break }
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
    return try folded.result()
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

/// The completion an `await` dispatch gives its join: it holds the joined
/// value until the dispatch awaits it, or resumes the waiting dispatch.
final class CompletionWaiter: Sendable {
  private enum State {
    case waiting
    case delivered(UncheckedBox<Any>)
    case awaiting(CheckedContinuation<UncheckedBox<Any>, any Error>)
    case cancelled
  }

  private let state = Locked(State.waiting)

  /// The join's value: called once, by the join.
  func deliver(_ value: Any) {
    let box = UncheckedBox(value: value)
    let continuation = state.withLock {
      state -> CheckedContinuation<UncheckedBox<Any>, any Error>? in
      switch state {
      case .waiting:
        state = .delivered(box)
        return nil
      case .awaiting(let continuation):
        state = .delivered(box)
        return continuation
      case .delivered, .cancelled:
        return nil
      }
    }
    continuation?.resume(returning: box)
  }

  /// Waits for the value; throws `CancellationError` at once if the task is
  /// (or becomes) cancelled first.
  nonisolated(nonsending) func value() async throws -> Any {
    let box = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let ready = state.withLock { state -> Result<UncheckedBox<Any>, any Error>? in
          switch state {
          case .waiting:
            state = .awaiting(continuation)
            return nil
          case .delivered(let box): return .success(box)
          case .cancelled, .awaiting: return .failure(CancellationError())
          }
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let continuation = state.withLock {
        state -> CheckedContinuation<UncheckedBox<Any>, any Error>? in
        switch state {
        case .awaiting(let continuation):
          state = .cancelled
          return continuation
        case .waiting:
          state = .cancelled
          return nil
        case .delivered, .cancelled:
          return nil
        }
      }
      continuation?.resume(throwing: CancellationError())
    }
    return box.value
  }
}

/// One dispatch's wait for its services' completions: it hands each service
/// its own completion and calls the caller's exactly once.
///
/// The state machine, under one lock: a slot (one per service, in priority
/// order) is *waiting* when its handler is about to be called (an async
/// one is *queued* until its turn on the bridge, then *running*), *answered*
/// when its completion is called, and *excused* when its handler refused
/// the arguments without running or failed (it answered an error for which
/// `DispatchError.isRefusal` holds), so that nothing is expected to call
/// its completion. The join is *sealed* when the
/// fold has called every handler it calls, and *finished* when it is sealed
/// and no slot is waiting, or when the deadline passes. Only the transition
/// to finished calls the caller's completion, and it happens once;
/// everything that arrives afterwards is ignored and reported.
///
/// **Lifetimes.** Finishing takes the caller's completion and the answers
/// out of the join, so they (and whatever they captured) are released as
/// soon as the caller's completion returns, even while a service keeps its
/// own completion or a clock keeps the deadline's action.
final class CompletionJoin: @unchecked Sendable {
  private enum Slot {
    case idle
    /// Its sync handler ran with its own completion, not yet called.
    case waiting
    /// Its async handler is due to start on the bridge, after the ones
    /// before it.
    case queued
    /// Its async handler started and has not returned.
    case running
    /// Answered; `nil` when an async handler returned no value.
    case answered(Any?)
    /// Answered, and the answer has gone to the caller's completion.
    case spent
    case excused
  }

  /// `@unchecked Sendable`: the answers it holds are not `Sendable` (a
  /// completion value is whatever the selector's completion takes), and they
  /// travel by design from the service that answered, on its thread, to the
  /// caller's completion; nothing else reads them.
  private struct State: @unchecked Sendable {
    var slots: [Slot]
    /// Slots that are waiting.
    var pending = 0
    var sealed = false
    /// The caller's completion; `nil` once the join has finished.
    var binding: CompletionBinding?
    var deadline: ScheduledAction?

    var finished: Bool { binding == nil }

    /// Finishes the join: hands back what the caller's completion needs and
    /// keeps nothing of it.
    mutating func finish() -> (CompletionBinding, [Any?], ScheduledAction?)? {
      guard let binding else { return nil }
      let answers = slots.map { slot -> Any? in
        if case .answered(let answer) = slot { answer } else { nil }
      }
      defer {
        self.binding = nil
        for index in slots.indices {
          if case .answered = slots[index] { slots[index] = .spent }
        }
        deadline = nil
      }
      return (binding, answers, deadline)
    }

    /// Finishes the join if it is sealed and nobody is waiting.
    mutating func finishIfSettled() -> (CompletionBinding, [Any?], ScheduledAction?)? {
      sealed && pending == 0 ? finish() : nil
    }
  }

  /// What a completion call turned out to be.
  private enum Arrival {
    case recorded
    case finishedTheJoin(CompletionBinding, [Any?], ScheduledAction?)
    case duplicate
    case late
  }

  private let selector: String
  private let services: [String]
  /// The nesting depth of the dispatch that made the join: the caller's
  /// completion runs at it, wherever it is called from, so that a
  /// completion that dispatches again nests inside that dispatch (see
  /// `Nesting`).
  private let depth = Nesting.current
  private let environment: DispatchEnvironment
  /// Makes a service's completion; it captures nothing of the caller's.
  private let makeCompletion: (@escaping @Sendable (Any) -> Void) -> Any
  /// The completion's value type, and whether an async answer has it.
  private let valueType: String
  private let accepts: (Any) -> Bool
  /// `@unchecked Sendable` above: all mutable state is in this lock (see
  /// `State` for its answers), and `makeCompletion`, a `let`, captures
  /// nothing of the caller's.
  private let state: Locked<State>

  init(
    selector: String, services: [String], binding: CompletionBinding,
    environment: DispatchEnvironment
  ) {
    self.selector = selector
    self.services = services
    self.environment = environment
    self.makeCompletion = binding.makeCompletion
    self.valueType = binding.valueType
    self.accepts = binding.accepts
    self.state = Locked(
      State(slots: Array(repeating: .idle, count: services.count), binding: binding))
  }

  /// Calls a service's synchronous handler with its own completion in
  /// place of the caller's, and stops waiting for it when it refused its
  /// arguments or failed: the one rule, for every path that joins
  /// completions, that a service which never took its completion (or will
  /// not call it) is not waited for.
  ///
  /// The slot is waited for from before the call, so that a completion the
  /// handler calls at once, on any thread, counts. The completion holds
  /// the join, not the caller's completion: once the join has finished,
  /// keeping it keeps nothing of the caller's alive.
  ///
  /// - Parameters:
  ///   - handler: The service's handler.
  ///   - slot: The service's slot.
  ///   - params: The dispatch's parameters.
  ///   - position: Where the completion goes in `params`: the caller's
  ///     completion's index, which it replaces, or `params.count` to append
  ///     it (an awaited dispatch has none).
  /// - Returns: The handler's answer.
  func call(
    _ handler: SelectorHandler, at slot: Int, with params: [Any], completionAt position: Int
  ) -> Any? {
    state.withLock { state in
      state.slots[slot] = .waiting
      state.pending += 1
    }
    var params = params
    let completion = makeCompletion { [self] answer in arrive(answer, at: slot) }
    if position == params.count {
      params.append(completion)
    } else {
      params[position] = completion
    }
    let answer = handler(params)
    // A handler that refused its arguments never took its completion, and
    // one that failed will not call it.
    if (answer as? DispatchError)?.isRefusal == true { excuse(slot) }
    return answer
  }

  /// Awaits a service's async handler, whose return is its answer in
  /// place of a completion: the one rule, for every path that awaits or
  /// bridges async handlers, of what the join and the fold each hear.
  ///
  /// A failure (an answer that is a ``DispatchError``) goes to the caller,
  /// for the fold, and the join hears no answer from the slot; anything
  /// else goes to the join (see `answer(_:at:)`), and the caller gets
  /// `nil`: to the fold, no opinion.
  ///
  /// - Parameters:
  ///   - handler: The service's async handler.
  ///   - slot: The service's slot.
  ///   - params: The dispatch's parameters, without a completion.
  /// - Returns: The failure, or `nil`.
  nonisolated(nonsending) func call(
    _ handler: AsyncSelectorHandler, at slot: Int, with params: [Any]
  ) async -> DispatchError? {
    armAnswer(slot)
    let answer = await handler(params)
    if let failure = answer as? DispatchError {
      self.answer(nil, at: slot)
      return failure
    }
    self.answer(answer, at: slot)
    return nil
  }

  /// Stops waiting for a slot whose handler refused its arguments without
  /// running, or failed: its completion will not be called, so the
  /// caller's completion runs when the others have answered. A call that
  /// comes anyway, before the join finishes, still counts.
  private func excuse(_ slot: Int) {
    let finished = state.withLock { state -> (CompletionBinding, [Any?], ScheduledAction?)? in
      guard case .waiting = state.slots[slot] else { return nil }
      state.slots[slot] = .excused
      state.pending -= 1
      return state.finishIfSettled()
    }
    if let (binding, answers, deadline) = finished { complete(binding, answers, deadline) }
  }

  /// Called when the fold has called every handler it calls: finishes now
  /// if no service is still waited for, else starts the deadline.
  func seal() {
    let finished = state.withLock { state -> (CompletionBinding, [Any?], ScheduledAction?)? in
      state.sealed = true
      return state.finishIfSettled()
    }
    if let (binding, answers, deadline) = finished {
      complete(binding, answers, deadline)
      return
    }
    let deadline = environment.clock.schedule(after: environment.completionDeadline) {
      [self] in expire()
    }
    let alreadyFinished = state.withLock { state -> Bool in
      if state.finished { return true }
      state.deadline = deadline
      return false
    }
    if alreadyFinished { deadline.cancel() }
  }

  /// Marks a slot's async handler as due to start later, on the bridge
  /// (through `call(_:at:with:)`): the join waits for it from now on.
  func queue(_ slot: Int) {
    state.withLock { state in
      state.slots[slot] = .queued
      state.pending += 1
    }
  }

  /// Marks a slot's async handler as started: its return is its answer,
  /// passed to `answer(_:at:)`.
  private func armAnswer(_ slot: Int) {
    state.withLock { state in
      if case .queued = state.slots[slot] {} else { state.pending += 1 }
      state.slots[slot] = .running
    }
  }

  /// An async handler's answer for its slot; `nil` when it gave none.
  ///
  /// The one place where an answer of another type than the completion
  /// takes is caught, for every path that awaits or bridges async handlers
  /// (a service's own completion has the caller's type, so it cannot pass
  /// one): it is reported, and counts as no answer, so that the caller's
  /// completion runs with the other answers, or the identity.
  private func answer(_ value: Any?, at slot: Int) {
    guard let value, !accepts(value) else { return arrive(value, at: slot) }
    environment.report(
      .answerTypeMismatch(
        selector: selector, service: services[slot], expected: valueType,
        actual: String(describing: type(of: value))))
    arrive(nil, at: slot)
  }

  /// Keeps the join from finishing, except by its deadline, until
  /// `release()`: a synchronous dispatch holds it while its task still
  /// has async handlers to start.
  func hold() {
    state.withLock { $0.pending += 1 }
  }

  /// Ends a `hold()`; finishes the join if nothing else is pending.
  func release() {
    let finished = state.withLock { state -> (CompletionBinding, [Any?], ScheduledAction?)? in
      state.pending -= 1
      return state.finishIfSettled()
    }
    if let (binding, answers, deadline) = finished { complete(binding, answers, deadline) }
  }

  private func arrive(_ answer: Any?, at slot: Int) {
    let arrival = state.withLock { state -> Arrival in
      switch state.slots[slot] {
      case .answered, .spent: return .duplicate
      case _ where state.finished: return .late
      case .waiting, .queued, .running: state.pending -= 1
      case .excused, .idle: break
      }
      state.slots[slot] = .answered(answer)
      guard let (binding, answers, deadline) = state.finishIfSettled() else { return .recorded }
      return .finishedTheJoin(binding, answers, deadline)
    }
    switch arrival {
    case .recorded: break
    case .finishedTheJoin(let binding, let answers, let deadline):
      complete(binding, answers, deadline)
    case .duplicate:
      environment.report(.completionCalledTwice(selector: selector, service: services[slot]))
    case .late:
      environment.report(.completionAfterDeadline(selector: selector, service: services[slot]))
    }
  }

  private func expire() {
    let expired = state.withLock {
      state -> (missing: [(Int, Slot)], CompletionBinding, [Any?])? in
      let missing = state.slots.enumerated().filter {
        switch $0.element {
        case .waiting, .queued, .running: true
        case .idle, .answered, .spent, .excused: false
        }
      }
      guard let (binding, answers, _) = state.finish() else { return nil }
      return (missing.map { ($0.offset, $0.element) }, binding, answers)
    }
    guard let (missing, binding, answers) = expired else { return }
    let milliseconds = environment.deadlineMilliseconds
    for (slot, doing) in missing {
      let service = services[slot]
      let diagnostic: Diagnostic =
        switch doing {
        case .queued:
          .handlerNeverStarted(
            selector: selector, service: service, deadlineMilliseconds: milliseconds)
        case .running:
          .handlerStillRunning(
            selector: selector, service: service, deadlineMilliseconds: milliseconds)
        default:
          .completionMissedDeadline(
            selector: selector, service: service, deadlineMilliseconds: milliseconds)
        }
      environment.report(diagnostic)
    }
    Nesting.callBack(at: depth) { binding.finish(answers) }
  }

  /// Cancels the deadline and calls the caller's completion; reached exactly
  /// once, by whichever transition finished the join. The answers are final
  /// by then: later arrivals are rejected under the lock.
  private func complete(
    _ binding: CompletionBinding, _ answers: [Any?], _ deadline: ScheduledAction?
  ) {
    deadline?.cancel()
    Nesting.callBack(at: depth) { binding.finish(answers) }
  }
}

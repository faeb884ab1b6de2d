/// One dispatch's wait for its services' completions: it hands each service
/// its own completion and calls the caller's exactly once.
///
/// The state machine, under one lock: a slot (one per service, in priority
/// order) is *armed* when its handler is about to be called, and *answered*
/// when its completion is called. The join is *sealed* when the fold has
/// called every handler it calls, and *finished* when it is sealed and every
/// armed slot answered, or when the deadline passes. Only the transition to
/// finished calls the caller's completion, and it happens once; everything
/// that arrives afterwards is ignored and reported.
final class CompletionJoin: @unchecked Sendable {
  private struct State {
    var answers: [Any?]
    var answered: [Bool]
    var armed: [Bool]
    /// Armed slots that have not answered.
    var pending = 0
    var sealed = false
    var finished = false
    var deadline: ScheduledAction?
  }

  /// What a completion call turned out to be.
  private enum Arrival {
    case recorded
    case finishedTheJoin(ScheduledAction?)
    case duplicate
    case late
  }

  private let selector: String
  private let services: [String]
  private let binding: CompletionBinding
  private let environment: DispatchEnvironment
  /// `@unchecked Sendable` above: all mutable state is in this lock; the
  /// answers it holds only travel from a service to the caller.
  private let state: Locked<State>

  init(
    selector: String, services: [String], binding: CompletionBinding,
    environment: DispatchEnvironment
  ) {
    self.selector = selector
    self.services = services
    self.binding = binding
    self.environment = environment
    let count = services.count
    self.state = Locked(
      State(
        answers: Array(repeating: nil, count: count),
        answered: Array(repeating: false, count: count),
        armed: Array(repeating: false, count: count)))
  }

  /// Marks a slot's service as called, and makes its completion.
  func arm(_ slot: Int) -> Any {
    state.withLock { state in
      state.armed[slot] = true
      state.pending += 1
    }
    return binding.makeCompletion { [self] answer in arrive(answer, at: slot) }
  }

  /// Called when the fold has called every handler it calls: finishes now
  /// if every armed service already answered, else starts the deadline.
  func seal() {
    let finishNow = state.withLock { state -> Bool in
      state.sealed = true
      guard state.pending == 0, !state.finished else { return false }
      state.finished = true
      return true
    }
    if finishNow {
      finish()
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

  /// Marks a slot's async handler as started: its return is its answer,
  /// passed to ``answer(_:at:)``.
  func armAnswer(_ slot: Int) {
    state.withLock { state in
      state.armed[slot] = true
      state.pending += 1
    }
  }

  /// An async handler's answer for its slot; `nil` when it gave none.
  func answer(_ value: Any?, at slot: Int) {
    arrive(value, at: slot)
  }

  /// Keeps the join from finishing, except by its deadline, until
  /// ``release()``: a synchronous dispatch holds it while its task still
  /// has async handlers to start.
  func hold() {
    state.withLock { $0.pending += 1 }
  }

  /// Ends a ``hold()``; finishes the join if nothing else is pending.
  func release() {
    let deadline = state.withLock { state -> ScheduledAction?? in
      state.pending -= 1
      guard state.sealed, state.pending == 0, !state.finished else { return nil }
      state.finished = true
      defer { state.deadline = nil }
      return .some(state.deadline)
    }
    guard let deadline else { return }
    deadline?.cancel()
    finish()
  }

  private func arrive(_ answer: Any?, at slot: Int) {
    let arrival = state.withLock { state -> Arrival in
      if state.answered[slot] { return .duplicate }
      if state.finished { return .late }
      state.answered[slot] = true
      state.answers[slot] = answer
      state.pending -= 1
      guard state.sealed, state.pending == 0 else { return .recorded }
      state.finished = true
      defer { state.deadline = nil }
      return .finishedTheJoin(state.deadline)
    }
    switch arrival {
    case .recorded: break
    case .finishedTheJoin(let deadline):
      deadline?.cancel()
      finish()
    case .duplicate:
      environment.report(.completionCalledTwice(selector: selector, service: services[slot]))
    case .late:
      environment.report(.completionAfterDeadline(selector: selector, service: services[slot]))
    }
  }

  private func expire() {
    let missing = state.withLock { state -> [Int]? in
      guard !state.finished else { return nil }
      state.finished = true
      state.deadline = nil
      return state.armed.indices.filter { state.armed[$0] && !state.answered[$0] }
    }
    guard let missing else { return }
    let milliseconds = environment.deadlineMilliseconds
    for slot in missing {
      environment.report(
        .completionMissedDeadline(
          selector: selector, service: services[slot], deadlineMilliseconds: milliseconds))
    }
    finish()
  }

  /// Calls the caller's completion; reached exactly once, by whichever
  /// transition set `finished`. The answers are final by then: later
  /// arrivals are rejected under the lock.
  private func finish() {
    let answers = state.withLock { $0.answers }
    binding.finish(answers)
  }
}

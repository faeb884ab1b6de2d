/// One dispatch's wait for its services' completions: it hands each service
/// its own completion and calls the caller's exactly once.
///
/// A service's *reply* is what it hands the join for the caller's
/// completion: the value it passes its own completion, or an async
/// handler's return. (Its *answer*, what its handler returns, goes to the
/// dispatch's fold as on any other dispatch.)
///
/// The state machine, under one lock: a service's reply (one per service,
/// in priority order) is *expected* from when its handler is about to be
/// called (an async one is *queued* until its turn on the bridge, then
/// *running*), *received* when its completion is called, and *excused*
/// when its handler refused the arguments without running or failed (it
/// answered, or an async one returned, a ``DispatchError``), so that
/// nothing is expected to call its completion. The join is *sealed* when
/// the fold has called every handler it calls, and *finished* when it is
/// sealed and no reply is still expected, or when the deadline passes.
/// Only the transition to finished calls the caller's completion, and it
/// happens once. A completion called afterwards is ignored and reported; an
/// async handler's later return is ignored, and reported only when it has
/// the wrong type (the deadline reported the handler as still running, and
/// it called no completion late).
///
/// **Lifetimes.** Finishing takes the caller's completion and the replies
/// out of the join, so they (and whatever they captured) are released as
/// soon as the caller's completion returns, even while a service keeps its
/// own completion or a clock keeps the deadline's action.
final class CompletionJoin: @unchecked Sendable {
  /// Where one service's reply stands.
  enum Reply {
    /// Its handler has not been called.
    case idle
    /// Its sync handler ran with its own completion, not yet called.
    case expected
    /// Its async handler is due to start on the bridge, after the ones
    /// before it.
    case queued
    /// Its async handler started and has not returned.
    case running
    /// Received; `nil` when an async handler returned no value.
    case received(Any?)
    /// Received, and the reply has gone to the caller's completion.
    case spent
    /// Not expected: its handler refused its arguments or failed.
    case excused

    /// Whether the join still expects the reply: it counts in `pending`.
    var isExpected: Bool {
      switch self {
      case .expected, .queued, .running: true
      case .idle, .received, .spent, .excused: false
      }
    }
  }

  /// `@unchecked Sendable`: the replies it holds are not `Sendable` (a
  /// completion value is whatever the selector's completion takes), and they
  /// travel by design from the service that replied, on its thread, to the
  /// caller's completion; nothing else reads them.
  struct State: @unchecked Sendable {
    var replies: [Reply]
    /// The replies still expected, plus the holds.
    var pending = 0
    /// The `hold()`s not yet released.
    var holds = 0
    var sealed = false
    /// The caller's completion; `nil` once the join has finished.
    var binding: CompletionBinding?
    var deadline: ScheduledAction?

    var finished: Bool { binding == nil }

    /// Finishes the join: hands back what the caller's completion needs and
    /// keeps nothing of it.
    mutating func finish() -> (CompletionBinding, [Any?], ScheduledAction?)? {
      guard let binding else { return nil }
      let values = replies.map { reply -> Any? in
        if case .received(let value) = reply { value } else { nil }
      }
      defer {
        self.binding = nil
        for index in replies.indices {
          if case .received = replies[index] { replies[index] = .spent }
        }
        deadline = nil
      }
      return (binding, values, deadline)
    }

    /// Finishes the join if it is sealed and nothing is pending.
    mutating func finishIfSettled() -> (CompletionBinding, [Any?], ScheduledAction?)? {
      sealed && pending == 0 ? finish() : nil
    }
  }

  /// What a reply turned out to be.
  private enum Arrival {
    case recorded
    case finishedTheJoin(CompletionBinding, [Any?], ScheduledAction?)
    case duplicate
    /// A completion called after the join finished.
    case lateCompletion
    /// An async handler's return after the join finished, which the
    /// deadline has reported.
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
  /// The completion's value type, and whether an async handler's reply has it.
  private let valueType: String
  private let accepts: (Any) -> Bool
  /// `@unchecked Sendable` above: all mutable state is in this lock (see
  /// `State` for its replies), and `makeCompletion`, a `let`, captures
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
      State(replies: Array(repeating: .idle, count: services.count), binding: binding))
  }

  /// Runs `body`, a transition, on the join's state under its lock, and
  /// then checks the state's invariants (see `InternalChecks`): every
  /// change to the state goes through here.
  private func transition<Result>(_ body: (inout State) -> sending Result) -> sending Result {
    state.withLock { state in
      defer { state.checkInvariants() }
      return body(&state)
    }
  }

  /// Calls a service's synchronous handler with its own completion in
  /// place of the caller's, and stops expecting its reply when it refused
  /// its arguments or failed: the one rule, for every path that joins
  /// completions, that a service which never took its completion (or will
  /// not call it) is not waited for.
  ///
  /// The reply is expected from before the call, so that a completion the
  /// handler calls at once, on any thread, counts. The completion holds
  /// the join, not the caller's completion: once the join has finished,
  /// keeping it keeps nothing of the caller's alive.
  ///
  /// - Parameters:
  ///   - handler: The service's handler.
  ///   - index: The service's index, in priority order.
  ///   - params: The dispatch's parameters.
  ///   - position: Where the completion goes in `params`: the caller's
  ///     completion's index, which it replaces, or `params.count` to append
  ///     it (an awaited dispatch has none).
  /// - Returns: The handler's answer.
  func call(
    _ handler: SelectorHandler, at index: Int, with params: [Any], completionAt position: Int
  ) -> Any? {
    transition { state in
      state.replies[index] = .expected
      state.pending += 1
    }
    var params = params
    let completion = makeCompletion { [self] reply in arrive(reply, at: index) }
    if position == params.count {
      params.append(completion)
    } else {
      params[position] = completion
    }
    let answer = handler(params)
    // A handler that refused its arguments (or was called off the main
    // thread) never took its completion; one that failed, or passed on an
    // error of a dispatch it made, is not counted on to call it. A call
    // that comes anyway, before the join finishes, still counts.
    if answer is DispatchError { excuse(index) }
    return answer
  }

  /// Awaits a service's async handler, whose return is its reply in
  /// place of a completion: the one rule, for every path that awaits or
  /// bridges async handlers, of what the join and the fold each hear.
  ///
  /// A failure (a return that is a ``DispatchError``) goes to the caller,
  /// for the fold, and the join stops expecting a reply from the service;
  /// anything else goes to the join (see `receive(_:at:)`), and the caller
  /// gets `nil`: to the fold, no opinion.
  ///
  /// - Parameters:
  ///   - handler: The service's async handler.
  ///   - index: The service's index, in priority order.
  ///   - params: The dispatch's parameters, without a completion.
  /// - Returns: The failure, or `nil`.
  nonisolated(nonsending) func call(
    _ handler: AsyncSelectorHandler, at index: Int, with params: [Any]
  ) async -> DispatchError? {
    markRunning(index)
    let returned = await handler(params)
    if let failure = returned as? DispatchError {
      excuse(index)
      return failure
    }
    receive(returned, at: index)
    return nil
  }

  /// Stops expecting the reply of a service whose handler refused its
  /// arguments without running, or failed: its completion will not be
  /// called, so the caller's completion runs when the others have replied.
  /// A call that comes anyway, before the join finishes, still counts. A
  /// failure after the deadline is no completion, and is not reported as
  /// a late one: the deadline reported the service, and the failure is the
  /// dispatch's (its fold's, or the bridge's report).
  private func excuse(_ index: Int) {
    let finished = transition { state -> (CompletionBinding, [Any?], ScheduledAction?)? in
      guard state.replies[index].isExpected else { return nil }
      state.replies[index] = .excused
      state.pending -= 1
      return state.finishIfSettled()
    }
    if let (binding, values, deadline) = finished { complete(binding, values, deadline) }
  }

  /// Called when the fold has called every handler it calls: finishes now
  /// if no reply is still expected, else starts the deadline.
  func seal() {
    let finished = transition { state -> (CompletionBinding, [Any?], ScheduledAction?)? in
      state.sealed = true
      return state.finishIfSettled()
    }
    if let (binding, values, deadline) = finished {
      complete(binding, values, deadline)
      return
    }
    let deadline = environment.clock.schedule(after: environment.completionDeadline) {
      [self] in expire()
    }
    let alreadyFinished = transition { state -> Bool in
      if state.finished { return true }
      state.deadline = deadline
      return false
    }
    if alreadyFinished { deadline.cancel() }
  }

  /// Marks the async handler of the service at `index` as due to start
  /// later, on the bridge (through `call(_:at:with:)`): the join expects
  /// its reply from now on.
  func queue(_ index: Int) {
    transition { state in
      state.replies[index] = .queued
      state.pending += 1
    }
  }

  /// Marks the async handler of the service at `index` as started: its
  /// return is its reply, passed to `receive(_:at:)`.
  private func markRunning(_ index: Int) {
    transition { state in
      if case .queued = state.replies[index] {} else { state.pending += 1 }
      state.replies[index] = .running
    }
  }

  /// The reply an async handler returned for the service at `index`; `nil`
  /// when it gave none.
  ///
  /// The one place where a reply of another type than the completion takes
  /// is caught, for every path that awaits or bridges async handlers (a
  /// service's own completion has the caller's type, so it cannot pass
  /// one): it is reported, and counts as no reply, so that the caller's
  /// completion runs with the other replies, or the identity.
  ///
  /// A return after the join finished is dropped, and reported only for
  /// its wrong type, if it has one: the deadline reported the handler as
  /// still running (or never started), and it called no completion late.
  /// The report comes before the caller's completion, which the return may
  /// be the last to let run.
  private func receive(_ value: Any?, at index: Int) {
    guard let value, !accepts(value) else {
      return settle(record(value, at: index, returned: true), at: index)
    }
    environment.report(
      .answerTypeMismatch(
        selector: selector, service: services[index], expected: valueType,
        actual: String(describing: type(of: value))))
    settle(record(nil, at: index, returned: true), at: index)
  }

  /// Keeps the join from finishing, except by its deadline, until
  /// `release()`: a synchronous dispatch holds it while its task still
  /// has async handlers to start.
  func hold() {
    transition { state in
      state.holds += 1
      state.pending += 1
    }
  }

  /// Ends a `hold()`; finishes the join if nothing else is pending.
  func release() {
    let finished = transition { state -> (CompletionBinding, [Any?], ScheduledAction?)? in
      state.holds -= 1
      state.pending -= 1
      return state.finishIfSettled()
    }
    if let (binding, values, deadline) = finished { complete(binding, values, deadline) }
  }

  /// The reply of the service at `index` from its completion.
  private func arrive(_ reply: Any?, at index: Int) {
    settle(record(reply, at: index, returned: false), at: index)
  }

  /// Records the reply of the service at `index`, from its completion or
  /// (`returned`) its async handler's return.
  private func record(_ reply: Any?, at index: Int, returned: Bool) -> Arrival {
    transition { state -> Arrival in
      switch state.replies[index] {
      case .received, .spent: return .duplicate
      case _ where state.finished: return returned ? .late : .lateCompletion
      case .expected, .queued, .running: state.pending -= 1
      case .excused, .idle: break
      }
      state.replies[index] = .received(reply)
      guard let (binding, values, deadline) = state.finishIfSettled() else { return .recorded }
      return .finishedTheJoin(binding, values, deadline)
    }
  }

  /// Acts on what `record` found: finishes the join, or reports a
  /// completion called twice or after the deadline.
  private func settle(_ arrival: Arrival, at index: Int) {
    switch arrival {
    case .recorded, .late: break
    case .finishedTheJoin(let binding, let values, let deadline):
      complete(binding, values, deadline)
    case .duplicate:
      environment.report(.completionCalledTwice(selector: selector, service: services[index]))
    case .lateCompletion:
      environment.report(.completionAfterDeadline(selector: selector, service: services[index]))
    }
  }

  private func expire() {
    let expired = transition {
      state -> (missing: [(Int, Reply)], CompletionBinding, [Any?])? in
      let missing = state.replies.enumerated().filter { $0.element.isExpected }
      guard let (binding, values, _) = state.finish() else { return nil }
      return (missing.map { ($0.offset, $0.element) }, binding, values)
    }
    guard let (missing, binding, values) = expired else { return }
    let milliseconds = environment.deadlineMilliseconds
    for (index, doing) in missing {
      let service = services[index]
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
    Nesting.callBack(at: depth) { binding.finish(values) }
  }

  /// Cancels the deadline and calls the caller's completion; reached exactly
  /// once, by whichever transition finished the join. The replies are final
  /// by then: later arrivals are rejected under the lock.
  private func complete(
    _ binding: CompletionBinding, _ values: [Any?], _ deadline: ScheduledAction?
  ) {
    deadline?.cancel()
    Nesting.callBack(at: depth) { binding.finish(values) }
  }
}

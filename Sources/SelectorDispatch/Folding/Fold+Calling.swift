extension Fold {
  /// Calls the handlers this fold asks, in order, and combines their
  /// answers by its rule (`Tally` for a `Bool` fold, `Accumulator` for the
  /// others).
  ///
  /// - Parameters:
  ///   - list: The handlers.
  ///   - params: The event's parameters.
  ///   - environment: Receives what the fold notices beyond the answer: an
  ///     empty ``nonEmptyIntersection``.
  /// - Returns: The folded answer; a `Bool` fold's left unboxed.
  /// - Throws: The first failure among the answers, after every handler
  ///   the fold calls has run, or what a custom fold's `reduce` throws.
  func fold(_ list: HandlerList, params: [Any], environment: DispatchEnvironment)
    throws(DispatchError) -> Folded
  {
    let handlers = list.handlers
    return try fold(list, environment: environment) { handlers[$0](params) }
  }

  /// `fold(_:params:environment:)` for handlers that `call` calls: given
  /// an index of `list`, it calls that handler and returns its answer (a
  /// typed dispatch calls the handlers' typed calls).
  func fold(
    _ list: HandlerList, environment: DispatchEnvironment, calling call: (Int) -> Any?
  ) throws(DispatchError) -> Folded {
    if let tally { return .bool(try Self.fold(tally, list, calling: call)) }
    guard needsRoom else {
      return .value(try accumulate(list, environment: environment, calling: call))
    }
    // The room on the stack, for a usual number of services. The closure
    // cannot throw a typed error through the allocation, so it returns it.
    let answer = withUnsafeTemporaryAllocation(
      of: Accumulator.Answered.self, capacity: list.handlers.count
    ) { room -> Result<Any?, DispatchError> in
      do throws(DispatchError) {
        return .success(
          try accumulate(list, environment: environment, room: room, calling: call))
      } catch {
        return .failure(error)
      }
    }
    switch answer {
    case .success(let value): return .value(value)
    case .failure(let error): throw error
    }
  }

  /// Calls the handlers of a fold that is not a `Bool` fold, and combines
  /// their answers through an `Accumulator` with `room`.
  private func accumulate(
    _ list: HandlerList, environment: DispatchEnvironment,
    room: UnsafeMutableBufferPointer<Accumulator.Answered> = .init(start: nil, count: 0),
    calling call: (Int) -> Any?
  ) throws(DispatchError) -> Any? {
    var folded = Accumulator(self, handlers: list.handlers.count, room: room)
    Self.callEach(list.handlers.count, calling: call) { slot, index in
      folded.take(slot, at: index, of: list)
    }
    return try folded.result(of: list, environment: environment)
  }

  /// Calls the handlers of a `Bool` fold and combines their answers: what
  /// `fold(_:params:environment:)` does for a `Bool` fold, and what a
  /// dispatch calls directly when its snapshot says the fold is one (see
  /// `Snapshot.tally(for:)`).
  ///
  /// Inlined into the dispatch's fast lane (`Dispatcher.run`), apart from
  /// the other folds: a call of its own costs a typed dispatch measurably
  /// more (BENCHMARKS.md), and with only the tally's `Seen` around the
  /// loop, it stays in registers.
  @inline(__always)
  static func fold(_ tally: Tally, _ list: HandlerList, params: [Any])
    throws(DispatchError) -> Bool
  {
    let handlers = list.handlers
    return try fold(tally, list) { handlers[$0](params) }
  }

  /// `fold(_:_:params:)` for handlers that `call` calls (see
  /// `fold(_:environment:calling:)`).
  @inline(__always)
  static func fold(_ tally: Tally, _ list: HandlerList, calling call: (Int) -> Any?)
    throws(DispatchError) -> Bool
  {
    var seen = Tally.Seen()
    var outcome = Outcome()
    callEach(list.handlers.count, calling: call) { slot, index in
      if let bool = AnswerSlot.peekBool(slot) { return tally.add(bool, to: &seen) }
      return tally.add(slot.move(), at: index, of: list, to: &seen, &outcome)
    }
    if let failure = outcome.failure { throw failure }
    return tally.result(seen)
  }

  /// The synchronous dispatch's one loop: calls the `count` handlers in
  /// order, each exactly once, through `call`, and hands each answer to
  /// `take` in the slot the handler wrote it to, until `take` says the fold
  /// is settled. No lock is held, and no answer is read before its handler
  /// returned: there is no `result || call()` here.
  ///
  /// `take` must leave the slot uninitialized or holding a trivial value
  /// (see `AnswerSlot`). Inlined with it: a call that took the slot would
  /// let it escape, and the handler could no longer write its answer
  /// straight into it.
  @inline(__always)
  static func callEach(
    _ count: Int, calling call: (Int) -> Any?,
    _ take: (UnsafeMutablePointer<Any?>, _ index: Int) -> Bool
  ) {
    AnswerSlot.withSlot { slot in
      for index in 0..<count {
        slot.initialize(to: call(index))
        if take(slot, index) { break }
      }
    }
  }
}

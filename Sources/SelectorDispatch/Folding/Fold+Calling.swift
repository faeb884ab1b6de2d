extension Fold {
  /// Applies the fold to `list`: calls the handlers it asks, in order, and
  /// combines their answers by its rule (`BoolFold` for a `Bool` fold,
  /// `Accumulator` for the others).
  ///
  /// - Parameters:
  ///   - list: The handlers.
  ///   - params: The event's parameters.
  ///   - environment: Receives what the fold notices beyond the answer: an
  ///     empty ``nonEmptyIntersection``.
  /// - Returns: The folded answer; a `Bool` fold's left unboxed.
  /// - Throws: The first failure among the answers, after every handler
  ///   the fold calls has run, or what a custom fold's `reduce` throws.
  func apply(to list: HandlerList, params: [Any], environment: DispatchEnvironment)
    throws(DispatchError) -> Folded
  {
    let handlers = list.handlers
    return try apply(to: list, environment: environment) { handlers[$0](params) }
  }

  /// `apply(to:params:environment:)` for handlers that `call` calls: given
  /// an index of `list`, it calls that handler and returns its answer (a
  /// typed dispatch calls the handlers' typed calls).
  func apply(
    to list: HandlerList, environment: DispatchEnvironment, calling call: (Int) -> Any?
  ) throws(DispatchError) -> Folded {
    if let boolFold { return .bool(try boolFold.apply(to: list, calling: call)) }
    guard needsRoom else {
      return .value(try accumulate(list, environment: environment, calling: call))
    }
    // The room on the stack, for a usual number of services. The closure
    // cannot throw a typed error through the allocation, so it returns it.
    let outcome = withUnsafeTemporaryAllocation(
      of: Accumulator.Answered.self, capacity: list.handlers.count
    ) { room -> Result<Any?, DispatchError> in
      do throws(DispatchError) {
        return .success(
          try accumulate(list, environment: environment, room: room, calling: call))
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
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
    Self.callEach(list.handlers.count, calling: call) { cell, index in
      folded.take(cell, at: index, of: list)
    }
    return try folded.result(of: list, environment: environment)
  }

  /// The synchronous dispatch's one loop: calls the `count` handlers in
  /// order, each exactly once, through `call`, and hands each answer to
  /// `take` in the cell the handler wrote it to, until `take` says the fold
  /// is settled. No lock is held, and no answer is read before its handler
  /// returned: there is no `result || call()` here.
  ///
  /// `take` must leave the cell uninitialized or holding a trivial value
  /// (see `AnswerCell`). Inlined with it: a call that took the cell would
  /// let it escape, and the handler could no longer write its answer
  /// straight into it.
  @inline(__always)
  static func callEach(
    _ count: Int, calling call: (Int) -> Any?,
    _ take: (UnsafeMutablePointer<Any?>, _ index: Int) -> Bool
  ) {
    AnswerCell.withCell { cell in
      for index in 0..<count {
        cell.initialize(to: call(index))
        if take(cell, index) { break }
      }
    }
  }
}

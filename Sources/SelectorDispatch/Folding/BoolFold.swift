/// One of the folds whose answer is a `Bool` (``Fold/any``, ``Fold/all``
/// and ``Fold/firstTrue``), and the one definition of how they combine
/// their answers: used by the synchronous `Bool` loop (`apply(to:params:)`,
/// which hands it the `Bool`s it reads in place) and by the
/// `Fold.Accumulator` (the awaited and bridged dispatches).
///
/// One byte, which a snapshot records (see `Snapshot.boolFold(for:)`); what
/// the answers said so far is a `Seen` of two more, which the `Bool` loop
/// keeps in registers.
enum BoolFold {
  case any, all, firstTrue

  /// What a `Bool` fold's answers said so far.
  struct Seen {
    var sawTrue = false
    var sawFalse = false
  }

  /// The fold this is.
  var fold: Fold {
    switch self {
    case .any: .any
    case .all: .all
    case .firstTrue: .firstTrue
    }
  }

  /// Takes a `Bool` answer into `seen`.
  ///
  /// - Returns: `true` when the fold is settled (``Fold/firstTrue`` has its
  ///   `true`) and no further handler may be called.
  @inline(__always)
  func add(_ bool: Bool, to seen: inout Seen) -> Bool {
    if bool { seen.sawTrue = true } else { seen.sawFalse = true }
    return bool && self == .firstTrue
  }

  /// Takes any answer into `seen`: a `Bool` counts; `nil`, `()` and a
  /// failure are no opinion (the failure goes to `outcome`); anything
  /// else is rejected into `outcome`.
  ///
  /// - Returns: `true` when the fold is settled.
  ///
  /// Never inlined: the `Bool` loop calls it only for an answer it could
  /// not read in place, and inlined, its registers pushed the loop's
  /// index onto the stack across each handler call: 10 instructions and
  /// about 1 ns more per handler (BENCHMARKS.md's history). It takes the answer
  /// moved out of the cell, so the cell does not escape.
  @inline(never)
  func add(
    _ answer: Any?, at index: Int, of list: HandlerList, to seen: inout Seen,
    _ outcome: inout Fold.Outcome
  ) -> Bool {
    if let bool = answer as? Bool { return add(bool, to: &seen) }
    if let other = outcome.meaningful(answer, index, list) {
      outcome.reject(other, index, "Bool or nil", list)
    }
    return false
  }

  /// The folded answer, once every handler the fold calls has answered.
  @inline(__always)
  func result(_ seen: Seen) -> Bool {
    self == .all ? !seen.sawFalse : seen.sawTrue
  }

  /// Calls the handlers of `list` and combines their answers: what
  /// `Fold.apply(to:params:environment:)` does for a `Bool` fold, and what
  /// a dispatch calls directly when its snapshot says the fold is one (see
  /// `Snapshot.boolFold(for:)`).
  ///
  /// Inlined into the dispatch's fast lane (`Dispatcher.run`), apart from
  /// the other folds: a call of its own costs a typed dispatch measurably
  /// more (BENCHMARKS.md's history), and with only the `Seen` around the loop, it
  /// stays in registers.
  @inline(__always)
  func apply(to list: HandlerList, params: [Any]) throws(DispatchError) -> Bool {
    let handlers = list.handlers
    return try apply(to: list) { handlers[$0](params) }
  }

  /// `apply(to:params:)` for handlers that `call` calls (see
  /// `Fold.apply(to:environment:calling:)`).
  @inline(__always)
  func apply(to list: HandlerList, calling call: (Int) -> Any?) throws(DispatchError) -> Bool {
    var seen = Seen()
    var outcome = Fold.Outcome()
    Fold.callEach(list.handlers.count, calling: call) { cell, index in
      if let bool = AnswerCell.peekBool(cell) { return add(bool, to: &seen) }
      return add(cell.move(), at: index, of: list, to: &seen, &outcome)
    }
    if let failure = outcome.failure { throw failure }
    return result(seen)
  }
}

extension Fold {
  /// The fold as a `BoolFold`, or `nil` when its answer is not a `Bool`.
  var boolFold: BoolFold? {
    switch self {
    case .any: .any
    case .all: .all
    case .firstTrue: .firstTrue
    default: nil
    }
  }
}

extension Fold {
  /// The folds whose answer is a `Bool`, and the one definition of how
  /// ``any``, ``all`` and ``firstTrue`` combine their answers: used by the
  /// synchronous tally loop (`fold(_:_:params:)`, which hands it the
  /// `Bool`s it reads in place) and by the `Accumulator` (the awaited and
  /// bridged dispatches).
  ///
  /// One byte, which a snapshot records (see `Snapshot.tally(for:)`); what
  /// the answers said so far is a `Seen` of two more, which the tally loop
  /// keeps in registers.
  enum Tally {
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
    /// - Returns: `true` when the fold is settled (``firstTrue`` has its
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
    /// Never inlined: the tally loop calls it only for an answer it could
    /// not read in place, and inlined, its registers pushed the loop's
    /// index onto the stack across each handler call: 10 instructions and
    /// about 1 ns more per handler (BENCHMARKS.md). It takes the answer
    /// moved out of the slot, so the slot does not escape.
    @inline(never)
    func add(
      _ answer: Any?, at index: Int, of list: HandlerList, to seen: inout Seen,
      _ outcome: inout Outcome
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
  }

  /// The fold as a `Tally`, or `nil` when its answer is not a `Bool`.
  var tally: Tally? {
    switch self {
    case .any: .any
    case .all: .all
    case .firstTrue: .firstTrue
    default: nil
    }
  }
}

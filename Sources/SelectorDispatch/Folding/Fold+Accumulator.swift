extension Fold {
  /// A fold taken one answer at a time: what an `await` dispatch uses, since
  /// it cannot hand `apply(_:params:selector:environment:)` a loop of calls that
  /// suspend.
  ///
  /// It follows `apply(_:params:selector:environment:)` rule for rule: the same
  /// answers count as no opinion, the same answers are rejected with the
  /// same errors, ``firstTrue`` and ``firstNonNil`` settle at the same
  /// handler, and the first failure is thrown after every handler the fold
  /// calls has run. The synchronous path keeps its own loops, which are
  /// tuned for the hot path.
  struct Accumulator {
    private let fold: Fold
    private let selector: String
    private var outcome = Outcome()
    private var sawTrue = false
    private var sawFalse = false
    private var value: Any?
    private var mask: UInt?
    private var answers: [Any?] = []
    /// For ``nonEmptyIntersection``: who answered which mask, to name them
    /// if the intersection is empty.
    private var masks: [(service: String, bits: UInt)] = []
    private let environment: DispatchEnvironment

    init(_ fold: Fold, selector: String, environment: DispatchEnvironment) {
      self.fold = fold
      self.selector = selector
      self.environment = environment
    }

    /// Takes the answer of the handler at `index` of `list`.
    ///
    /// - Returns: `true` when the fold is settled and no further handler
    ///   may be started.
    mutating func add(_ answer: Any?, at index: Int, of list: HandlerList) -> Bool {
      switch fold {
      case .any, .all, .firstTrue:
        if let bool = answer as? Bool {
          if bool { sawTrue = true } else { sawFalse = true }
        } else if let other = outcome.meaningful(answer, index, list) {
          outcome.reject(other, index, "Bool or nil", list, selector)
        }
        if case .firstTrue = fold { return sawTrue }
      case .firstNonNil:
        value = outcome.meaningful(answer, index, list)
        return value != nil
      case .last:
        if let answer = outcome.meaningful(answer, index, list) { value = answer }
      case .broadcast:
        _ = outcome.meaningful(answer, index, list)
      case .collect, .named:
        _ = outcome.meaningful(answer, index, list)
        answers.append(answer)
      case .intersection, .union, .nonEmptyIntersection:
        guard let answer = outcome.meaningful(answer, index, list) else { break }
        guard let bits = Fold.mask(answer) else {
          outcome.reject(answer, index, "an unsigned integer mask or nil", list, selector)
          break
        }
        if case .union = fold { mask = (mask ?? 0) | bits } else { mask = (mask ?? ~0) & bits }
        if case .nonEmptyIntersection = fold { masks.append((list.service(at: index), bits)) }
      }
      return false
    }

    /// The folded answer.
    ///
    /// - Throws: The first failure among the answers, or what a custom
    ///   fold's `reduce` throws.
    func result() throws(DispatchError) -> Any? {
      if let failure = outcome.failure { throw failure }
      switch fold {
      case .any, .firstTrue: return sawTrue
      case .all: return !sawFalse
      case .firstNonNil, .last: return value
      case .broadcast: return nil
      case .collect: return answers
      case .named(let name, let reduce):
        return try Fold.reduce(answers, by: reduce, named: name, selector: selector)
      case .intersection, .union: return mask
      case .nonEmptyIntersection:
        guard mask == 0 else { return mask }
        environment.report(
          .emptyIntersection(
            selector: selector, services: masks.map(\.service), masks: masks.map(\.bits)))
        return nil
      }
    }
  }
}

extension Fold {
  /// The first failure of a dispatch, kept to be thrown after the fold's
  /// handlers ran.
  ///
  /// A struct with mutating methods rather than local functions capturing a
  /// `var`: captured in the folds' loop closures, such a `var` was checked
  /// for exclusive access at run time (`swift_beginAccess`) on every event.
  /// It holds nothing else, so making one costs no retain, and the error
  /// is boxed: one word to carry around the loops instead of a whole
  /// `DispatchError?`, with an allocation only when a handler fails.
  struct Outcome {
    private final class Box {
      let error: DispatchError
      init(_ error: DispatchError) { self.error = error }
    }

    private var first: Box?

    var failure: DispatchError? { first?.error }

    mutating func fail(_ error: DispatchError) {
      if first == nil { first = Box(error) }
    }

    /// The answer, or `nil` when it is `nil`, `()` or a failure; a failure
    /// is kept, attributed to the service at `index` of `list`.
    mutating func meaningful(_ answer: Any?, _ index: Int, _ list: HandlerList) -> Any? {
      guard let answer, !(answer is Void) else { return nil }
      if let error = answer as? DispatchError {
        fail(error.attributed(to: list.service(at: index)))
        return nil
      }
      return answer
    }

    /// Keeps the error for an answer that does not fit the fold, which
    /// takes `expected`.
    mutating func reject(_ answer: Any, _ index: Int, _ expected: String, _ list: HandlerList) {
      fail(
        .resultTypeMismatch(
          selector: list.selector, service: list.service(at: index), expected: expected,
          actual: String(describing: type(of: answer))))
    }
  }
}

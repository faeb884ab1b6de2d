// A completion join's invariants, checked after each transition in builds
// with internal checks (see `InternalChecks` and `CompletionJoin.transition`).

extension CompletionJoin.State {
  /// Stops the process if the state breaks one of its invariants (see
  /// `invariantViolation()`); nothing in a build without internal checks.
  @inline(__always)
  func checkInvariants() {
    InternalChecks.check(invariantViolation(), of: "completion join")
  }

  /// The first invariant of the state that does not hold, described, or
  /// `nil` when they all hold:
  ///
  /// - `pending` is the number of replies still expected (expected, queued
  ///   or running) plus the holds not yet released, and neither is
  ///   negative;
  /// - a finished join was sealed first, and keeps no deadline;
  /// - a reply is spent only once the join has finished, and no reply is
  ///   left received, not handed to the caller's completion, after it.
  func invariantViolation() -> String? {
    let expected = replies.reduce(0) { $0 + ($1.isExpected ? 1 : 0) }
    guard holds >= 0, pending == expected + holds else {
      return "pending is \(pending), with \(expected) replies expected and \(holds) holds; "
        + "expected their sum"
    }
    if finished {
      guard sealed else { return "finished before it was sealed" }
      guard deadline == nil else { return "finished, but still keeps its deadline" }
    }
    for (index, reply) in replies.enumerated() {
      switch reply {
      case .spent where !finished:
        return "the reply at \(index) is spent, but the join has not finished"
      case .received where finished:
        return "the reply at \(index) was received but not handed over when the join finished"
      default: continue
      }
    }
    return nil
  }
}

import Testing

@testable import SelectorDispatch

/// A completion join's invariant checks (`CompletionJoin+Invariants.swift`):
/// each invariant, broken on purpose, is named, and a transition that breaks
/// one stops the process.
@Suite struct CompletionJoinInvariantsTests {
  typealias State = CompletionJoin.State

  static var binding: CompletionBinding {
    CompletionBinding(
      finish: { _ in }, makeCompletion: { _ in () }, valueType: "Bool", accepts: { _ in true })
  }

  /// A join under way: one reply of each kind, three still expected, one
  /// hold.
  static var underWay: State {
    State(
      replies: [.idle, .expected, .queued, .running, .received(true), .excused], pending: 4,
      holds: 1, binding: binding)
  }

  /// A join that finished: every received reply handed over.
  static var finished: State {
    State(replies: [.spent, .excused, .idle], sealed: true, binding: nil)
  }

  @Test func joinsUnderWayAndFinishedHold() {
    #expect(Self.underWay.invariantViolation() == nil)
    #expect(Self.finished.invariantViolation() == nil)
  }

  /// One invariant broken on purpose, and what the check must say.
  struct Breakage: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let says: String
    let state: State
  }

  static let breakages: [Breakage] = {
    var pendingTooHigh = underWay
    pendingTooHigh.pending += 1
    var replyLost = underWay
    replyLost.replies[1] = .idle
    var negativeHolds = underWay
    negativeHolds.holds = -1
    negativeHolds.pending = 2
    var unsealed = finished
    unsealed.sealed = false
    var deadlineKept = finished
    deadlineKept.deadline = ScheduledAction {}
    var spentEarly = underWay
    spentEarly.replies[4] = .spent
    var receivedLate = finished
    receivedLate.replies[0] = .received(false)
    return [
      Breakage(
        testDescription: "a pending count too high",
        says: "pending is 5, with 3 replies expected and 1 holds", state: pendingTooHigh),
      Breakage(
        testDescription: "an expected reply forgotten",
        says: "pending is 4, with 2 replies expected and 1 holds", state: replyLost),
      Breakage(
        testDescription: "a release without its hold", says: "and -1 holds",
        state: negativeHolds),
      Breakage(
        testDescription: "finished unsealed", says: "finished before it was sealed",
        state: unsealed),
      Breakage(
        testDescription: "a deadline kept after finishing", says: "still keeps its deadline",
        state: deadlineKept),
      Breakage(
        testDescription: "a reply spent before finishing", says: "the reply at 4 is spent",
        state: spentEarly),
      Breakage(
        testDescription: "a reply left over after finishing",
        says: "the reply at 0 was received but not handed over", state: receivedLate),
    ]
  }()

  @Test(arguments: breakages)
  func eachBrokenInvariantIsNamed(_ breakage: Breakage) throws {
    let violation = try #require(breakage.state.invariantViolation())
    #expect(violation.contains(breakage.says), "\(violation)")
  }

  /// A transition that breaks the join stops the process: a `release()`
  /// without its `hold()`.
  @Test(.enabled(if: InternalChecks.areOn, DispatcherInvariantsTests.skipped))
  func aTransitionThatBreaksTheJoinStops() async throws {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let join = CompletionJoin(
        selector: "fetch:", services: ["a"], binding: Self.binding,
        environment: Dispatcher().environment)
      join.release()
    }
    let said = String(decoding: try #require(exit).standardErrorContent, as: UTF8.self)
    #expect(said.contains("internal check failed: completion join: pending is -1"), "\(said)")
  }
}

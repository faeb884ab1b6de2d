import CSelectorDispatch
import Foundation
import Testing

@testable import SelectorDispatch

/// The dispatch table's invariant checks (`Dispatcher+Invariants.swift`): each
/// invariant, broken on purpose in a copy of a real table, is named; the
/// check stops the process on a broken table; and a build that asked for the
/// checks has them.
@Suite struct DispatcherInvariantsTests {
  /// A table after registering, declaring and dispatching: "open:" has two
  /// services ("a" first, by priority), "close:" one, "ping:" is declared
  /// with no service; "open:" and "close:" are published.
  static func table() throws -> Dispatcher.State {
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "a", priority: 1, handlers: ["open:": { _ in true }, "close:": { _ in nil }])
    try dispatcher.register(service: "b", handlers: ["open:": { _ in false }])
    try dispatcher.declare("ping:", fold: .any)
    _ = try dispatcher.dispatch(selector: "open:", params: [0])
    _ = try dispatcher.dispatch(selector: "close:", params: [0])
    return dispatcher.state.withLock { $0 }
  }

  /// The slot of `selector` in `state`.
  static func slot(_ selector: String, _ state: Dispatcher.State) throws -> Int {
    try #require(state.index.id(of: selector))
  }

  /// One invariant broken on purpose, and what the check must say.
  struct Breakage: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let says: String
    let breaking: @Sendable (inout Dispatcher.State) throws -> Void
  }

  static let breakages: [Breakage] = [
    Breakage(testDescription: "a key too few", says: "expected one of each per slot") {
      $0.keys.removeLast()
    },
    Breakage(testDescription: "a published place too many", says: "one of each per slot") {
      $0.published.append(nil)
    },
    Breakage(testDescription: "a lost key map", says: "the key map holds 0 keys for 3 slots") {
      $0.slots = SlotMap()
    },
    Breakage(testDescription: "two keys swapped", says: "the text map does not find") {
      $0.keys.swapAt(0, 1)
    },
    Breakage(testDescription: "an entry of another arity", says: "has arity 2; expected 1") {
      $0.entries[try slot("ping:", $0)] = Dispatcher.Entry(arity: 2)
    },
    Breakage(
      testDescription: "a registration without its handler",
      says: "has 1 registrations and 2 handlers"
    ) {
      $0.entries[try slot("open:", $0)].registrations.removeLast()
    },
    Breakage(testDescription: "registrations out of order", says: "says it is in call order") {
      $0.entries[try slot("open:", $0)].registrations.reverse()
    },
    Breakage(testDescription: "another slot's snapshot", says: "is not its entry's") {
      let open = try slot("open:", $0)
      $0.published[open] = $0.published[try slot("close:", $0)]
    },
    Breakage(testDescription: "a published snapshot marked retired", says: "is marked retired") {
      let snapshot = try #require($0.published[try slot("close:", $0)])
      _ = csd_readers_retire(try #require(snapshot.readers))
    },
    Breakage(
      testDescription: "a record naming a slot without its registration",
      says: "names close:, which holds no registration of it"
    ) {
      let record = try #require($0.services["b"])
      $0.services["b"] = Dispatcher.ServiceRecord(
        sequence: record.sequence, slots: record.slots + [try slot("close:", $0)])
    },
    Breakage(
      testDescription: "a registration without a record",
      says: "holds a registration of \"b\" (sequence 1) that its record does not name"
    ) {
      $0.services["b"] = nil
    },
    Breakage(testDescription: "a sequence handed out twice", says: "not below the next one") {
      $0.nextSequence = 1
    },
    Breakage(
      testDescription: "a published snapshot kept as retired", says: "but not marked so"
    ) {
      $0.retiredWhileRead.append(try #require($0.published[try slot("open:", $0)]))
    },
  ]

  /// Whether this test run asked for the internal checks.
  static let asked = ProcessInfo.processInfo.environment["SELECTOR_DISPATCH_INTERNAL_CHECKS"] == "1"

  /// Whether this is a debug build, the only one that may have the checks.
  static let isDebug: Bool = {
    #if DEBUG
      true
    #else
      false
    #endif
  }()

  /// Why a test that breaks an invariant on purpose is skipped.
  static let skipped: Comment =
    "the internal checks are off: SELECTOR_DISPATCH_INTERNAL_CHECKS=1 swift test turns them on"

  @Test func aTableThatRealChangesMadeHolds() throws {
    #expect(try Self.table().invariantViolation() == nil)
  }

  @Test(arguments: breakages)
  func eachBrokenInvariantIsNamed(_ breakage: Breakage) throws {
    var state = try Self.table()
    try breakage.breaking(&state)
    let violation = try #require(state.invariantViolation())
    #expect(violation.contains(breakage.says), "\(violation)")
  }

  /// Package.swift reads the environment variable when it reads the
  /// manifest, and the test runs with that environment; the checks are
  /// never in a release build.
  @Test(
    .enabled(if: asked, "SELECTOR_DISPATCH_INTERNAL_CHECKS is not 1: the checks are opt-in"),
    .enabled(if: isDebug, "a release build has no internal checks"))
  func aBuildAskedForTheChecksHasThem() {
    #expect(InternalChecks.areOn)
  }

  /// The check itself stops the process on a broken table, saying why.
  @Test(.enabled(if: InternalChecks.areOn, skipped))
  func theCheckStopsOnABrokenTable() async throws {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var state = try Self.table()
      state.keys.removeLast()
      state.checkInvariants()
    }
    let said = String(decoding: try #require(exit).standardErrorContent, as: UTF8.self)
    #expect(said.contains("internal check failed: dispatch table: 3 entries"), "\(said)")
  }

  /// And `changeTable`, the one way to change the table, checks after every change.
  @Test(.enabled(if: InternalChecks.areOn, skipped))
  func aChangeThatBreaksTheTableStops() async throws {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let dispatcher = Dispatcher()
      try dispatcher.register(service: "a", handlers: ["open:": { _ in nil }])
      dispatcher.changeTable { state, _ in state.nextSequence = 0 }
    }
    let said = String(decoding: try #require(exit).standardErrorContent, as: UTF8.self)
    #expect(said.contains("internal check failed: dispatch table: service \"a\" has sequence 0"))
  }
}

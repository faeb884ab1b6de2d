import Testing

@testable import SelectorDispatch

@Suite struct FoldTests {
  let selector = "application:didFinishLaunchingWithOptions:"
  let params: [Any] = ["app", [String: Any]()]

  /// Registers one service per answer, named s0, s1, … in call order.
  func dispatcher(_ answers: [Any?], log: CallLog) throws -> Dispatcher {
    let dispatcher = Dispatcher()
    for (index, answer) in answers.enumerated() {
      try dispatcher.register(
        service: "s\(index)", handlers: [selector: log.handler("s\(index)", answer: answer)])
    }
    return dispatcher
  }

  func run(_ fold: Fold, _ answers: [Any?]) throws -> (result: Any?, called: [String]) {
    let log = CallLog()
    let result = try dispatcher(answers, log: log).dispatch(
      selector: selector, params: params, fold: fold)
    return (result, log.entries)
  }

  @Test func anyCallsEveryHandler() throws {
    let (result, called) = try run(.any, [false, true, nil, false])
    #expect(result as? Bool == true)
    #expect(called == ["s0", "s1", "s2", "s3"], "no short circuit after a true")
    #expect(try run(.any, [false, nil]).result as? Bool == false)
  }

  @Test func allCallsEveryHandlerAndAnyVetoWins() throws {
    let (result, called) = try run(.all, [true, false, true])
    #expect(result as? Bool == false)
    #expect(called == ["s0", "s1", "s2"], "services after a veto still launch")
    #expect(try run(.all, [true, nil, ()]).result as? Bool == true, "nil and () are no opinion")
  }

  @Test func firstTrueStopsAtTheFirstClaim() throws {
    let (result, called) = try run(.firstTrue, [false, nil, true, true])
    #expect(result as? Bool == true)
    #expect(called == ["s0", "s1", "s2"])
    let (none, all) = try run(.firstTrue, [false, nil])
    #expect(none as? Bool == false)
    #expect(all == ["s0", "s1"])
  }

  @Test func firstNonNilStopsAtTheFirstAnswer() throws {
    let (result, called) = try run(.firstNonNil, [nil, (), "deep link", "later"])
    #expect(result as? String == "deep link")
    #expect(called == ["s0", "s1", "s2"])
  }

  @Test func lastReturnsTheLastAnswer() throws {
    let (result, called) = try run(.last, [1, 2, nil, ()])
    #expect(result as? Int == 2)
    #expect(called == ["s0", "s1", "s2", "s3"])
  }

  @Test func collectKeepsOneAnswerPerHandler() throws {
    let (result, called) = try run(.collect, [1, nil, "x"])
    let answers = try #require(result as? [Any?])
    #expect(answers.count == 3)
    #expect(answers[0] as? Int == 1)
    #expect(answers[1] == nil)
    #expect(answers[2] as? String == "x")
    #expect(called == ["s0", "s1", "s2"])
  }

  @Test func broadcastCallsEveryHandlerAndIgnoresAnswers() throws {
    let (result, called) = try run(.broadcast, [1, "garbage", nil])
    #expect(result == nil)
    #expect(called == ["s0", "s1", "s2"])
  }

  struct Flags: OptionSet {
    let rawValue: UInt
  }

  @Test func masksIntersectOrUnite() throws {
    let (and, called) = try run(
      .intersection, [UInt(0b1110), nil, 0b0111, Flags(rawValue: 0b0110)])
    #expect(and as? UInt == 0b0110)
    #expect(called == ["s0", "s1", "s2", "s3"])
    #expect(try run(.union, [UInt(0b0001), 0b0100]).result as? UInt == 0b0101)
    #expect(try run(.intersection, [nil, ()]).result == nil, "no answer means no opinion")
  }

  struct Narrow: OptionSet { let rawValue: UInt8 }
  struct Half: OptionSet { let rawValue: UInt16 }
  struct Wide: OptionSet { let rawValue: UInt32 }
  struct Signed: OptionSet { let rawValue: Int8 }

  /// An option set's raw value may be any integer type, as `Fold` documents; before, only
  /// `UInt` and `Int` were read, and a `UInt32` mask was refused as "not an unsigned integer
  /// mask". A negative value still is, of any width. The awaited dispatch reads them alike.
  @Test func masksOfEveryIntegerWidthCombine() async throws {
    let answers: [Any?] = [
      Narrow(rawValue: 0b1110), Half(rawValue: 0b0111), Wide(rawValue: 0b0110), UInt64(0b1111),
      Int32(0b0110), Signed(rawValue: 0b0111),
    ]
    #expect(try run(.intersection, answers).result as? UInt == 0b0110)
    #expect(try run(.union, [UInt8(1), UInt16(2), Wide(rawValue: 4)]).result as? UInt == 7)
    let log = CallLog()
    let awaited = try await dispatcher(answers, log: log).answer(
      to: selector, params: params, fold: .intersection)
    #expect(awaited as? UInt == 0b0110)
    for negative in [Int8(-1), Signed(rawValue: -2)] as [Any] {
      #expect(
        throws: DispatchError.resultTypeMismatch(
          selector: selector, service: "s0", expected: "an unsigned integer mask or nil",
          actual: String(describing: type(of: negative)))
      ) {
        try run(.union, [negative])
      }
    }
  }

  /// An answer whose raw value is itself.
  struct Loop: RawRepresentable {
    var rawValue: Loop { self }
    init() {}
    init?(rawValue: Loop) { self = rawValue }
  }
  /// Two answer types whose raw values point at each other.
  struct Ping: RawRepresentable {
    var rawValue: Pong { Pong() }
    init() {}
    init?(rawValue: Pong) {}
  }
  struct Pong: RawRepresentable {
    var rawValue: Ping { Ping() }
    init() {}
    init?(rawValue: Ping) {}
  }
  /// An answer that wraps an option set: its raw value's raw value is the mask.
  struct Wrapped: RawRepresentable { let rawValue: Wide }

  /// The mask folds read a raw value's raw value to a bound: an answer whose raw values form a
  /// cycle is refused with `resultTypeMismatch`, on the synchronous and the awaited path.
  /// Before, the read recursed without a bound and overflowed the stack, a crash from a
  /// service's answer.
  @Test func anAnswerWhoseRawValuesCycleIsRefusedNotReadForEver() async throws {
    #expect(try run(.union, [Wrapped(rawValue: Wide(rawValue: 4)), UInt(1)]).result as? UInt == 5)
    for fold in [Fold.union, .intersection, .nonEmptyIntersection] {
      for answer in [Loop(), Ping(), Pong()] as [Any] {
        let refused = DispatchError.resultTypeMismatch(
          selector: selector, service: "s1", expected: "an unsigned integer mask or nil",
          actual: String(describing: type(of: answer)))
        #expect(throws: refused) { try run(fold, [UInt(1), answer]) }
        let awaited = try dispatcher([UInt(1), answer], log: CallLog())
        do {
          _ = try await awaited.answer(to: selector, params: params, fold: fold)
          Issue.record("the awaited \(fold) read \(type(of: answer)) as a mask")
        } catch {
          #expect(error as? DispatchError == refused)
        }
      }
    }
  }

  @Test func customReducesTheCollectedAnswers() throws {
    let sum = Fold.named("sum") { answers in answers.compactMap { $0 as? Int }.reduce(0, +) }
    let (result, called) = try run(sum, [1, 2, nil, 4])
    #expect(result as? Int == 7)
    #expect(called == ["s0", "s1", "s2", "s3"])
    let empty = Dispatcher()
    try empty.declare(selector, fold: sum)
    #expect(try empty.dispatch(selector: selector, params: params) as? Int == 0)
  }

  @Test func aCustomFoldThatThrowsFailsTheDispatchWithADispatchError() throws {
    struct Overflow: Error, CustomStringConvertible {
      var description: String { "the sum overflows" }
    }
    let overflowing = Fold.named("sum") { _ in throw Overflow() }
    let error = try #require(throws: DispatchError.self) { try run(overflowing, [1, 2]) }
    #expect(
      error == .customFoldFailed(selector: selector, fold: "sum", reason: "the sum overflows"))
    let refusing = Fold.named("strict") { _ in
      throw DispatchError.handlerFailed(selector: "x:", service: "s", reason: "no")
    }
    #expect(throws: DispatchError.handlerFailed(selector: "x:", service: "s", reason: "no")) {
      try run(refusing, [1])
    }
  }

  @Test func theSynchronousDispatchThrowsADispatchError() {
    let dispatcher = Dispatcher()
    // The dispatch throws untyped (see the Errors article); the error it
    // throws is still a DispatchError.
    #expect(throws: DispatchError.unrecognizedSelector(selector: selector, suggestion: nil)) {
      try dispatcher.dispatch(selector: selector, params: params)
    }
  }

  struct Identity: Sendable, CustomTestStringConvertible {
    let fold: Fold
    let check: @Sendable (Any?) -> Bool
    var testDescription: String { fold.description }
  }

  @Test(arguments: [
    Identity(fold: .any) { $0 as? Bool == false },
    Identity(fold: .all) { $0 as? Bool == true },
    Identity(fold: .firstTrue) { $0 as? Bool == false },
    Identity(fold: .collect) { ($0 as? [Any?])?.isEmpty == true },
    Identity(fold: .firstNonNil) { $0 == nil },
    Identity(fold: .last) { $0 == nil },
    Identity(fold: .broadcast) { $0 == nil },
    Identity(fold: .intersection) { $0 == nil },
    Identity(fold: .nonEmptyIntersection) { $0 == nil },
    Identity(fold: .union) { $0 == nil },
  ])
  func declaredSelectorWithNoHandlersGivesTheIdentity(_ identity: Identity) throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(selector, fold: identity.fold)
    #expect(identity.check(try dispatcher.dispatch(selector: selector, params: params)))
  }

  @Test(arguments: [Fold.any, .all, .firstTrue, .intersection, .nonEmptyIntersection, .union])
  func wrongResultTypeIsReportedAfterEveryHandlerRan(_ fold: Fold) throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "good", priority: 2, handlers: [selector: log.handler("good")])
    try dispatcher.register(
      service: "bad", priority: 1, handlers: [selector: log.handler("bad", answer: "YES")])
    try dispatcher.register(service: "late", handlers: [selector: log.handler("late")])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: selector, params: params, fold: fold)
    }
    guard case .resultTypeMismatch(let name, let service, _, let actual) = error else {
      Issue.record("expected resultTypeMismatch, got \(error)")
      return
    }
    #expect(name == selector)
    #expect(service == "bad")
    #expect(actual == "String")
    #expect(log.entries == ["good", "bad", "late"], "one bad service never drops the others")
    #expect(error.description.contains("\"bad\""))
  }

  @Test func namedFoldsAreTheSameFoldByName() throws {
    #expect(Fold.all == .all)
    #expect(Fold.all != .any)
    #expect(Fold.named("x") { _ in nil } == .named("x") { _ in 1 })
    #expect(Fold.named("x") { _ in nil } != .named("y") { _ in nil })
    #expect(Fold.firstTrue.description == "firstTrue")
    #expect(Fold.named("sum") { _ in nil }.description == "named(sum)")
    let dispatcher = Dispatcher()
    try dispatcher.declare(selector, fold: .named("x") { _ in "first" })
    try dispatcher.declare(selector, fold: .named("x") { _ in "second" })
    #expect(
      try dispatcher.dispatch(selector: selector, params: params) as? String == "first",
      "the name is the identity: the first reducer stays")
  }
}

extension FoldTests {
  @Test(arguments: [Fold.any, .firstNonNil, .last, .broadcast, .collect, .union])
  func failedHandlersAreReportedAfterTheOthersRan(_ fold: Fold) throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "broken", priority: 1,
      handlers: [
        selector: log.handler(
          "broken",
          answer: DispatchError.handlerFailed(selector: selector, service: nil, reason: "boom"))
      ])
    try dispatcher.register(service: "fine", handlers: [selector: log.handler("fine")])
    #expect(
      throws: DispatchError.handlerFailed(selector: selector, service: "broken", reason: "boom")
    ) {
      try dispatcher.dispatch(selector: selector, params: params, fold: fold)
    }
    #expect(log.entries == ["broken", "fine"])
  }
}

extension FoldTests {
  @Test func boolFoldsAcceptOptionalWrappedBools() throws {
    let yes: Bool? = true
    let no: Bool? = false
    let (result, called) = try run(.any, [false, yes as Any, ()])
    #expect(result as? Bool == true)
    #expect(called == ["s0", "s1", "s2"])
    #expect(try run(.all, [true, no as Any, nil]).result as? Bool == false)
    #expect(try run(.firstTrue, [no as Any, yes as Any, true]).called == ["s0", "s1"])
  }

  @Test func broadcastStillReportsFailuresAmongTrivialAnswers() throws {
    let failed = DispatchError.handlerFailed(selector: selector, service: nil, reason: "boom")
    let error = try #require(throws: DispatchError.self) {
      try run(.broadcast, [true, (), failed, nil])
    }
    #expect(error == .handlerFailed(selector: selector, service: "s2", reason: "boom"))
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

/// `dispatch(_:with:as:)` and `dispatch(selector:with:as:)`: the declared
/// fold, typed answers, the errors, the vocabulary's checks, and the reused
/// params buffer.
@Suite struct DispatcherTypedTests {
  let event = "typedEvent:with:"

  struct FoldCase: Sendable, CustomTestStringConvertible {
    let fold: Fold
    let answers: [Int?]
    /// What the typed dispatch returns, described.
    let expected: String
    /// How many handlers run.
    let calls: Int
    var testDescription: String { fold.description }
  }

  /// Registers one service per answer (answers become `Bool`s for `Bool`
  /// folds and `UInt` masks for mask folds) and dispatches with the fold.
  func run(_ test: FoldCase) throws -> (String, [String]) {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: test.fold)
    for (index, answer) in test.answers.enumerated() {
      let value: Any? =
        switch test.fold {
        case .any, .all, .firstTrue: answer.map { $0 != 0 }
        case .intersection, .union: answer.map { UInt($0) }
        default: answer
        }
      try dispatcher.register(
        service: "s\(index)", handlers: [event: log.handler("s\(index)", answer: value)])
    }
    let key = try SelectorKey(event)
    /// Dispatches by key and by text; both must describe the same.
    func both<Result>(_ type: Result.Type) throws -> String {
      let typed = String(describing: try dispatcher.dispatch(key, with: 1, "two", as: type))
      let byText = String(
        describing: try dispatcher.dispatch(selector: event, with: 1, "two", as: type))
      #expect(typed == byText)
      return typed
    }
    let described: String
    switch test.fold {
    case .any, .all, .firstTrue: described = try both(Bool.self)
    case .intersection, .union: described = try both(UInt.self)
    case .collect:
      let answers = try dispatcher.dispatch(key, with: 1, "two", as: [Any?].self)
      described = String(describing: answers?.map { $0 as? Int })
      _ = try dispatcher.dispatch(selector: event, with: 1, "two", as: [Any?].self)
    default: described = try both(Int.self)
    }
    return (described, log.entries)
  }

  static let sum = Fold.named("sum") { answers in
    answers.compactMap { $0 as? Int }.reduce(0, +)
  }

  @Test(arguments: [
    FoldCase(fold: .any, answers: [0, 1, 0], expected: "Optional(true)", calls: 3),
    FoldCase(fold: .all, answers: [1, 0, 1], expected: "Optional(false)", calls: 3),
    FoldCase(fold: .all, answers: [], expected: "Optional(true)", calls: 0),
    FoldCase(fold: .firstTrue, answers: [0, 1, 1], expected: "Optional(true)", calls: 2),
    FoldCase(fold: .firstNonNil, answers: [nil, 7, 8], expected: "Optional(7)", calls: 2),
    FoldCase(fold: .firstNonNil, answers: [nil, nil], expected: "nil", calls: 2),
    FoldCase(fold: .last, answers: [5, 6, nil], expected: "Optional(6)", calls: 3),
    FoldCase(
      fold: .collect, answers: [1, nil, 3], expected: "Optional([Optional(1), nil, Optional(3)])",
      calls: 3),
    FoldCase(fold: .broadcast, answers: [1, 2], expected: "nil", calls: 2),
    FoldCase(fold: .intersection, answers: [0b1110, 0b0111], expected: "Optional(6)", calls: 2),
    FoldCase(fold: .union, answers: [0b1000, nil, 0b0001], expected: "Optional(9)", calls: 3),
    FoldCase(fold: sum, answers: [1, 2, nil, 4], expected: "Optional(7)", calls: 4),
  ])
  func everyFoldAnswersInItsType(_ test: FoldCase) throws {
    let (described, calls) = try run(test)
    #expect(described == test.expected)
    #expect(calls == (0..<test.calls).map { "s\($0)" } + (0..<test.calls).map { "s\($0)" })
  }

  @Test func handlersReceiveTheArgumentsAsParams() throws {
    let dispatcher = Dispatcher()
    let seen = Locked<[String]>([])
    try dispatcher.register(
      service: "a",
      handlers: [
        event: { params in
          seen.withLock { $0.append(params.map { String(describing: $0) }.joined(separator: ",")) }
          return true
        }
      ])
    try dispatcher.declare(event, fold: .any)
    #expect(try dispatcher.dispatch(selector: event, with: 1, "two", as: Bool.self) == true)
    #expect(try dispatcher.dispatch(SelectorKey(event), with: 3.5, [4], as: Bool.self) == true)
    #expect(seen.withLock { $0 } == ["1,two", "3.5,[4]"])
  }

  @Test func anUndeclaredSelectorCollects() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: ["ping": { _ in 1 }])
    try dispatcher.register(service: "b", handlers: ["ping": { _ in "b" }])
    let answers = try #require(try dispatcher.dispatch(selector: "ping", as: [Any?].self))
    #expect(answers.count == 2)
    #expect(answers[0] as? Int == 1)
    #expect(answers[1] as? String == "b")
  }

  @Test func aFoldedAnswerOfAnotherTypeIsAResultTypeMismatch() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .any)
    try dispatcher.declare("typedLast:", fold: .last)
    try dispatcher.register(
      service: "a", handlers: [event: { _ in true }, "typedLast:": { _ in 42 }])
    #expect(
      throws: DispatchError.resultTypeMismatch(
        selector: event, service: nil, expected: "Int", actual: "Bool")
    ) {
      try dispatcher.dispatch(SelectorKey(event), with: 1, 2, as: Int.self)
    }
    #expect(
      throws: DispatchError.resultTypeMismatch(
        selector: "typedLast:", service: nil, expected: "String", actual: "Int")
    ) {
      try dispatcher.dispatch(selector: "typedLast:", with: 1, as: String.self)
    }
    // A Bool answer can be asked for as Any.
    #expect(try dispatcher.dispatch(selector: event, with: 1, 2, as: Any.self) as? Bool == true)
  }

  @Test func anAnswerTheFoldCannotUseIsStillNamedWithItsService() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .all)
    try dispatcher.register(service: "odd", handlers: [event: { _ in "yes" }])
    #expect(
      throws: DispatchError.resultTypeMismatch(
        selector: event, service: "odd", expected: "Bool or nil", actual: "String")
    ) {
      try dispatcher.dispatch(selector: event, with: 1, 2, as: Bool.self)
    }
  }

  @Test func theWrongNumberOfArgumentsRunsNoHandler() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [event: log.handler("a")])
    #expect(throws: DispatchError.arityMismatch(selector: event, expected: 2, actual: 3)) {
      try dispatcher.dispatch(SelectorKey(event), with: 1, 2, 3, as: Bool.self)
    }
    #expect(throws: DispatchError.arityMismatch(selector: event, expected: 2, actual: 0)) {
      try dispatcher.dispatch(selector: event, as: Bool.self)
    }
    #expect(log.entries.isEmpty)
  }

  @Test func unknownAndMalformedSelectorsThrow() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [event: { _ in true }])
    #expect(
      throws: DispatchError.unrecognizedSelector(
        selector: "typedEvent:wit:", suggestion: event)
    ) {
      try dispatcher.dispatch(selector: "typedEvent:wit:", with: 1, 2, as: Bool.self)
    }
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: "\u{212A}ick:", with: 1, as: Bool.self)
    }
    #expect(
      throws: DispatchError.unrecognizedSelector(selector: "typedOther:", suggestion: nil)
    ) {
      try dispatcher.dispatch(SelectorKey("typedOther:"), with: 1, as: Bool.self)
    }
  }

  @Test func theVocabularysArgumentChecksStillApply() throws {
    let launch = "application:didFinishLaunchingWithOptions:"
    let log = CallLog()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(service: "a", handlers: [launch: log.handler("a", answer: false)])
    let options: [String: Any] = ["url": "app://open"]
    #expect(try dispatcher.dispatch(selector: launch, with: "app", options, as: Bool.self) == false)
    #expect(
      throws: DispatchError.argumentTypeMismatch(
        selector: launch, index: 1, expected: "Dictionary or nil", actual: "Int")
    ) {
      try dispatcher.dispatch(SelectorKey(launch), with: "app", 5, as: Bool.self)
    }
    #expect(log.entries == ["a"])
  }

  @Test func aHandlerThatKeepsItsParamsKeepsTheArgumentsItWasGiven() throws {
    let dispatcher = Dispatcher()
    let kept = Locked<[[Any]]>([])
    try dispatcher.declare(event, fold: .broadcast)
    try dispatcher.register(
      service: "a",
      handlers: [
        event: { params in
          kept.withLockUnchecked { $0.append(params) }
          return nil
        }
      ])
    let key = try SelectorKey(event)
    for round in 0..<3 { _ = try dispatcher.dispatch(key, with: round, "r\(round)", as: Int.self) }
    let rounds = kept.withLock { $0 }
    #expect(rounds.map { $0.count } == [2, 2, 2])
    #expect(rounds.map { $0[0] as? Int } == [0, 1, 2])
    #expect(rounds.map { $0[1] as? String } == ["r0", "r1", "r2"])
  }

  @Test func theParamsBufferHoldsNoArgumentAfterADispatch() throws {
    final class Argument: Sendable {}
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .any)
    try dispatcher.register(service: "a", handlers: [event: { _ in false }])
    weak var weakArgument: Argument?
    do {
      let argument = Argument()
      weakArgument = argument
      _ = try dispatcher.dispatch(selector: event, with: argument, 2, as: Bool.self)
    }
    #expect(weakArgument == nil)
  }

  @Test func aTypedDispatchInsideAHandlerHasItsOwnParams() throws {
    let dispatcher = Dispatcher()
    let seen = Locked<[String]>([])
    try dispatcher.declare(event, fold: .any)
    try dispatcher.declare("typedInner:", fold: .any)
    try dispatcher.register(
      service: "inner",
      handlers: [
        "typedInner:": { params in
          seen.withLock { $0.append("inner \(params[0])") }
          return true
        }
      ])
    try dispatcher.register(
      service: "outer",
      handlers: [
        event: { [weak dispatcher] params in
          let inner = try? dispatcher?.dispatch(selector: "typedInner:", with: "x", as: Bool.self)
          seen.withLock { $0.append("outer \(params[0]) \(params[1]) \(inner == true)") }
          return true
        }
      ])
    #expect(try dispatcher.dispatch(selector: event, with: 1, 2, as: Bool.self) == true)
    #expect(try dispatcher.dispatch(selector: event, with: 3, 4, as: Bool.self) == true)
    #expect(
      seen.withLock { $0 } == ["inner x", "outer 1 2 true", "inner x", "outer 3 4 true"])
  }

  @Test(.timeLimit(.minutes(1)))
  func threadsDispatchingAtOnceEachSeeTheirOwnArguments() async throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .firstNonNil)
    try dispatcher.register(service: "echo", handlers: [event: { params in params[0] }])
    let key = try SelectorKey(event)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var wrong = 0
          for round in 0..<2_000 {
            let value = task * 1_000_000 + round
            if (try? dispatcher.dispatch(key, with: value, "x", as: Int.self)) != value {
              wrong += 1
            }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}

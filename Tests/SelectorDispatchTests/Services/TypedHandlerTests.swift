import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct TypedHandlerTests {
  let openURL = "application:openURL:options:"

  @Test func castsParametersAndAnswers() throws {
    var seen: [URL] = []
    let typed = TypedHandler(openURL) {
      (app: AnyObject, url: URL, options: [String: Any]) -> Bool in
      seen.append(url)
      return url.scheme == "push"
    }
    let url = try #require(URL(string: "push://inbox"))
    #expect(typed.parameterCount == 3)
    #expect(typed.problem == nil)
    #expect(typed.handler([NSObject(), url, [String: Any]()]) as? Bool == true)
    #expect(seen == [url])
  }

  struct MismatchCase: Sendable, CustomTestStringConvertible {
    let params: [any Sendable]
    let index: Int
    let expected: String
    let actual: String
    var testDescription: String { "argument \(index): \(actual) for \(expected)" }
  }

  @Test(arguments: [
    MismatchCase(params: [1, "x", 2.5], index: 0, expected: "String", actual: "Int"),
    MismatchCase(params: ["a", 2, 2.5], index: 1, expected: "String", actual: "Int"),
    MismatchCase(params: ["a", "x", "y"], index: 2, expected: "Double", actual: "String"),
  ])
  func aBadCastAnswersHandlerArgumentTypeMismatchWithoutCalling(_ test: MismatchCase) throws {
    var called = false
    let typed = TypedHandler("a:b:c:") { (a: String, b: String, c: Double) in called = true }
    let answer = typed.handler(test.params.map { $0 as Any })
    #expect(
      answer as? DispatchError
        == .handlerArgumentTypeMismatch(
          selector: "a:b:c:", service: nil, index: test.index, expected: test.expected,
          actual: test.actual))
    #expect(!called)
  }

  @Test func arities0Through5() throws {
    var calls: [Int] = []
    let handlers = [
      TypedHandler("zero") { () -> Int in
        calls.append(0)
        return 0
      },
      TypedHandler("one:") { (a: Int) in calls.append(a) },
      TypedHandler("two::") { (a: Int, b: Int) in calls.append(a + b) },
      TypedHandler("three:::") { (a: Int, b: Int, c: Int) in calls.append(a + b + c) },
      TypedHandler("four::::") { (a: Int, b: Int, c: Int, d: Int) in calls.append(a + b + c + d) },
      TypedHandler("five:::::") { (a: Int, b: Int, c: Int, d: Int, e: Int) in
        calls.append(a + b + c + d + e)
      },
    ]
    for (arity, typed) in handlers.enumerated() {
      #expect(typed.parameterCount == arity)
      #expect(typed.problem == nil)
      _ = typed.handler(Array(repeating: 1, count: arity))
    }
    #expect(calls == [0, 1, 2, 3, 4, 5])
  }

  @Test func voidAnswersNilAndValuesAreKept() {
    let void = TypedHandler("ping") { () in () }
    let value = TypedHandler("count") { () in 7 }
    let optional = TypedHandler("maybe") { () -> Int? in nil }
    #expect(void.handler([]) == nil)
    #expect(value.handler([]) as? Int == 7)
    #expect(optional.handler([]) as? Int == nil)
  }

  struct Boom: Error, CustomStringConvertible {
    var description: String { "disk full" }
  }

  @Test func aThrownErrorAnswersHandlerFailed() {
    let typed = TypedHandler("save:") { (path: String) throws -> Bool in
      if path.isEmpty { throw Boom() }
      return true
    }
    #expect(typed.handler(["/tmp"]) as? Bool == true)
    #expect(
      typed.handler([""]) as? DispatchError
        == .handlerFailed(selector: "save:", service: nil, reason: "disk full"))
  }

  @Test func optionalParametersAcceptNil() {
    let typed = TypedHandler("launch:") { (options: [String: Any]?) in options?.count ?? -1 }
    let none: [String: Any]? = nil
    #expect(typed.handler([none as Any]) as? Int == -1)
    #expect(typed.handler([["a": 1]]) as? Int == 1)
  }

  struct ProblemCase: Sendable, CustomTestStringConvertible {
    let selector: String
    let problem: DispatchError
    var testDescription: String { selector }
  }

  @Test(arguments: [
    ProblemCase(
      selector: "a:b:", problem: .arityMismatch(selector: "a:b:", expected: 2, actual: 1)),
    ProblemCase(selector: "a", problem: .arityMismatch(selector: "a", expected: 0, actual: 1)),
    ProblemCase(
      selector: "a b:",
      problem: .malformedSelector(
        selector: "a b:", offset: 1,
        reason: "unexpected space (U+0020); expected an ASCII letter, digit, '_' or ':'")),
  ])
  func definitionMistakesAreRecordedNotTrapped(_ test: ProblemCase) {
    let typed = TypedHandler(test.selector) { (x: Int) in x }
    #expect(typed.problem == test.problem)
  }

  @Test func aTableCarriesItsFirstMistakeAsATypedValue() throws {
    let good = TypedHandler("a:") { (x: Int) in x }
    let clean = HandlerTable([good])
    #expect(clean.handlers.keys.sorted() == ["a:"])
    #expect(clean.problem == nil)
    let twice = HandlerTable([good, good, TypedHandler("b:c:") { (x: Int) in x }])
    #expect(twice.handlers.keys.sorted() == ["a:", "b:c:"])
    #expect(twice.problem == .duplicateHandler(selector: "a:", service: nil))
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.duplicateHandler(selector: "a:", service: "s")) {
      try dispatcher.register(service: "s", handlers: twice)
    }
    #expect(!dispatcher.responds(to: "a:"))
  }

  @Test func tableCarriesItsMistakeToRegistration() throws {
    let good = TypedHandler("a:") { (x: Int) in x }
    let table = HandlerTable([good, TypedHandler("b:") { (x: Int, y: Int) in x + y }])
    #expect(table.problem == .arityMismatch(selector: "b:", expected: 1, actual: 2))
    #expect(table.handlers.keys.sorted() == ["a:", "b:"])
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.arityMismatch(selector: "b:", expected: 1, actual: 2)) {
      try dispatcher.register(service: "s", handlers: table)
    }
    #expect(!dispatcher.responds(to: "a:"))
  }
}

extension TypedHandlerTests {
  @Test func optionalAnswersReachTheFoldUnwrapped() throws {
    let dispatcher = Dispatcher()
    let selector = "application:didFinishLaunchingWithOptions:"
    try dispatcher.declare(selector, fold: .all)
    try dispatcher.register(
      service: "undecided",
      handlers: HandlerTable([
        TypedHandler(selector) { (_: String, _: [String: Any]?) -> Bool? in nil }
      ]))
    try dispatcher.register(
      service: "veto",
      handlers: HandlerTable([
        TypedHandler(selector) { (_: String, _: [String: Any]?) -> Bool?? in .some(false) }
      ]))
    #expect(
      try dispatcher.dispatch(selector: selector, params: ["app", [String: Any]()]) as? Bool
        == false)
    dispatcher.unregister(service: "veto")
    #expect(
      try dispatcher.dispatch(selector: selector, params: ["app", [String: Any]()]) as? Bool == true
    )
  }
}

extension TypedHandlerTests {
  @Test func aDoubleOptionalHoldingNothingIsNoOpinion() throws {
    let dispatcher = Dispatcher()
    let selector = "application:didFinishLaunchingWithOptions:"
    try dispatcher.declare(selector, fold: .all)
    let flags: [String: Bool?] = ["k": nil]
    try dispatcher.register(
      service: "undecided",
      handlers: HandlerTable([
        TypedHandler(selector) { (_: String, _: [String: Any]?) -> Bool?? in flags["k"] }
      ]))
    #expect(
      try dispatcher.dispatch(selector: selector, params: ["app", [String: Any]()]) as? Bool == true
    )
  }
}

extension TypedHandlerTests {
  struct Careless: DispatchService {
    var handlers: HandlerTable {
      on("applicationWillTerminate:") { (app: AnyObject) in }
      on("applicationDidEnterBackground:") { (app: AnyObject, extra: Int) in }
    }
  }

  struct Careful: DispatchService {
    var handlers: HandlerTable {
      on("applicationWillTerminate:") { (app: AnyObject) in }
    }
  }

  @Test func aServiceDeclaredWithAHandlerTableReportsItsMistakeAtRegistration() throws {
    #expect(
      Careless().handlers.problem
        == .arityMismatch(selector: "applicationDidEnterBackground:", expected: 1, actual: 2))
    let dispatcher = Dispatcher()
    #expect(
      throws: DispatchError.arityMismatch(
        selector: "applicationDidEnterBackground:", expected: 1, actual: 2)
    ) {
      try dispatcher.register(contentsOf: [Careful(), Careless()])
    }
    #expect(!dispatcher.responds(to: "applicationWillTerminate:"), "all or nothing")
    try dispatcher.register(Careful())
    #expect(dispatcher.responds(to: "applicationWillTerminate:"))
  }
}

import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

extension Dispatcher.Event {
  static var shouldOpen: Dispatcher.Event<(String, Int) -> Bool?> { .init("shouldOpen:count:") }
  static var answerFor: Dispatcher.Event<(String) -> Int?> { .init("answerFor:") }
}

extension Dispatcher.MainActorEvent {
  static var mainShouldOpen: Dispatcher.MainActorEvent<(String, Int) -> Bool> {
    .init("shouldOpen:count:")
  }
}

/// The typed dispatch's own path: handlers written with `on(...)` called
/// with the dispatch's arguments, with no `[Any]`, in the same order and
/// folded by the same rules as on the `[Any]` path.
@Suite struct TypedCallTests {
  /// A service whose `shouldOpen:count:` handler records its name in
  /// `calls` and answers `answer`.
  static func opener(
    _ name: String, _ calls: Locked<[String]>, answer: Bool?, priority: Int = 0
  ) -> Service {
    Service(name, priority: priority) {
      on(.shouldOpen) { (url: String, count: Int) -> Bool? in
        calls.withLock { $0.append(name) }
        return answer
      }
    }
  }

  static let key: SelectorKey = {
    do {
      return try SelectorKey("shouldOpen:count:")
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  /// Whether a typed dispatch of `("a", 1)` to `shouldOpen:count:` takes
  /// the `[Any]` path: only that path fills the `[Any]`.
  static func takesTheAnyPath(_ dispatcher: Dispatcher) throws -> Bool {
    var filled = false
    _ = try withUnsafePointer(to: ("a", 1)) { tuple in
      try dispatcher.run(
        key, signature: ObjectIdentifier((String, Int).self), count: 2,
        arguments: UnsafeRawPointer(tuple)
      ) { params in
        filled = true
        params.append("a")
        params.append(1)
      }
    }
    return filled
  }

  @Test func aTypedDispatchCallsTypedHandlersDirectlyInPriorityOrder() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    let calls = Locked<[String]>([])
    try dispatcher.register(Self.opener("low", calls, answer: true, priority: -5))
    try dispatcher.register(Self.opener("high", calls, answer: nil, priority: 10))
    try dispatcher.register(Self.opener("middle", calls, answer: true))
    // The snapshot records one signature, the typed dispatch's.
    let signature = dispatcher.snapshot(of: Self.key)?.typedSignature
    #expect(signature == ObjectIdentifier((String, Int).self))
    #expect(try !Self.takesTheAnyPath(dispatcher))
    calls.withLock { $0.removeAll() }
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == true)
    #expect(
      try dispatcher.dispatch(selector: "shouldOpen:count:", with: "a", 1, as: Bool.self) == true)
    #expect(calls.withLock { $0 } == ["high", "middle", "low", "high", "middle", "low"])
  }

  @Test func aTypedAndAnUntypedHandlerRunInOnePriorityOrderWithOneFold() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    let calls = Locked<[String]>([])
    try dispatcher.register(Self.opener("typed first", calls, answer: true, priority: 10))
    try dispatcher.register(
      service: "untyped", priority: 5,
      handlers: [
        "shouldOpen:count:": { _ in
          calls.withLock { $0.append("untyped") }
          return false
        }
      ])
    try dispatcher.register(Self.opener("typed last", calls, answer: true))
    // No one signature: the typed dispatch takes the `[Any]` path.
    #expect(dispatcher.snapshot(of: Self.key)?.typedSignature == nil)
    #expect(try Self.takesTheAnyPath(dispatcher))
    calls.withLock { $0.removeAll() }
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == false)
    #expect(
      try dispatcher.dispatch(Self.key, params: ["a", 1]) as? Bool == false)
    #expect(
      calls.withLock { $0 } == [
        "typed first", "untyped", "typed last", "typed first", "untyped", "typed last",
      ])
    // Once the untyped service leaves, the typed path folds the same way.
    #expect(dispatcher.unregister(service: "untyped"))
    #expect(dispatcher.snapshot(of: Self.key)?.typedSignature != nil)
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == true)
  }

  @Test func aTypedDispatchOfAnotherSignatureGivesTodaysError() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    let calls = Locked<[String]>([])
    try dispatcher.register(Self.opener("opener", calls, answer: true))
    let error = DispatchError.handlerArgumentTypeMismatch(
      selector: "shouldOpen:count:", service: "opener", index: 1, expected: "Int",
      actual: "String")
    #expect(throws: error) {
      try dispatcher.dispatch(Self.key, with: "a", "1", as: Bool.self)
    }
    // The same error as the `[Any]` path's, and the handler did not run.
    #expect(throws: error) { try dispatcher.dispatch(Self.key, params: ["a", "1"]) }
    #expect(calls.withLock { $0 }.isEmpty)
  }

  @Test func aTypedHandlersAnswersAreFoldedAsOnTheUntypedPath() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("answerFor:", fold: .firstNonNil)
    struct Failure: Error, CustomStringConvertible { var description: String { "no answer" } }
    try dispatcher.register(
      Service("silent", priority: 3) { on(.answerFor) { _ in nil } })
    try dispatcher.register(
      Service("void", priority: 2) {
        on(.answerFor) { (_: String) -> Void in }
      })
    try dispatcher.register(
      Service("thrower", priority: 1) {
        on(.answerFor) { (text: String) throws -> Int? in throw Failure() }
      })
    try dispatcher.register(
      Service("counter") { on(.answerFor) { text in text.count } })
    let key = try SelectorKey("answerFor:")
    #expect(dispatcher.snapshot(of: key)?.typedSignature != nil)
    // `nil`, `Void` and a throw are no opinion; the throw is thrown after
    // every handler ran, naming its service, on both paths.
    let failed = DispatchError.handlerFailed(
      selector: "answerFor:", service: "thrower", reason: "no answer")
    #expect(throws: failed) { try dispatcher.dispatch(key, with: "four", as: Int.self) }
    #expect(throws: failed) { try dispatcher.dispatch(key, params: ["four"]) }
    #expect(dispatcher.unregister(service: "thrower"))
    #expect(try dispatcher.dispatch(key, with: "four", as: Int.self) == 4)
    #expect(try dispatcher.dispatch(key, params: ["four"]) as? Int == 4)
  }

  @Test func aMainActorHandlerOnTheTypedPathChecksWhereItRuns() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    try dispatcher.register(
      Service("screen") { on(.mainShouldOpen) { _, _ in true } })
    #expect(dispatcher.snapshot(of: Self.key)?.typedSignature != nil)
    // A Swift Testing test that is not @MainActor runs on the cooperative pool.
    #expect(
      throws: DispatchError.notOnMainActor(selector: "shouldOpen:count:", service: "screen")
    ) {
      try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self)
    }
  }

  @MainActor @Test func aMainActorHandlerOnTheTypedPathRunsOnTheMainActor() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    try dispatcher.register(
      Service("screen") {
        on(.mainShouldOpen) { url, count in url == "a" && count == 1 }
      })
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == true)
    #expect(try dispatcher.dispatch(Self.key, with: "b", 1, as: Bool.self) == false)
  }

  @Test func aVocabularysChecksAreSkippedOnlyWhenTheTypesPassThem() throws {
    let entry = Vocabulary.Entry(
      "shouldOpen:count:", domain: Domain("links"), fold: .all,
      arguments: [.string, ArgumentType("small") { ($0 as? Int).map { $0 < 10 } ?? false }])
    let vocabulary = try Vocabulary(name: "links", entries: [entry])
    let checked = Dispatcher(vocabulary: vocabulary)
    let calls = Locked<[String]>([])
    try checked.register(Self.opener("opener", calls, answer: true))
    // A custom check cannot be told from the type: each dispatch runs it.
    #expect(checked.snapshot(of: Self.key)?.typedSignature == nil)
    #expect(
      throws: DispatchError.argumentTypeMismatch(
        selector: "shouldOpen:count:", index: 1, expected: "small", actual: "Int")
    ) {
      try checked.dispatch(Self.key, with: "a", 12, as: Bool.self)
    }
    #expect(calls.withLock { $0 }.isEmpty)
    // Checks that the types pass (a String, a dictionary or nil) are not run again.
    let plain = try Vocabulary(
      name: "plain",
      entries: [
        .init(
          "shouldOpen:count:", domain: Domain("links"), fold: .all, arguments: [.string, .any]),
        .init(
          "open:options:", domain: Domain("links"), fold: .all,
          arguments: [.string, ArgumentType.dictionary.orNil]),
      ])
    let typed = Dispatcher(vocabulary: plain)
    try typed.register(Self.opener("opener", calls, answer: true))
    try typed.register(
      Service("options") {
        on("open:options:") { (url: String, options: [String: Any]?) in true }
      })
    #expect(typed.snapshot(of: Self.key)?.typedSignature != nil)
    #expect(typed.snapshot(of: try SelectorKey("open:options:"))?.typedSignature != nil)
    let options: [String: Any]? = nil
    #expect(
      try typed.dispatch(selector: "open:options:", with: "a", options, as: Bool.self) == true)
  }

  @Test func aTracedDispatcherCallsTheTracersHandlersOnEveryPath() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    let traced = Locked(0)
    dispatcher.instrumentRegistrations { _, handlers in
      handlers.mapValues { handler in
        { params in
          traced.withLock { $0 += 1 }
          return handler(params)
        }
      }
    }
    let calls = Locked<[String]>([])
    try dispatcher.register(Self.opener("opener", calls, answer: true))
    #expect(dispatcher.snapshot(of: Self.key)?.typedSignature == nil)
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == true)
    #expect(traced.withLock { $0 } == 1)
  }

  /// A `RawRepresentable` whose raw value is a `String`, as UIKit's
  /// extension point identifiers are.
  enum Mode: String { case quiet }

  struct Failure: Error {}

  @Test func anArgumentTypeAdmitsATypeOnlyWhenEveryValueOfItPassesItsCheck() throws {
    let url = try #require(URL(string: "myapp://open"))
    let admitted: [(ArgumentType, Any.Type, Any)] = [
      (.url, URL.self, url), (.url.orNil, URL?.self, URL?.none as Any),
      (.url.orNil, URL.self, url), (.data, Data.self, Data()),
      (.error, Failure.self, Failure()), (.string, String.self, "a"),
      (.string, Mode.self, Mode.quiet), (.strings, [String].self, ["a"]),
      (.dictionary, [String: Any].self, ["a": 1]),
      (.dictionary.orNil, [String: Any]?.self, [String: Any]?.none as Any),
      (.dictionary, NSDictionary.self, NSDictionary()),
      (.urlContexts, Set<OpenURLContext>.self, Set<OpenURLContext>()),
      (.scene, AnyObject.self, Failure()), (.any, Int.self, 1),
    ]
    for (type, swiftType, value) in admitted {
      #expect(type.admitsEvery(swiftType), "\(type) admits \(swiftType)")
      // What the check would have said of a value of that type.
      #expect(type.accepts(value), "\(type) accepts \(value)")
    }
    let refused: [(ArgumentType, Any.Type)] = [
      (.url, URL?.self), (.url, Any.self), (.url, String.self), (.string, Int.self),
      (.string, Any.self), (.strings, [Any].self), (.dictionary, [Any].self),
      (.dictionary, [String: Any]?.self), (.data, Data?.self),
      (ArgumentType("anything") { _ in true }, Int.self),
    ]
    for (type, swiftType) in refused {
      #expect(!type.admitsEvery(swiftType), "\(type) does not admit \(swiftType)")
    }
  }

  @Test func aTypedHandlerThatDispatchesItsOwnEventIsStoppedByTheNestingLimit() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    let depth = Locked(0)
    let key = Self.key
    try dispatcher.register(
      Service("loop") { [weak dispatcher] in
        on(.shouldOpen) { (url: String, count: Int) -> Bool? in
          depth.withLock { $0 = max($0, count) }
          return try dispatcher?.dispatch(key, with: url, count + 1, as: Bool.self)
        }
      })
    #expect(dispatcher.snapshot(of: key)?.typedSignature != nil)
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(key, with: "a", 1, as: Bool.self)
    }
    #expect(depth.withLock { $0 } == Nesting.maximumDepth)
  }

  @Test func aSingleTupleArgumentDoesNotPassForItsElements() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    try dispatcher.declare("open:", fold: .all)
    let calls = Locked<[String]>([])
    try dispatcher.register(Self.opener("opener", calls, answer: true))
    try dispatcher.register(
      Service("pairs") {
        on("open:") { (pair: (String, Int)) -> Bool in pair.1 == 1 }
      })
    // `(String, Int)` is the signature of both selectors' handlers, and of
    // a single tuple argument: the count tells them apart, as on the
    // `[Any]` path.
    #expect(
      throws: DispatchError.arityMismatch(selector: "shouldOpen:count:", expected: 2, actual: 1)
    ) {
      try dispatcher.dispatch(Self.key, with: ("a", 1), as: Bool.self)
    }
    #expect(throws: DispatchError.arityMismatch(selector: "open:", expected: 1, actual: 2)) {
      try dispatcher.dispatch(selector: "open:", with: "a", 1, as: Bool.self)
    }
    #expect(calls.withLock { $0 }.isEmpty)
    #expect(try dispatcher.dispatch(selector: "open:", with: ("a", 1), as: Bool.self) == true)
  }

  struct CodeError: Error { let code: Int }
  class Screen {}
  final class Settings: Screen {}

  /// `value` in an `Any` as a `Value`: as an existential when `Value` is one.
  static func boxed<Value>(_ value: Value) -> Any { value }

  @Test func aParameterStoredAsAnotherTypeIsCastOnTheUntypedPath() throws {
    let dispatcher = Dispatcher()
    let seen = Locked<[String]>([])
    try dispatcher.register(
      Service("casts") {
        on("failed:") { (error: CodeError) in seen.withLock { $0.append("\(error.code)") }
        }
        on("show:") { (screen: Screen) in
          seen.withLock { $0.append(screen is Settings ? "settings" : "screen") }
        }
        on("title:") { (title: String?) in seen.withLock { $0.append(title ?? "none") } }
      })
    // An error stored in its `Any` as `any Error`, whose `type(of:)` is
    // `CodeError`: taken out as `CodeError` without a cast, it would be read
    // from the existential's box.
    _ = try dispatcher.dispatch(
      selector: "failed:", params: [Self.boxed(CodeError(code: 7) as any Error)])
    _ = try dispatcher.dispatch(selector: "failed:", params: [CodeError(code: 8)])
    _ = try dispatcher.dispatch(selector: "show:", params: [Settings()])
    _ = try dispatcher.dispatch(selector: "show:", params: [Self.boxed(Settings() as Screen)])
    _ = try dispatcher.dispatch(selector: "title:", params: [String?.none as Any])
    _ = try dispatcher.dispatch(selector: "title:", params: ["home"])
    #expect(seen.withLock { $0 } == ["7", "8", "settings", "settings", "none", "home"])
  }

  @Test func aServiceUnregisteredDuringATypedDispatchRunsInItOnly() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("shouldOpen:count:", fold: .all)
    let calls = Locked<[String]>([])
    try dispatcher.register(
      Service("leaver", priority: 10) { [weak dispatcher] in
        on(.shouldOpen) { (url: String, count: Int) -> Bool? in
          calls.withLock { $0.append("leaver") }
          _ = dispatcher?.unregister(service: "later")
          return true
        }
      })
    try dispatcher.register(Self.opener("later", calls, answer: true))
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == true)
    #expect(try dispatcher.dispatch(Self.key, with: "a", 1, as: Bool.self) == true)
    #expect(calls.withLock { $0 } == ["leaver", "later", "leaver"])
  }

  @Test func aNestedOptionalAnswerIsUnwrappedOnBothPaths() throws {
    let dispatcher = Dispatcher()
    try dispatcher.declare("level:", fold: .collect)
    try dispatcher.register(
      Service("some") { on("level:") { (text: String) -> Int?? in 3 } })
    try dispatcher.register(
      Service("none") {
        on("level:") { (text: String) -> Int?? in .some(nil) }
      })
    let key = try SelectorKey("level:")
    #expect(dispatcher.snapshot(of: key)?.typedSignature != nil)
    let typed = try #require(try dispatcher.dispatch(key, with: "a", as: [Any?].self))
    let untyped = try #require(try dispatcher.dispatch(key, params: ["a"]) as? [Any?])
    for answers in [typed, untyped] {
      #expect(answers.count == 2)
      #expect(answers.first.flatMap { $0 } as? Int == 3)
      #expect(answers.last.map { $0 == nil } == true)
    }
  }
}

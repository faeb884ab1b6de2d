import Testing

@testable import SelectorDispatch

/// A service's `handlers` needs no `@HandlerTableBuilder`: the requirement
/// carries it, and the witnesses below compile (and build) without it.
@Suite struct HandlerTableBuilderTests {
  static let background = "applicationDidEnterBackground:"
  static let terminate = "applicationWillTerminate:"
  static let fetch = "application:performFetchWithCompletionHandler:"
  static var loaded: [String: SelectorHandler] { [terminate: { _ in "loaded" }] }

  /// Typed handlers, no attribute: built by the inferred builder.
  struct Typed: DispatchService {
    var handlers: HandlerTable {
      on(HandlerTableBuilderTests.background) { (app: String) in "typed \(app)" }
      on(HandlerTableBuilderTests.terminate) { (app: String) in "typed \(app)" }
    }
  }

  /// The attribute written out, as before, still builds.
  struct Attributed: DispatchService {
    @HandlerTableBuilder var handlers: HandlerTable {
      on(HandlerTableBuilderTests.background) { (app: String) in "attributed" }
    }
  }

  /// The design's dictionary literal of `[Any]` closures, as a body.
  struct Literal: DispatchService {
    var handlers: HandlerTable {
      [HandlerTableBuilderTests.background: { _ in "literal" }]
    }
  }

  /// A body with `return` is an ordinary getter.
  struct Returned: DispatchService {
    var handlers: HandlerTable {
      var table: [String: SelectorHandler] = [:]
      for selector in [HandlerTableBuilderTests.background] {
        table[selector] = { _ in "returned" }
      }
      return HandlerTable(table)
    }
  }

  /// Typed handlers with a priority and an async one, built by one
  /// service's body and reused whole in another's.
  struct Shared: DispatchService {
    var handlers: HandlerTable {
      on(HandlerTableBuilderTests.background) { (app: AnyObject) in "shared" }.priority(7)
      on(HandlerTableBuilderTests.fetch) { (app: AnyObject) async in BackgroundFetchResult.newData }
    }
  }

  /// A whole table among `on(_:_:)` entries.
  struct Mixed: DispatchService {
    var handlers: HandlerTable {
      Shared().handlers
      on(HandlerTableBuilderTests.terminate) { (app: AnyObject) in "mixed" }
    }
  }

  /// A table and an entry that handle one selector.
  struct Overlapping: DispatchService {
    var handlers: HandlerTable {
      [HandlerTableBuilderTests.background: { _ in "literal" }]
      on(HandlerTableBuilderTests.background) { (app: String) in "typed" }
    }
  }

  /// A dictionary literal in a `HandlerTable` witness that lists a selector
  /// twice: recorded by the table, not a trap.
  struct Twice: DispatchService {
    var handlers: HandlerTable {
      [
        HandlerTableBuilderTests.background: { _ in 1 },
        HandlerTableBuilderTests.terminate: { _ in 2 },
        HandlerTableBuilderTests.background: { _ in 3 },
      ]
    }
  }

  /// A whole `HandlerTable` value in a `HandlerTable` witness.
  struct Whole: DispatchService {
    var handlers: HandlerTable { HandlerTable(HandlerTableBuilderTests.loaded) }
  }

  func answer(_ service: some DispatchService, to selector: String) throws -> Any? {
    let dispatcher = Dispatcher()
    try dispatcher.register(service)
    return try dispatcher.dispatch(selector: selector, params: ["app"], fold: .firstNonNil)
  }

  @Test func typedHandlersNeedNoAttribute() throws {
    #expect(try answer(Typed(), to: Self.background) as? String == "typed app")
    #expect(try answer(Typed(), to: Self.terminate) as? String == "typed app")
    #expect(try answer(Attributed(), to: Self.background) as? String == "attributed")
  }

  @Test func wholeTablesCompileAndRegister() throws {
    #expect(try answer(Literal(), to: Self.background) as? String == "literal")
    #expect(try answer(Returned(), to: Self.background) as? String == "returned")
    #expect(try answer(Whole(), to: Self.terminate) as? String == "loaded")
  }

  @Test func aTableAmongEntriesKeepsItsHandlersPrioritiesAndAsyncOnes() async throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(Mixed())
    try dispatcher.register(
      service: "later", priority: 5, handlers: [Self.background: { _ in "later" }])
    let app = AsyncServiceTests.app
    // The shared handler keeps its priority of 7, so it runs before "later" (5).
    #expect(
      try dispatcher.dispatch(selector: Self.background, params: [app], fold: .collect)
        as? [String] == ["shared", "later"])
    #expect(
      try dispatcher.dispatch(selector: Self.terminate, params: [app], fold: .firstNonNil)
        as? String == "mixed")
    let fetched = try await dispatcher.answer(to: Self.fetch, params: [app])
    #expect(fetched as? BackgroundFetchResult == .newData)
  }

  @Test func aSelectorInATableAndAnEntryIsThrownWhenRegistering() throws {
    let dispatcher = Dispatcher()
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.register(Overlapping())
    }
    #expect(error == .duplicateHandler(selector: Self.background, service: "Overlapping"))
  }

  @Test func aSelectorListedTwiceInALiteralIsThrownWhenRegistering() throws {
    let dispatcher = Dispatcher()
    let error = try #require(throws: DispatchError.self) { try dispatcher.register(Twice()) }
    #expect(error == .duplicateHandler(selector: Self.background, service: "Twice"))
    #expect(!dispatcher.responds(to: Self.terminate))
  }
}

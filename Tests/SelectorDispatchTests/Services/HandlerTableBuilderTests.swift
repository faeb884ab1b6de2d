import Testing

@testable import SelectorDispatch

/// A service's `handlers` needs no `@HandlerTableBuilder`: the requirement
/// carries it, and the witnesses below compile (and build) without it.
@Suite struct HandlerTableBuilderTests {
  static let background = "applicationDidEnterBackground:"
  static let terminate = "applicationWillTerminate:"
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

  /// A dictionary literal in a `[String: SelectorHandler]` witness.
  struct Literal: DispatchService {
    var handlers: [String: SelectorHandler] {
      [HandlerTableBuilderTests.background: { _ in "literal" }]
    }
  }

  /// A dictionary made elsewhere, in a `[String: SelectorHandler]` witness.
  struct Loaded: DispatchService {
    var handlers: [String: SelectorHandler] { HandlerTableBuilderTests.loaded }
  }

  /// A body with `return` is an ordinary getter.
  struct Returned: DispatchService {
    var handlers: [String: SelectorHandler] {
      var table: [String: SelectorHandler] = [:]
      for selector in [HandlerTableBuilderTests.background] {
        table[selector] = { _ in "returned" }
      }
      return table
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

  @Test func dictionaryWitnessesStillCompileAndRegister() throws {
    #expect(try answer(Literal(), to: Self.background) as? String == "literal")
    #expect(try answer(Loaded(), to: Self.terminate) as? String == "loaded")
    #expect(try answer(Returned(), to: Self.background) as? String == "returned")
    #expect(try answer(Whole(), to: Self.terminate) as? String == "loaded")
  }

  @Test func aSelectorListedTwiceInALiteralIsThrownWhenRegistering() throws {
    let dispatcher = Dispatcher()
    let error = try #require(throws: DispatchError.self) { try dispatcher.register(Twice()) }
    #expect(error == .duplicateHandler(selector: Self.background, service: "Twice"))
    #expect(!dispatcher.responds(to: Self.terminate))
  }
}

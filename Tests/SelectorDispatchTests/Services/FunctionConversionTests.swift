import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

extension Dispatcher.MainActorEvent {
  static var report: Dispatcher.MainActorEvent<(@escaping (Int) -> Void) -> Void> {
    .init("report:")
  }
  /// A main-actor event whose handler takes a `@Sendable` function, which it may call from
  /// any thread.
  static var reportAnywhere: Dispatcher.MainActorEvent<(@escaping @Sendable (Int) -> Void) -> Void>
  {
    .init("report:")
  }
}

/// A function argument that Swift converts to the handler's function type at compile time is
/// taken at run time too: one that differs only in `@Sendable` on every path, a `@MainActor`
/// one only by a handler that runs on the main actor. Before, `as?` refused both with
/// `handlerArgumentTypeMismatch`, though completions of either form were accepted.
@Suite struct FunctionConversionTests {
  static let selector = "report:"

  /// A dispatcher with one service, "reporter", whose one handler is `handler`.
  static func dispatcher(_ handler: TypedHandler) throws -> Dispatcher {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "reporter", handlers: HandlerTable([handler]))
    return dispatcher
  }

  /// A dispatcher whose handler takes `(Int) -> Void` and calls it with 7.
  static func dispatcher() throws -> Dispatcher {
    try dispatcher(TypedHandler(selector) { (done: @escaping (Int) -> Void) in done(7) })
  }

  /// Whether `error` is the refusal of argument 0 by `service`'s handler, which takes
  /// `expected`.
  static func isRefusal(_ error: any Error, by service: String, of expected: String) -> Bool {
    guard case .handlerArgumentTypeMismatch(_, service, 0, expected, _)? = error as? DispatchError
    else { return false }
    return true
  }

  @Test func aSendableFunctionIsTakenOnEveryPath() async throws {
    let received = Locked<[String]>([])
    func done(_ path: String) -> @Sendable (Int) -> Void {
      { value in received.withLock { $0.append("\(path) \(value)") } }
    }
    let dispatcher = try Self.dispatcher()
    _ = try dispatcher.dispatch(selector: Self.selector, params: [done("text")])
    _ = try dispatcher.dispatch(SelectorKey(Self.selector), params: [done("key")])
    _ = try dispatcher.dispatch(SelectorKey(Self.selector), with: done("typed"), as: Any.self)
    _ = try await dispatcher.answer(to: Self.selector, params: [done("awaited")])
    let asynchronous = try Self.dispatcher(
      TypedHandler(Self.selector) { (done: @escaping (Int) -> Void) async in done(7) })
    _ = try await asynchronous.answer(to: Self.selector, params: [done("async")])
    #expect(received.withLock { $0 } == ["text 7", "key 7", "typed 7", "awaited 7", "async 7"])
  }

  @Test func aMainActorFunctionIsRefusedByAHandlerThatDoesNotRunOnTheMainActor() throws {
    let done: @MainActor (Int) -> Void = { _ in }
    let refusal = DispatchError.handlerArgumentTypeMismatch(
      selector: Self.selector, service: "reporter", index: 0,
      expected: "(Int) -> () (a @MainActor function only in a handler that runs on the main "
        + "actor, such as a main-actor event's)",
      actual: "@MainActor @Sendable (Int) -> ()")
    #expect(throws: refusal) {
      try Self.dispatcher().dispatch(selector: Self.selector, params: [done])
    }
    #expect(
      refusal.description
        == "service \"reporter\" did not handle `report:`: its handler takes (Int) -> () (a "
        + "@MainActor function only in a handler that runs on the main actor, such as a "
        + "main-actor event's) as argument 0, but @MainActor @Sendable (Int) -> () was given")
  }

  @MainActor @Test func aMainActorFunctionIsTakenByAMainActorHandler() throws {
    struct Reporter: DispatchService {
      var handlers: HandlerTable { on(.report) { done in done(7) } }
    }
    let dispatcher = Dispatcher()
    try dispatcher.register(Reporter())
    var received: [Int] = []
    let done: @MainActor (Int) -> Void = { received.append($0) }
    _ = try dispatcher.dispatch(selector: Self.selector, params: [done])
    let sendable: @Sendable (Int) -> Void = { _ in }
    _ = try dispatcher.dispatch(selector: Self.selector, params: [sendable])
    #expect(received == [7])
  }

  /// A main-actor handler that takes a `@Sendable` function may call it from any thread, so it
  /// is not given a `@MainActor` one, as Swift refuses that conversion too.
  @MainActor @Test func aMainActorFunctionIsRefusedWhereTheHandlerTakesASendableOne() throws {
    struct Reporter: DispatchService {
      var handlers: HandlerTable { on(.reportAnywhere) { done in done(7) } }
    }
    let dispatcher = Dispatcher()
    try dispatcher.register(Reporter())
    let done: @MainActor (Int) -> Void = { _ in }
    #expect {
      try dispatcher.dispatch(selector: Self.selector, params: [done])
    } throws: { error in
      Self.isRefusal(error, by: "Reporter", of: "@Sendable (Int) -> ()")
    }
  }

  /// An async `@MainActor` function switches to the main actor itself, so any handler takes it
  /// as a nonisolated one, as Swift converts it anywhere.
  @Test func anAsyncMainActorFunctionIsTakenAnywhere() async throws {
    let dispatcher = try Self.dispatcher(
      TypedHandler(Self.selector) { (done: @escaping (Int) async -> Void) in "taken" })
    let done: @MainActor (Int) async -> Void = { _ in }
    #expect(
      try dispatcher.dispatch(selector: Self.selector, params: [done]) as? [String] == ["taken"])
  }

  /// `nonisolated(nonsending)`, which Xcode 26's defaults give every async function type, is
  /// compared as part of the type: one that differs only in `@Sendable` is taken.
  typealias Nonsending = nonisolated(nonsending) (Int) async -> Void

  @Test func aSendableNonsendingFunctionIsTaken() throws {
    let dispatcher = try Self.dispatcher(
      TypedHandler(Self.selector) { (done: @escaping Nonsending) in "taken" })
    let done: nonisolated(nonsending) @Sendable (Int) async -> Void = { _ in }
    #expect(
      try dispatcher.dispatch(selector: Self.selector, params: [done]) as? [String] == ["taken"])
    let concurrent: @Sendable (Int) async -> Void = { _ in }
    #expect(throws: DispatchError.self, "a concurrent function is not a nonsending one") {
      try dispatcher.dispatch(selector: Self.selector, params: [concurrent])
    }
  }

  /// An optional function converts as the function does, and a function into an optional one.
  @Test func anOptionalFunctionConvertsAsItsFunction() throws {
    let received = Locked<[Int]>([])
    let dispatcher = try Self.dispatcher(
      TypedHandler(Self.selector) { (done: ((Int) -> Void)?) in done?(7) })
    let done: @Sendable (Int) -> Void = { value in received.withLock { $0.append(value) } }
    let optional: (@Sendable (Int) -> Void)? = done
    let none: (@Sendable (Int) -> Void)? = nil
    for param in [done, optional as Any, none as Any] as [Any] {
      _ = try dispatcher.dispatch(selector: Self.selector, params: [param])
    }
    #expect(received.withLock { $0 } == [7, 7])
    #expect(throws: DispatchError.self, "an optional function is not a function") {
      try Self.dispatcher().dispatch(selector: Self.selector, params: [optional as Any])
    }
  }

  /// Only the attributes Swift drops at compile time are dropped: another parameter type, a
  /// `throws`, `@isolated(any)` and another global actor are refused as before.
  @Test func anyOtherDifferenceIsStillRefused() throws {
    let dispatcher = try Self.dispatcher()
    let others: [Any] = [
      { @Sendable (_: String) in } as @Sendable (String) -> Void,
      { @Sendable (_: Int) throws in } as @Sendable (Int) throws -> Void,
      { (_: Int) in } as @isolated(any) (Int) -> Void,
      { (_: Int) in } as @Elsewhere (Int) -> Void,
      7,
    ]
    for other in others {
      #expect {
        try dispatcher.dispatch(selector: Self.selector, params: [other])
      } throws: { error in
        Self.isRefusal(error, by: "reporter", of: "(Int) -> ()")
      }
    }
  }

  /// A handler that takes a `@Sendable` function is not given a plain one: that would add a
  /// guarantee the caller never made.
  @Test func aPlainFunctionIsNotTakenAsASendableOne() throws {
    let dispatcher = try Self.dispatcher(
      TypedHandler(Self.selector) { (done: @escaping @Sendable (Int) -> Void) in done(7) })
    let plain: (Int) -> Void = { _ in }
    #expect(
      throws: DispatchError.handlerArgumentTypeMismatch(
        selector: Self.selector, service: "reporter", index: 0,
        expected: "@Sendable (Int) -> ()", actual: "(Int) -> ()")
    ) {
      try dispatcher.dispatch(selector: Self.selector, params: [plain])
    }
  }
}

/// A global actor other than the main actor.
@globalActor actor Elsewhere {
  static let shared = Elsewhere()
}

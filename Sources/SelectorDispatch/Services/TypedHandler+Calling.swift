import CSelectorDispatch
import Dispatch

// How a typed closure becomes a `SelectorHandler`: the casts of the
// dispatched parameters, the main-thread check of a main-actor handler,
// and the answer as the fold takes it. Shared by `TypedHandler`'s
// initializers and the typed events' `on(_:_:)`.
extension TypedHandler {
  /// Makes a typed handler from its parts.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - parameterCount: The number of parameters the closure takes.
  ///   - leftOut: How many of the selector's parameters the closure may
  ///     leave out: `0...0` for a synchronous closure, `1...1` for a
  ///     completion event's (whose selector must then be declared with a
  ///     completion), `0...1` for an async one whose selector may or may not
  ///     have a completion (checked when it registers).
  ///   - handler: The low-level handler.
  ///   - typed: The closure as a typed call, for a synchronous closure
  ///     that takes every parameter.
  ///   - asyncHandler: The closure as an async handler, if it is one.
  init(
    selector: String, parameterCount: Int, leftOut: ClosedRange<Int> = 0...0,
    handler: @escaping SelectorHandler, typed: TypedCall? = nil,
    asyncHandler: AsyncSelectorHandler? = nil
  ) {
    self.selector = selector
    self.parameterCount = parameterCount
    self.handler = handler
    self.typed = typed
    self.asyncHandler = asyncHandler
    needsCompletion = leftOut == 1...1
    do {
      let arity = try SelectorKey.validate(selector)
      problem =
        leftOut.contains(arity - parameterCount)
        ? nil
        : .arityMismatch(
          selector: selector, expected: arity - leftOut.lowerBound, actual: parameterCount)
    } catch {
      problem = error
    }
  }

  /// Makes one entry of a ``HandlerTable`` a typed handler again, as the
  /// table holds it: a `nil` handler is an async one's, whose stand-in a
  /// synchronous dispatch never calls.
  init(
    entry selector: String, handler: SelectorHandler?, typed: TypedCall?,
    asyncHandler: AsyncSelectorHandler?, parameterCount: Int, needsCompletion: Bool,
    priority: Int?, problem: DispatchError?
  ) {
    self.selector = selector
    self.parameterCount = parameterCount
    self.handler =
      handler ?? { _ in DispatchError.asyncHandlerNeedsAwait(selector: selector, service: nil) }
    self.typed = typed
    self.asyncHandler = asyncHandler
    self.needsCompletion = needsCompletion
    self.priority = priority
    self.problem = problem
  }

  /// The same handler with its closures wrapped, as a dispatcher's
  /// instrumented registration wraps a table's (see
  /// `HandlerTable.instrumented(_:async:)`): its typed call is dropped, so
  /// that every dispatch goes through the wrapped handler, and an async
  /// handler's stand-in is made again, unwrapped, as for a table's.
  func instrumented(
    _ wrap: ([String: SelectorHandler]) -> [String: SelectorHandler],
    async wrapAsync: ([String: AsyncSelectorHandler]) -> [String: AsyncSelectorHandler]
  ) -> TypedHandler {
    TypedHandler(
      entry: selector, handler: asyncHandler == nil ? wrap([selector: handler])[selector] : nil,
      typed: nil,
      asyncHandler: asyncHandler.flatMap { wrapAsync([selector: $0])[selector] },
      parameterCount: parameterCount, needsCompletion: needsCompletion, priority: priority,
      problem: problem)
  }

  /// Makes a typed handler of a synchronous closure that takes every
  /// parameter, from its handler and its typed call.
  @usableFromInline
  init(
    selector: String, parameterCount: Int,
    calling: (handler: SelectorHandler, typed: TypedCall)
  ) {
    self.init(
      selector: selector, parameterCount: parameterCount, handler: calling.handler,
      typed: calling.typed)
  }

  /// The number of types in a pack.
  @inlinable
  static func count<each Argument>(_: repeat (each Argument).Type) -> Int {
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    return count
  }

  /// The parameter types of a pack, in order.
  @inlinable
  static func types<each Argument>(_: repeat (each Argument).Type) -> [Any.Type] {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    return types
  }

  /// A synchronous closure that runs where it is called, as the handler
  /// that casts `[Any]` and as the typed call: the handler calls the typed
  /// call.
  ///
  /// Inlinable, as the entries that call it, so that the closures are
  /// specialised for the app's types where the app writes them: generic
  /// code for a parameter pack looks up the metadata of its tuple, and
  /// casts through it, on every call. The typed call's closure captures
  /// nothing but `body` (see `TypedCall`).
  @inlinable
  static func calling<each Argument, Answer>(
    _ selector: String, _ body: @escaping (repeat each Argument) throws -> Answer
  ) -> (handler: SelectorHandler, typed: TypedCall) {
    let typed = call(selector, repeat (each Argument).self, answer: Answer.self) {
      (raw: UnsafeRawPointer) in
      let arguments = raw.assumingMemoryBound(to: (repeat each Argument).self)
      if Answer.self == Void.self {
        _ = try body(repeat each arguments.pointee)
        return nil
      }
      return try body(repeat each arguments.pointee)
    }
    return (casting(selector, typed, repeat (each Argument).self), typed)
  }

  /// A synchronous `@MainActor` closure, as the handler and the typed call
  /// of `calling(_:_:)`: each runs the closure when it is called on the
  /// main actor, and answers ``DispatchError/notOnMainActor(selector:service:)``
  /// elsewhere (the handler before it casts the parameters).
  ///
  /// Once it has checked where it runs, the typed call's closure calls
  /// `body` as a nonisolated function: the check `MainActor.assumeIsolated`
  /// would make, without its trap and its cost. A synchronous function's
  /// global actor is not part of its representation, so the two function
  /// types have the same layout.
  @inlinable
  static func callingOnMainActor<each Argument, Answer>(
    _ selector: String, _ body: @escaping @MainActor (repeat each Argument) throws -> Answer
  ) -> (handler: SelectorHandler, typed: TypedCall) {
    let isolated: @MainActor (UnsafeRawPointer) throws -> Any? = { raw in
      guard isOnMainActor() else { throw OffMainActor() }
      let arguments = raw.assumingMemoryBound(to: (repeat each Argument).self)
      if Answer.self == Void.self {
        _ = try body(repeat each arguments.pointee)
        return nil
      }
      return try body(repeat each arguments.pointee)
    }
    let typed = call(
      selector, repeat (each Argument).self, answer: Answer.self, body: nonisolated(isolated))
    return (
      onMainActor(
        selector, casting(selector, typed, repeat (each Argument).self, onMainActor: true)),
      typed
    )
  }

  /// A `@MainActor` function as a nonisolated one, for a caller that has
  /// checked that it runs on the main actor.
  @inlinable
  static func nonisolated<Arguments>(
    _ isolated: @escaping @MainActor (Arguments) throws -> Any?
  ) -> (Arguments) throws -> Any? {
    unsafeBitCast(isolated, to: ((Arguments) throws -> Any?).self)
  }

  /// A typed call whose closure, `body`, reads its arguments as a tuple
  /// of `Argument`s and answers an `answer`.
  @inlinable
  static func call<each Argument>(
    _ selector: String, _: repeat (each Argument).Type, answer: Any.Type,
    body: @escaping (UnsafeRawPointer) throws -> Any?
  ) -> TypedCall {
    TypedCall(
      (repeat each Argument).self, parameterTypes: types(repeat (each Argument).self),
      answer: answer, selector: selector, body: body)
  }

  /// The handler that casts the dispatched parameters to the parameter
  /// types of `typed`, `Argument`, and calls it; a parameter that does not
  /// cast is its answer instead.
  @inlinable
  static func casting<each Argument>(
    _ selector: String, _ typed: TypedCall, _: repeat (each Argument).Type,
    onMainActor: Bool = false
  ) -> SelectorHandler {
    let count = count(repeat (each Argument).self)
    return { params in
      let arguments: (repeat each Argument)
      do {
        arguments = try Self.arguments(
          params, count, selector, repeat (each Argument).self, onMainActor: onMainActor)
      } catch {
        return error
      }
      return withUnsafePointer(to: arguments) { typed.answer(UnsafeRawPointer($0)) }
    }
  }

  /// The handler of a synchronous closure of a completion event: it calls
  /// the dispatch's completion with what the closure returns, at once.
  static func completing<each Argument, Value>(
    _ selector: String, _ carrier: CompletionCarrier,
    _ body: @escaping (repeat each Argument) throws -> Value
  ) -> SelectorHandler {
    let count = count(repeat (each Argument).self) + 1
    return { params in
      let arguments: (repeat each Argument)
      do {
        arguments = try Self.arguments(params, count, selector, repeat (each Argument).self)
      } catch {
        return error
      }
      let done: (Value) -> Void
      do {
        done = try completion(params, selector, carrier)
      } catch {
        return error
      }
      do {
        done(try body(repeat each arguments))
        return nil
      } catch {
        return failed(error, selector)
      }
    }
  }

  /// The handler of a synchronous `@MainActor` closure of a completion
  /// event: as `completing(_:_:_:)`, on the main thread only.
  static func completingOnMainActor<each Argument, Value>(
    _ selector: String, _ carrier: CompletionCarrier,
    _ body: @escaping @MainActor (repeat each Argument) throws -> Value
  ) -> SelectorHandler {
    let count = count(repeat (each Argument).self) + 1
    let isolated: @MainActor ([Any]) -> Any? = { params in
      let arguments: (repeat each Argument)
      do {
        arguments = try Self.arguments(
          params, count, selector, repeat (each Argument).self, onMainActor: true)
      } catch {
        return error
      }
      let done: (Value) -> Void
      do {
        done = try completion(params, selector, carrier)
      } catch {
        return error
      }
      do {
        done(try body(repeat each arguments))
        return nil
      } catch {
        return failed(error, selector)
      }
    }
    return onMainActor(selector, unsafeBitCast(isolated, to: SelectorHandler.self))
  }

  /// A handler that calls `handler` on the main actor only, and answers
  /// ``DispatchError/notOnMainActor(selector:service:)`` elsewhere.
  @inlinable
  static func onMainActor(_ selector: String, _ handler: @escaping SelectorHandler)
    -> SelectorHandler
  {
    { params in
      isOnMainActor()
        ? handler(params) : DispatchError.notOnMainActor(selector: selector, service: nil)
    }
  }

  /// Whether the caller runs on the main actor, without trapping as
  /// `MainActor.assumeIsolated` does when it does not: on the main thread,
  /// or in a block of the main queue, which the main actor runs on. (On
  /// Linux, once the main thread has called `dispatchMain()`, as an `async`
  /// main does, the main queue is served by another thread.)
  @usableFromInline
  static func isOnMainActor() -> Bool {
    csd_is_main_thread() != 0 || DispatchQueue.getSpecific(key: mainQueue.value) != nil
  }

  /// The async handler of an `async` `@MainActor` closure that returns a
  /// completion's value: it runs on the main actor wherever it is awaited.
  static func awaitingOnMainActor<each Argument, Value>(
    _ selector: String, _ carrier: CompletionCarrier,
    _ body: @escaping @MainActor (repeat each Argument) async throws -> Value
  ) -> AsyncSelectorHandler {
    let count = count(repeat (each Argument).self)
    return { params in
      let arguments: (repeat each Argument)
      do {
        arguments = try Self.arguments(
          params, count, selector, repeat (each Argument).self, onMainActor: true)
      } catch {
        return error
      }
      let boxed = UncheckedBox(value: arguments)
      return await { @MainActor () async -> UncheckedBox<Any?> in
        do {
          return UncheckedBox(
            value: folded(carrier.answer(try await body(repeat each boxed.value))))
        } catch {
          return UncheckedBox(value: failed(error, selector))
        }
      }().value
    }
  }

  /// Casts the dispatched parameters to a closure's parameter types, after
  /// checking their number. `onMainActor` says whether the closure runs on
  /// the main actor, and so may take a `@MainActor` function as a
  /// nonisolated one (see `argument`).
  ///
  /// - Throws: ``DispatchError/arityMismatch(selector:expected:actual:)``,
  ///   or ``DispatchError/handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``
  ///   for the first parameter that does not cast.
  @inlinable
  static func arguments<each Argument>(
    _ params: [Any], _ count: Int, _ selector: String, _: repeat (each Argument).Type,
    onMainActor: Bool = false
  ) throws(DispatchError) -> (repeat each Argument) {
    guard params.count == count else {
      throw .arityMismatch(selector: selector, expected: count, actual: params.count)
    }
    var index = 0
    return
      (repeat try argument(
        params, &index, selector, as: (each Argument).self, onMainActor: onMainActor))
  }

  /// Casts one dispatched parameter, the one at `index`, and moves `index`
  /// to the next.
  ///
  /// A parameter stored in its `Any` as exactly the type asked for is taken
  /// out with no cast (`swift_dynamicCast` costs several hundred
  /// instructions); any other (a subclass instance stored as itself, an
  /// `NSNumber` for a `Bool`, a value stored as an existential such as
  /// `any Error`) is cast.
  ///
  /// A function that does not cast is taken as the closure's function type
  /// when Swift would convert it at compile time, as `FunctionConversion`
  /// says: one that differs only in being `@Sendable` always, and one that
  /// is `@MainActor` only when the closure runs on the main actor
  /// (`onMainActor`); elsewhere the refusal says so.
  ///
  /// - Throws: ``DispatchError/handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``.
  @inlinable @inline(__always)
  static func argument<Value>(
    _ params: [Any], _ index: inout Int, _ selector: String, as _: Value.Type,
    onMainActor: Bool = false
  ) throws(DispatchError) -> Value {
    defer { index += 1 }
    let param = params[index]
    if storedType(of: param) == Value.self { return exactly(param, as: Value.self) }
    if let value = param as? Value { return value }
    switch FunctionConversion.convert(param, to: Value.self, onMainActor: onMainActor) {
    case .converted(let value): return value
    case .needsMainActor:
      throw mismatch(
        param, index, FunctionConversion.notMainActor(String(describing: Value.self)), selector)
    case .refused:
      throw mismatch(param, index, String(describing: Value.self), selector)
    }
  }

  /// The type `value` is stored as in its `Any`, which opening it gives.
  /// (`type(of:)` would not do: it looks through an existential stored in
  /// the `Any` to the value inside.)
  @inlinable
  static func storedType<Opened>(of _: Opened) -> Any.Type { Opened.self }

  /// `value`, opened out of its `Any`, as a `Value`: the type it is stored
  /// as there, which `storedType(of:)` told, or one of the same
  /// representation (see `FunctionConversion`).
  @inlinable
  static func exactly<Opened, Value>(_ value: Opened, as _: Value.Type) -> Value {
    unsafeBitCast(value, to: Value.self)
  }

  /// The dispatched completion, the last parameter, as the closure's value
  /// is passed to it.
  ///
  /// - Throws: ``DispatchError/handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``.
  static func completion<Value>(
    _ params: [Any], _ selector: String, _ carrier: CompletionCarrier
  ) throws(DispatchError) -> (Value) -> Void {
    let index = params.count - 1
    guard let done = carrier.completion(from: params[index], as: Value.self) else {
      throw mismatch(params[index], index, carrier.expectedType(for: Value.self), selector)
    }
    return done
  }

  /// A refused parameter, its service filled in by the dispatch.
  @usableFromInline
  static func mismatch(
    _ value: Any, _ index: Int, _ expected: String, _ selector: String
  ) -> DispatchError {
    .handlerArgumentTypeMismatch(
      selector: selector, service: nil, index: index, expected: expected,
      actual: String(describing: type(of: value)))
  }

  /// A closure's answer as the fold takes it: `nil` for `Void`, and an
  /// `Optional` unwrapped, so that a `Bool?` reaches it as `Bool` or `nil`
  /// rather than as an `Optional` boxed in `Any`.
  static func folded<Answer>(_ answer: Answer) -> Any? {
    if Answer.self == Void.self { return nil }
    return isOptional(Answer.self) ? unwrapped(answer) : answer
  }

  /// Whether `type` is an `Optional`.
  @usableFromInline
  static func isOptional(_ type: Any.Type) -> Bool {
    type is any OptionalMarker.Type
  }

  /// An answer that is an `Optional` boxed in `Any`, unwrapped (see
  /// `folded(_:)`). It takes the `Any?` a typed call answers as it is:
  /// boxing that `Any?` into an `Any` would allocate.
  @usableFromInline
  static func unwrapped(_ answer: Any?) -> Any? {
    guard let answer, let optional = answer as? any OptionalMarker else { return answer }
    return optional.unwrapped
  }

  /// What a handler answers when its closure throws; the dispatch fills in
  /// the service.
  @usableFromInline
  static func failed(_ error: any Error, _ selector: String) -> DispatchError {
    .handlerFailed(selector: selector, service: nil, reason: String(describing: error))
  }
}

/// The key that marks the main queue, for `TypedHandler.isOnMainActor()`;
/// boxed, as older SDKs' `DispatchSpecificKey` is not `Sendable`.
private let mainQueue: UncheckedBox<DispatchSpecificKey<Void>> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return UncheckedBox(value: key)
}()

/// A typed handler's closure kept with its parameter types, beside the
/// ``SelectorHandler`` that every untyped path calls: a typed dispatch whose
/// arguments have exactly these types calls it with no `[Any]` and no cast.
///
/// The closure takes the arguments as a pointer to their tuple, which the
/// dispatch makes once for all its handlers: each handler reads its
/// arguments where they lie, with no copy (a closure that took the tuple
/// itself, or the arguments one by one as a parameter pack, copied each
/// argument, a retain and a release, on every call). It reads them as a
/// `(repeat each Argument)`, so it may be called only with a pointer to a
/// tuple of exactly that type: `signature` is the tuple type's identity,
/// and a typed dispatch calls the closure only when the tuple type of its
/// arguments has the same (see `Dispatcher+Typed.swift`).
///
/// The closure captures nothing but the service's closure, so that the
/// optimiser can specialise it for that closure where the app writes it:
/// with any other capture (a flag, the selector), it did not, and each
/// call copied each argument again. What a call needs beyond it is kept
/// here, and `answer(_:)` applies it: the answer as the fold takes it, a
/// thrown error as ``DispatchError/handlerFailed(selector:service:reason:)``
/// and a main-actor handler's refusal as
/// ``DispatchError/notOnMainActor(selector:service:)``, as the handler's
/// ``SelectorHandler`` answers them, so both paths fold the same answers.
///
/// `@unchecked Sendable`: handlers are not `Sendable` by design (see
/// ``SelectorHandler``); a call is immutable, and its closure is called on
/// the dispatching thread.
@usableFromInline
final class TypedCall: @unchecked Sendable {
  /// The identity of the tuple of the closure's parameter types.
  @usableFromInline let signature: ObjectIdentifier
  /// The closure's parameter types, in order: what a vocabulary's argument
  /// checks are compared with when a snapshot is built.
  let parameterTypes: [Any.Type]
  /// The closure, given a pointer to a tuple of its parameter types: its
  /// answer, `nil` for `Void`; it throws what the service's closure threw,
  /// or `OffMainActor`.
  @usableFromInline let body: (UnsafeRawPointer) throws -> Any?
  /// Whether the answer is an `Optional`, which the fold takes unwrapped.
  @usableFromInline let unwrapsOptional: Bool
  /// The selector, for the errors.
  let selector: String

  /// A call whose closure reads its arguments as a `tuple`.
  @usableFromInline
  init(
    _ tuple: Any.Type, parameterTypes: [Any.Type], answer: Any.Type, selector: String,
    body: @escaping (UnsafeRawPointer) throws -> Any?
  ) {
    self.signature = ObjectIdentifier(tuple)
    self.parameterTypes = parameterTypes
    self.unwrapsOptional = TypedHandler.isOptional(answer)
    self.selector = selector
    self.body = body
  }

  /// What the handler answers to the arguments `arguments` points to, as
  /// the fold takes it.
  @inlinable @inline(__always)
  func answer(_ arguments: UnsafeRawPointer) -> Any? {
    do {
      let answer = try body(arguments)
      return unwrapsOptional ? TypedHandler.unwrapped(answer) : answer
    } catch {
      return failure(error)
    }
  }

  /// What the handler answers when its closure throws `error`.
  @usableFromInline
  func failure(_ error: any Error) -> DispatchError {
    error is OffMainActor
      ? .notOnMainActor(selector: selector, service: nil) : TypedHandler.failed(error, selector)
  }
}

/// What a main-actor handler's typed closure throws when it is called off
/// the main actor.
@usableFromInline
struct OffMainActor: Error {
  @usableFromInline init() {}
}

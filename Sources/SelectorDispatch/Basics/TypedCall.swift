/// A typed handler's closure kept with its parameter types, beside the
/// ``SelectorHandler`` that every untyped path calls: a typed dispatch whose
/// arguments have exactly these types calls it with no `[Any]` and no cast.
///
/// A call is a `TypedBody<(repeat each Argument)>`, whose closure takes the
/// arguments as one tuple, so the dynamic class of a call is the identity
/// of its signature: two handlers share it when their closures take the
/// same types, and a typed dispatch names it by the types of its arguments
/// (see `Dispatcher+Typed.swift`). (A tuple, because a function type whose
/// parameters are a pack cannot be a generic argument.)
/// The closure answers as its ``SelectorHandler`` does (`nil` for `Void`,
/// a thrown error as ``DispatchError/handlerFailed(selector:service:reason:)``,
/// a main-actor handler's check), so both paths fold the same answers.
///
/// `@unchecked Sendable`: handlers are not `Sendable` by design (see
/// ``SelectorHandler``); a call is immutable, and its closure is called on
/// the dispatching thread.
@usableFromInline
class TypedCall: @unchecked Sendable {
  /// The closure's parameter types, in order: what a vocabulary's argument
  /// checks are compared with when a snapshot is built.
  let parameterTypes: [Any.Type]

  @usableFromInline
  init(parameterTypes: [Any.Type]) {
    self.parameterTypes = parameterTypes
  }

  /// The identity of the call's signature: its dynamic class.
  final var signature: ObjectIdentifier { ObjectIdentifier(type(of: self)) }
}

/// A ``TypedCall`` of one signature: `Arguments` is the tuple of the
/// closure's parameter types, `(repeat each Argument)`.
@usableFromInline
final class TypedBody<Arguments>: TypedCall, @unchecked Sendable {
  /// The closure.
  @usableFromInline let body: (Arguments) -> Any?

  @usableFromInline
  init(_ body: @escaping (Arguments) -> Any?, parameterTypes: [Any.Type]) {
    self.body = body
    super.init(parameterTypes: parameterTypes)
  }
}

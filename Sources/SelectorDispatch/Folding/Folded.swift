/// What a fold produced, before it is boxed into `Any?`: a `Bool` fold's
/// answer stays a `Bool`, so the typed entry point can return it without
/// boxing it and casting it back.
@usableFromInline
enum Folded {
  case bool(Bool)
  case value(Any?)

  /// The answer as ``Dispatcher/dispatch(selector:params:fold:)`` returns it.
  @usableFromInline
  var any: Any? {
    switch self {
    case .bool(let bool): bool
    case .value(let value): value
    }
  }
}

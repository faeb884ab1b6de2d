/// How a completion event's handler's value reaches the dispatch: the
/// conversion from the event's value to the one the vocabulary's
/// ``CompletionKind`` takes, and back for the completion a synchronous
/// handler's value is passed to.
///
/// Type-erased, as the events' only generic parameter is their signature;
/// the typed handler casts back to the value type it knows.
struct CompletionCarrier: Sendable {
  /// The dispatched completion as a `(Value) -> Void`, boxed, or `nil`
  /// when it has another type than the event passes.
  let wrap: @Sendable (Any) -> Any?

  /// A handler's value, boxed, as the kind's completion takes it.
  let answer: @Sendable (Any) -> Any?

  /// The type of the completion the event expects, for a refused
  /// argument's message; `nil` for the handler's own `(Value) -> Void`.
  let passedType: String?

  /// The value passed as it is.
  static let unconverted = CompletionCarrier(wrap: { $0 }, answer: { $0 }, passedType: nil)

  private init(
    wrap: @escaping @Sendable (Any) -> Any?, answer: @escaping @Sendable (Any) -> Any?,
    passedType: String?
  ) {
    self.wrap = wrap
    self.answer = answer
    self.passedType = passedType
  }

  /// Converts with `convert` in both directions.
  init<Value, Passed>(_ convert: @escaping @Sendable (Value) -> Passed) {
    self.init(
      wrap: { passed in
        guard let done = passed as? (Passed) -> Void else { return nil }
        return { (value: Value) in done(convert(value)) } as (Value) -> Void
      },
      answer: { value in (value as? Value).map(convert) },
      passedType: "(\(Passed.self)) -> Void")
  }

  /// The dispatched completion as the handler's `(Value) -> Void`.
  func completion<Value>(from passed: Any, as _: Value.Type) -> ((Value) -> Void)? {
    let converted = wrap(passed)
    if let done = converted as? (Value) -> Void { return done }
    // A `Void` completion is passed as `() -> Void`, which no cast makes a
    // function of one `()` argument.
    guard Value.self == Void.self, let done = converted as? () -> Void else { return nil }
    return { _ in done() }
  }

  /// What the completion's type must be, for a refused argument's message.
  func expectedType<Value>(for _: Value.Type) -> String {
    passedType ?? (Value.self == Void.self ? "() -> Void" : "(\(Value.self)) -> Void")
  }
}

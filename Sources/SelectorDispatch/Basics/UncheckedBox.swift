/// Carries a value the compiler cannot prove `Sendable` into a `@Sendable`
/// closure; see the callers for why that is safe.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
}

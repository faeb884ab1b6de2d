extension TypedHandler {
  /// Makes a typed handler from an `async` closure: what the `async`
  /// `on(_:_:)` returns, which says how it is called. One per parameter
  /// count, zero to five, as Swift 6.3 crashes on the parameter-pack form.
  ///
  /// - Parameters:
  ///   - selector: The selector; the closure takes one parameter per `:`,
  ///     or one fewer when the last is the selector's completion handler
  ///     (checked when it is registered, against the declared vocabulary).
  ///   - body: The handler, with annotated parameter types.
  package init<Answer>(
    _ selector: String, _ body: nonisolated(nonsending) @escaping () async throws -> Answer
  ) {
    self.init(selector, parameterCount: 0) { _ in try await body() }
  }

  /// Makes a typed handler from an `async` closure of 1 parameter; see
  /// the zero-parameter `async` initializer.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - body: The handler, with annotated parameter types.
  package init<First, Answer>(
    _ selector: String,
    _ body: nonisolated(nonsending) @escaping (First) async throws -> Answer
  ) {
    self.init(selector, parameterCount: 1) { params in
      try await body(try Self.cast(params, 0, First.self, selector))
    }
  }

  /// Makes a typed handler from an `async` closure of 2 parameters; see
  /// the zero-parameter `async` initializer.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - body: The handler, with annotated parameter types.
  package init<First, Second, Answer>(
    _ selector: String,
    _ body: nonisolated(nonsending) @escaping (First, Second) async throws -> Answer
  ) {
    self.init(selector, parameterCount: 2) { params in
      try await body(
        try Self.cast(params, 0, First.self, selector),
        try Self.cast(params, 1, Second.self, selector))
    }
  }

  /// Makes a typed handler from an `async` closure of 3 parameters; see
  /// the zero-parameter `async` initializer.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - body: The handler, with annotated parameter types.
  package init<First, Second, Third, Answer>(
    _ selector: String,
    _ body: nonisolated(nonsending) @escaping (First, Second, Third) async throws -> Answer
  ) {
    self.init(selector, parameterCount: 3) { params in
      try await body(
        try Self.cast(params, 0, First.self, selector),
        try Self.cast(params, 1, Second.self, selector),
        try Self.cast(params, 2, Third.self, selector))
    }
  }

  /// Makes a typed handler from an `async` closure of 4 parameters; see
  /// the zero-parameter `async` initializer.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - body: The handler, with annotated parameter types.
  package init<First, Second, Third, Fourth, Answer>(
    _ selector: String,
    _ body: nonisolated(nonsending) @escaping (First, Second, Third, Fourth) async throws -> Answer
  ) {
    self.init(selector, parameterCount: 4) { params in
      try await body(
        try Self.cast(params, 0, First.self, selector),
        try Self.cast(params, 1, Second.self, selector),
        try Self.cast(params, 2, Third.self, selector),
        try Self.cast(params, 3, Fourth.self, selector))
    }
  }

  /// Makes a typed handler from an `async` closure of 5 parameters; see
  /// the zero-parameter `async` initializer.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - body: The handler, with annotated parameter types.
  package init<First, Second, Third, Fourth, Fifth, Answer>(
    _ selector: String,
    _ body:
      nonisolated(nonsending) @escaping (First, Second, Third, Fourth, Fifth) async throws -> Answer
  ) {
    self.init(selector, parameterCount: 5) { params in
      try await body(
        try Self.cast(params, 0, First.self, selector),
        try Self.cast(params, 1, Second.self, selector),
        try Self.cast(params, 2, Third.self, selector),
        try Self.cast(params, 3, Fourth.self, selector),
        try Self.cast(params, 4, Fifth.self, selector))
    }
  }

  /// The handler shared by every parameter count: checks the count, then
  /// calls `call`, which casts and runs the closure.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - parameterCount: The number of parameters the closure takes.
  ///   - leftOut: How many of the selector's parameters the closure may
  ///     leave out: `0...1` by default, the completion of a completion
  ///     selector or nothing; `1...1` for a completion event's closure.
  ///   - call: Casts the parameters and runs the closure.
  init<Answer>(
    _ selector: String, parameterCount: Int, leftOut: ClosedRange<Int> = 0...1,
    _ call: nonisolated(nonsending) @escaping ([Any]) async throws -> Answer
  ) {
    self.init(
      selector: selector, parameterCount: parameterCount, leftOut: leftOut,
      handler: { _ in DispatchError.asyncHandlerNeedsAwait(selector: selector, service: nil) },
      asyncHandler: { params in
        guard params.count == parameterCount else {
          return DispatchError.arityMismatch(
            selector: selector, expected: parameterCount, actual: params.count)
        }
        do {
          return Self.folded(try await call(params))
        } catch let mismatch as CastFailure {
          return mismatch.error
        } catch {
          return Self.failed(error, selector)
        }
      })
  }

  /// A parameter that did not cast, told apart from what the closure throws.
  struct CastFailure: Error {
    let error: DispatchError
  }

  /// Casts one parameter inside `call`, where a refusal must be told apart
  /// from what the closure throws.
  static func cast<Value>(
    _ params: [Any], _ index: Int, _: Value.Type, _ selector: String
  ) throws -> Value {
    var index = index
    do {
      return try argument(params, &index, selector, as: Value.self)
    } catch {
      throw CastFailure(error: error)
    }
  }
}

extension Dispatcher {
  /// Dispatches an event with its arguments written out, and returns the
  /// folded answer as `Result`.
  ///
  /// ```swift
  /// let launch = try SelectorKey("application:didFinishLaunchingWithOptions:")
  /// let launched = try dispatcher.dispatch(launch, with: app, options, as: Bool.self)
  /// ```
  ///
  /// The selector's declared fold combines the answers, or ``Fold/collect``
  /// when none is declared (ask for `[Any?].self`).
  ///
  /// The fast path. When every handler of the selector is a typed handler
  /// (``TypedHandler``, or `on(...)` in a ``DispatchService``) whose closure
  /// takes exactly the types of `arguments`, in order, each is called with
  /// the arguments themselves: no `[Any]`, no cast, and no run-time check
  /// of a vocabulary's argument types that these types pass by themselves
  /// (a `String` for ``ArgumentType/string``, a dictionary or `nil` for
  /// `ArgumentType.dictionary.orNil`). The handlers run in the same order
  /// and their answers fold by the same rules as on any other path. Pass
  /// the types the handlers declare: an argument of another static type
  /// (a `[String: Any]` where the closure takes `[String: Any]?`) is
  /// still accepted, through the `[Any]` path below.
  ///
  /// Otherwise the handlers receive `[Any]` and a vocabulary's argument
  /// checks apply, as for ``dispatch(_:params:fold:)``. Unless the fold is
  /// ``Fold/collect`` or a custom fold, or the selector takes a completion
  /// handler, a dispatch makes no heap allocation of its own on either
  /// path: the parameters go into a buffer the thread reuses (a handler
  /// that keeps its `params` keeps a copy), and a `Bool` fold's answer is
  /// returned without being boxed. An argument larger than three words,
  /// such as a large struct, is boxed when it becomes an `Any`; classes,
  /// strings, arrays and dictionaries are not.
  ///
  /// - Parameters:
  ///   - key: The selector.
  ///   - arguments: One argument per `:` in the selector.
  ///   - type: The type of the folded answer, such as `Bool.self`.
  /// - Returns: The folded answer, or `nil` when the fold's answer is `nil`
  ///   (such as ``Fold/firstNonNil`` when no service answered).
  /// - Throws: ``DispatchError`` when the selector is unknown, the number or
  ///   types of the arguments are wrong (before any handler runs), an answer
  ///   does not fit the fold (after the handlers ran), or the folded answer
  ///   is not a `Result`:
  ///   ``DispatchError/resultTypeMismatch(selector:service:expected:actual:)``
  ///   with `service` `nil`: the folded answer is no one service's.
  @inlinable @inline(__always)
  public func dispatch<each Argument, Result>(
    _ key: SelectorKey, with arguments: repeat each Argument, as type: Result.Type
  ) throws -> Result? {
    try withUnsafePointer(to: (repeat each arguments)) { tuple in
      try Self.cast(
        run(
          key, signature: ObjectIdentifier((repeat each Argument).self),
          count: TypedHandler.count(repeat (each Argument).self),
          arguments: UnsafeRawPointer(tuple),
          params: { params in repeat params.append(each tuple.pointee) }),
        as: Result.self, selector: key.description)
    }
  }

  /// Dispatches an event by its selector's text with its arguments written
  /// out, and returns the folded answer as `Result`.
  ///
  /// ```swift
  /// let launched = try dispatcher.dispatch(
  ///   selector: "application:didFinishLaunchingWithOptions:", with: app, options,
  ///   as: Bool.self)
  /// ```
  ///
  /// The same as ``dispatch(_:with:as:)`` after a look-up of the text.
  ///
  /// - Parameters:
  ///   - selector: The selector, such as `application:openURL:options:`.
  ///   - arguments: One argument per `:` in the selector.
  ///   - type: The type of the folded answer, such as `Bool.self`.
  /// - Returns: The folded answer, or `nil` when the fold's answer is `nil`.
  /// - Throws: ``DispatchError`` when the selector is malformed or unknown,
  ///   the number or types of the arguments are wrong (before any handler
  ///   runs), an answer does not fit the fold (after the handlers ran), or
  ///   the folded answer is not a `Result`.
  @inlinable @inline(__always)
  public func dispatch<each Argument, Result>(
    selector: String, with arguments: repeat each Argument, as type: Result.Type
  ) throws -> Result? {
    try withUnsafePointer(to: (repeat each arguments)) { tuple in
      try Self.cast(
        run(
          selector, signature: ObjectIdentifier((repeat each Argument).self),
          count: TypedHandler.count(repeat (each Argument).self),
          arguments: UnsafeRawPointer(tuple),
          params: { params in repeat params.append(each tuple.pointee) }),
        as: Result.self, selector: selector)
    }
  }

  /// Runs a typed dispatch of `key`'s handlers, with its declared fold:
  /// the folded answer, for the arguments of a typed dispatch.
  ///
  /// When the snapshot's handlers all have typed calls of the dispatch's
  /// `signature` (the identity of `(repeat each Argument)`, the tuple of
  /// its arguments' types) and the dispatch has `count` arguments, one per
  /// `:` (a tuple of one element is that element's type: a single tuple
  /// argument has the signature of its elements), each is called with
  /// `arguments`, a pointer to that tuple, and no `[Any]` is made.
  /// Otherwise `fill` appends the arguments to the thread's reusable
  /// `[Any]` (see `ParamsBuffer`), and the dispatch runs as any other.
  @usableFromInline
  func run(
    _ key: SelectorKey, signature: ObjectIdentifier, count: Int, arguments: UnsafeRawPointer,
    params fill: (inout [Any]) -> Void
  ) throws(DispatchError) -> Folded {
    try reading(beginReading(key), orThrow: unrecognized(key.description)) {
      (snapshot) throws(DispatchError) in
      try run(snapshot, signature: signature, count: count, arguments: arguments, params: fill)
    }
  }

  /// The same as the `run(_:signature:count:arguments:params:)` above, for a
  /// selector's text.
  @usableFromInline
  func run(
    _ selector: String, signature: ObjectIdentifier, count: Int, arguments: UnsafeRawPointer,
    params fill: (inout [Any]) -> Void
  ) throws(DispatchError) -> Folded {
    try reading(beginReading(selector), orThrow: notFound(selector)) {
      (snapshot) throws(DispatchError) in
      try run(snapshot, signature: signature, count: count, arguments: arguments, params: fill)
    }
  }

  /// Runs a typed dispatch of `snapshot`: through its typed calls when
  /// their signature is the dispatch's, else through `[Any]`.
  @inline(__always)
  private func run(
    _ snapshot: Snapshot, signature: ObjectIdentifier, count: Int,
    arguments: UnsafeRawPointer, params fill: (inout [Any]) -> Void
  ) throws(DispatchError) -> Folded {
    guard snapshot.typedSignature == signature, count == snapshot.arity else {
      let params = ParamsBuffer.take()
      fill(&params.pointee)
      return try withParams(params) { (array) throws(DispatchError) in
        try run(snapshot, params: array, fold: nil)
      }
    }
    let calls = snapshot.typedCalls
    switch try prepareTyped(snapshot) {
    case .bool(let boolFold, let depth):
      let outer = Nesting.enter(depth)
      defer { Nesting.leave(to: outer) }
      return .bool(try boolFold.apply(to: snapshot) { calls[$0].answer(arguments) })
    case .general(let fold, let depth):
      let outer = Nesting.enter(depth)
      defer { Nesting.leave(to: outer) }
      return try fold.apply(to: snapshot, environment: environment) { calls[$0].answer(arguments) }
    }
  }

  /// Runs `body` with the array in `params`, which is moved out of the
  /// buffer for the handlers and back after them, never copied: a copy
  /// would cost a retain and a release.
  @inline(__always)
  private func withParams(
    _ params: UnsafeMutablePointer<[Any]>, _ body: ([Any]) throws(DispatchError) -> Folded
  ) throws(DispatchError) -> Folded {
    let array = params.move()
    let folded: Folded
    do {
      folded = try body(array)
    } catch {
      ParamsBuffer.giveBack(params, emptying: array)
      throw error
    }
    ParamsBuffer.giveBack(params, emptying: array)
    return folded
  }

  /// `folded` as a `Result`: a `Bool` without a cast when `Result` is
  /// `Bool`, anything else with one.
  @inlinable @inline(__always)
  static func cast<Result>(
    _ folded: consuming Folded, as type: Result.Type, selector: borrowing String
  ) throws(DispatchError) -> Result? {
    switch consume folded {
    case .bool(let bool):
      if Result.self == Bool.self { return unsafeBitCast(bool, to: Result.self) }
      if let result = bool as? Result { return result }
      throw resultTypeMismatch(copy selector, expected: Result.self, actual: bool)
    case .value(let value):
      guard let value else { return nil }
      if let result = value as? Result { return result }
      throw resultTypeMismatch(copy selector, expected: Result.self, actual: value)
    }
  }

  /// The error for a folded answer that is not what the caller asked for.
  @usableFromInline
  static func resultTypeMismatch(_ selector: String, expected: Any.Type, actual: Any)
    -> DispatchError
  {
    .resultTypeMismatch(
      selector: selector, service: nil, expected: String(describing: expected),
      actual: String(describing: type(of: actual)))
  }
}

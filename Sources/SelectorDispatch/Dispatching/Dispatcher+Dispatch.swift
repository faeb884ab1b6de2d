extension Dispatcher {
  /// Dispatches an event: calls every handler of the selector, in order, and
  /// folds their answers.
  ///
  /// ```swift
  /// let opened = try dispatcher.dispatch(
  ///   selector: "application:openURL:options:", params: [application, url, options])
  /// ```
  ///
  /// - Parameters:
  ///   - selector: The selector, such as `application:openURL:options:`.
  ///   - params: One parameter per `:` in the selector.
  ///   - fold: How to combine the answers; `nil` (the default) means the
  ///     selector's declared fold, or ``Fold/collect`` when it was not
  ///     declared. A fold given here overrides the declared one.
  /// - Returns: The folded answer; see ``Fold``.
  /// - Throws: ``DispatchError`` when the selector is malformed or unknown,
  ///   the parameter count is wrong (before any handler runs), or an answer
  ///   does not fit the fold (after the handlers ran).
  public func dispatch(selector: String, params: [Any], fold: Fold? = nil) throws
    -> Any?
  {
    // Switching over the returned value consumes it; `.any` would copy it
    // and destroy it.
    switch try run(selector, params: params, fold: fold) {
    case .bool(let bool): bool
    case .value(let value): value
    }
  }

  /// Dispatches an event through a pre-resolved key.
  ///
  /// The fastest path for `[Any]` parameters: the key was validated when it
  /// was made, and is found by index instead of by hashing its text.
  ///
  /// - Parameters:
  ///   - key: The selector.
  ///   - params: One parameter per `:` in the selector.
  ///   - fold: How to combine the answers; `nil` (the default) means the
  ///     selector's declared fold, or ``Fold/collect`` when it was not
  ///     declared. A fold given here overrides the declared one.
  /// - Returns: The folded answer; see ``Fold``.
  /// - Throws: ``DispatchError`` when the selector is unknown, the parameter
  ///   count is wrong (before any handler runs), or an answer does not fit
  ///   the fold (after the handlers ran).
  public func dispatch(_ key: SelectorKey, params: [Any], fold: Fold? = nil) throws
    -> Any?
  {
    // Switching over the returned value consumes it; `.any` would copy it
    // and destroy it.
    switch try run(key, params: params, fold: fold) {
    case .bool(let bool): bool
    case .value(let value): value
    }
  }

  /// The snapshot of `selector`.
  ///
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``
  ///   or ``DispatchError/unrecognizedSelector(selector:suggestion:)``.
  func lookUp(_ selector: String) throws(DispatchError) -> Snapshot {
    guard let snapshot = snapshot(of: selector) else { throw notFound(selector) }
    return snapshot
  }

  /// The error for `selector`, which is not known here:
  /// ``DispatchError/malformedSelector(selector:offset:reason:)`` or
  /// ``DispatchError/unrecognizedSelector(selector:suggestion:)``.
  func notFound(_ selector: String) -> DispatchError {
    do {
      _ = try SelectorKey.validate(selector)
    } catch {
      return error
    }
    return unrecognized(selector)
  }

  /// The snapshot of `key`.
  ///
  /// - Throws: ``DispatchError/unrecognizedSelector(selector:suggestion:)``.
  func lookUp(_ key: SelectorKey) throws(DispatchError) -> Snapshot {
    guard let snapshot = snapshot(of: key) else { throw unrecognized(key.description) }
    return snapshot
  }

  /// Checks the arity, the nesting depth and the vocabulary's argument
  /// types, then calls the handlers and folds their answers: what every
  /// dispatch does once it has found the selector. Errors name the
  /// selector by the snapshot's text, which is passed on only when needed.
  ///
  /// Inlined into each entry point: the common dispatch, a `Bool` fold of
  /// plain handlers, goes from the look-up straight to the tally, and every
  /// other one takes `runAnyRoad(_:params:fold:)`.
  @inline(__always)
  func run(_ snapshot: Snapshot, params: [Any], fold: Fold?) throws(DispatchError) -> Folded {
    guard params.count == snapshot.arity, let tally = snapshot.tally(for: fold) else {
      return try runAnyRoad(snapshot, params: params, fold: fold)
    }
    let outer = try Nesting.enter(snapshot.selector, environment: environment)
    defer { Nesting.leave(to: outer) }
    return .bool(try Fold.fold(tally, snapshot, params: params))
  }

  /// `run(_:params:fold:)` for any selector and fold.
  @inline(never)
  func runAnyRoad(_ snapshot: Snapshot, params: [Any], fold: Fold?) throws(DispatchError)
    -> Folded
  {
    guard params.count == snapshot.arity else {
      throw arityMismatch(snapshot, count: params.count, awaited: false)
    }
    let outer = try Nesting.enter(snapshot.selector, environment: environment)
    defer { Nesting.leave(to: outer) }
    if snapshot.hasAsyncHandlers {
      return .value(
        try runBridging(snapshot, selector: snapshot.selector, params: params, fold: fold))
    }
    if let contract = snapshot.contract {
      return try run(contract, snapshot, selector: snapshot.selector, params: params, fold: fold)
    }
    let fold = fold ?? snapshot.declaredFold ?? .collect
    return try fold.fold(
      snapshot, params: params, selector: snapshot.selector, environment: environment)
  }

  /// The error for `count` parameters, which the dispatch's form does not
  /// take. For a selector with a completion handler the synchronous form
  /// takes one per ':', the completion included, and the awaited form
  /// (`awaited`) takes one fewer; a synchronous dispatch given the awaited
  /// form's count says so.
  func arityMismatch(_ snapshot: Snapshot, count: Int, awaited: Bool) -> DispatchError {
    let selector = snapshot.selector
    guard snapshot.contract?.completion != nil else {
      return .arityMismatch(selector: selector, expected: snapshot.arity, actual: count)
    }
    if awaited {
      return .awaitedArityMismatch(selector: selector, expected: snapshot.arity - 1, actual: count)
    }
    if count == snapshot.arity - 1 {
      return .completionHandlerMissing(selector: selector, expected: snapshot.arity)
    }
    return .arityMismatch(selector: selector, expected: snapshot.arity, actual: count)
  }

  /// The error for a selector nobody knows, with a "did you mean" among
  /// the known selectors of a length that can be suggested (see
  /// `Suggestion`): O(*n*) under the lock, bounded work after it.
  func unrecognized(_ selector: String) -> DispatchError {
    guard let lengths = Suggestion.candidateLengths(for: selector) else {
      return .unrecognizedSelector(selector: selector, suggestion: nil)
    }
    let known = state.withLock { $0.knownSelectors(ofLengths: lengths) }
    return .unrecognizedSelector(
      selector: selector, suggestion: Suggestion.nearest(to: selector, among: known))
  }

  /// Checks the arguments, then dispatches, joining completions if the
  /// selector has one.
  func run(
    _ contract: Contract, _ snapshot: Snapshot, selector: String, params: [Any], fold: Fold?
  ) throws(DispatchError) -> Folded {
    try contract.check(params, selector: selector)
    let fold = fold ?? snapshot.declaredFold ?? .collect
    if let completion = contract.completion {
      return .value(
        try runJoiningCompletions(
          completion, snapshot, selector: selector, params: params, fold: fold))
    }
    return try fold.fold(snapshot, params: params, selector: selector, environment: environment)
  }

  /// Checks that the dispatcher knows a selector (some service handles it,
  /// or it is declared), as a dispatch would before anything else: for a
  /// host that checks an event's selector before its arguments.
  ///
  /// - Throws: What a dispatch of an unknown selector throws:
  ///   ``DispatchError/malformedSelector(selector:offset:reason:)`` or
  ///   ``DispatchError/unrecognizedSelector(selector:suggestion:)``.
  package func recognize(_ selector: String) throws(DispatchError) {
    guard snapshot(of: selector) == nil else { return }
    throw notFound(selector)
  }
}

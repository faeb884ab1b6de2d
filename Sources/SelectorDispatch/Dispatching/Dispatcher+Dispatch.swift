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

  /// Prepares the dispatch (see `prepare(_:params:fold:form:)`), then
  /// calls the handlers and folds their answers: what every synchronous
  /// dispatch does once it has found the selector.
  ///
  /// Inlined into each entry point: the common dispatch, a `Bool` fold of
  /// plain handlers, goes from the look-up straight to the `Bool` loop, and every
  /// other one takes `run(_:params:folding:at:)`.
  @inline(__always)
  func run(_ snapshot: Snapshot, params: [Any], fold: Fold?) throws(DispatchError) -> Folded {
    switch try prepare(snapshot, params: params, fold: fold, form: .synchronous) {
    case .bool(let boolFold, let depth):
      let outer = Nesting.enter(depth)
      defer { Nesting.leave(to: outer) }
      return .bool(try boolFold.apply(to: snapshot, params: params))
    case .general(let fold, let depth):
      return try run(snapshot, params: params, folding: fold, at: depth)
    }
  }

  /// Calls the handlers of a prepared synchronous dispatch at `depth` and
  /// folds their answers with `fold`, joining completions if the selector
  /// has one.
  @inline(never)
  private func run(_ snapshot: Snapshot, params: [Any], folding fold: Fold, at depth: Int)
    throws(DispatchError) -> Folded
  {
    let outer = Nesting.enter(depth)
    defer { Nesting.leave(to: outer) }
    if let completion = snapshot.contract?.completion {
      return try runJoiningCompletions(completion, snapshot, params: params, fold: fold)
    }
    return try fold.apply(to: snapshot, params: params, environment: environment)
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

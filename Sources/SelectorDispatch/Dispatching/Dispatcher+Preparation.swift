extension Dispatcher {
  /// How a dispatch takes its parameters.
  enum Form {
    /// One per `:` in the selector, the completion included: every
    /// synchronous dispatch (by text, by key, typed, the UIKit adapter's),
    /// and a synchronous dispatch whose async handlers run on the bridge.
    case synchronous
    /// One per `:`, less the completion when the selector has one:
    /// `answer(to:params:fold:)`.
    case awaited
  }

  /// What a dispatch does once `prepare(_:params:fold:form:)` has checked
  /// it.
  enum Preparation {
    /// Plain handlers (no async handler, no contract) and a `Bool` fold,
    /// called synchronously at `depth`: the `Bool` loop, nothing else to do.
    case bool(BoolFold, depth: Int)
    /// Any other dispatch: its handlers, folded by `fold`, at `depth`.
    case general(Fold, depth: Int)

    /// The fold and the depth, whichever the case.
    var folding: (fold: Fold, depth: Int) {
      switch self {
      case .bool(let boolFold, let depth): (boolFold.fold, depth)
      case .general(let fold, let depth): (fold, depth)
      }
    }
  }

  /// The one preparation of every dispatch, once it has found its
  /// selector and before any handler runs: the parameter count for the
  /// dispatch's form, the vocabulary's argument types, whether a
  /// synchronous dispatch can reach the async handlers, the nesting depth,
  /// and the fold (the caller's, else the declared one, else
  /// ``Fold/collect``).
  ///
  /// Inlined into each entry point. A synchronous dispatch of plain
  /// handlers whose fold is a `Bool` one has nothing to check but the
  /// count and the depth, and takes its `BoolFold` from the snapshot without
  /// copying a `Fold`; every other dispatch takes `prepareAny`.
  ///
  /// - Throws: ``DispatchError`` for a wrong count or argument type, a
  ///   synchronous dispatch of async handlers without a completion, or a
  ///   chain nested too deep; nothing has run then.
  @inline(__always)
  func prepare(_ snapshot: Snapshot, params: [Any], fold: Fold?, form: Form)
    throws(DispatchError) -> Preparation
  {
    if form == .synchronous, params.count == snapshot.arity,
      let boolFold = snapshot.boolFold(for: fold)
    {
      return .bool(boolFold, depth: try Nesting.next(snapshot.selector, environment: environment))
    }
    return try prepareAny(snapshot, params: params, fold: fold, form: form)
  }

  /// The preparation of a typed dispatch whose argument types are the
  /// snapshot's `typedSignature` and whose count is its arity: only the
  /// nesting depth and the declared fold. The vocabulary's argument types
  /// hold by the signature, and a snapshot has one only when no handler is
  /// async and the selector has no completion (see
  /// `Snapshot.typedSignature`).
  @inline(__always)
  func prepareTyped(_ snapshot: Snapshot) throws(DispatchError) -> Preparation {
    let depth = try Nesting.next(snapshot.selector, environment: environment)
    if let boolFold = snapshot.typedBoolFold { return .bool(boolFold, depth: depth) }
    return .general(Self.resolvedFold(nil, declared: snapshot.declaredFold), depth: depth)
  }

  /// `prepare(_:params:fold:form:)` for any dispatch.
  @inline(never)
  private func prepareAny(_ snapshot: Snapshot, params: [Any], fold: Fold?, form: Form)
    throws(DispatchError) -> Preparation
  {
    let completion = snapshot.contract?.completion
    let awaited = form == .awaited
    let expected = awaited && completion != nil ? snapshot.arity - 1 : snapshot.arity
    guard params.count == expected else {
      throw arityMismatch(snapshot, count: params.count, awaited: awaited)
    }
    try snapshot.contract?.check(params, selector: snapshot.selector)
    if !awaited, snapshot.hasAsyncHandlers, completion == nil {
      // Nothing could carry the async answers past the return.
      let first = snapshot.registrations.first { $0.asyncHandler != nil }
      throw .asyncHandlerNeedsAwait(selector: snapshot.selector, service: first?.service)
    }
    let depth = try Nesting.next(snapshot.selector, environment: environment)
    return .general(Self.resolvedFold(fold, declared: snapshot.declaredFold), depth: depth)
  }

  /// The fold of a dispatch: the caller's, else the declared one, else
  /// ``Fold/collect``. The one place where the default is written.
  private static func resolvedFold(_ given: Fold?, declared: Fold?) -> Fold {
    given ?? declared ?? .collect
  }

  /// The fold a dispatch of `selector` uses when its caller names none:
  /// for the test kit's traces, which report it.
  package func fold(of selector: String) -> Fold {
    Self.resolvedFold(nil, declared: snapshot(of: selector)?.declaredFold)
  }

  /// The error for `count` parameters, which the dispatch's form does not
  /// take. For a selector with a completion handler the synchronous form
  /// takes one per ':', the completion included, and the awaited form
  /// (`awaited`) takes one fewer; a synchronous dispatch given the awaited
  /// form's count says so.
  private func arityMismatch(_ snapshot: Snapshot, count: Int, awaited: Bool) -> DispatchError {
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
}

extension Fold {
  /// Calls the handlers this fold asks, in order, and combines their
  /// answers.
  ///
  /// Every loop calls a handler before it looks at what has been folded so
  /// far: there is no `result || call()` here. An answer that is itself a
  /// ``DispatchError`` (a typed handler whose arguments did not cast, or a
  /// throwing handler that threw) counts as no opinion; like an answer of the
  /// wrong type it is thrown after every handler the fold calls has run.
  ///
  /// `environment` receives what the fold notices beyond the answer: an
  /// empty ``nonEmptyIntersection``.
  func apply(
    _ list: HandlerList, params: [Any], selector: String,
    environment: DispatchEnvironment
  ) throws(DispatchError) -> Any? {
    try fold(list, params: params, selector: selector, environment: environment).any
  }

  /// `apply(_:params:selector:environment:)` with a `Bool` fold's answer
  /// left unboxed.
  func fold(
    _ list: HandlerList, params: [Any], selector: String,
    environment: DispatchEnvironment
  ) throws(DispatchError) -> Folded {
    let handlers = list.handlers
    var outcome = Outcome()

    let result: Any?
    switch self {
    case .any, .all, .firstTrue:
      return .bool(
        try Self.fold(tally.unsafelyUnwrapped, list, params: params))
    case .firstNonNil:
      var first: Any?
      for index in handlers.indices {
        first = outcome.meaningful(handlers[index](params), index, list)
        if first != nil { break }
      }
      result = first
    case .last:
      var last: Any?
      for index in handlers.indices {
        let answer = outcome.meaningful(handlers[index](params), index, list)
        if let answer { last = answer }
      }
      result = last
    case .broadcast:
      AnswerSlot.withSlot { slot in
        for index in handlers.indices {
          slot.initialize(to: handlers[index](params))
          // Answers are ignored; only a failure needs a closer look.
          if !AnswerSlot.isTrivial(slot) { _ = outcome.meaningful(slot.move(), index, list) }
        }
      }
      result = nil
    case .collect, .named:
      var answers: [Any?] = []
      answers.reserveCapacity(handlers.count)
      for index in handlers.indices {
        let answer = handlers[index](params)
        _ = outcome.meaningful(answer, index, list)
        answers.append(answer)
      }
      if let failure = outcome.failure { throw failure }
      if case .named(let name, let reduce) = self {
        return .value(try Self.reduce(answers, by: reduce, named: name, selector: selector))
      }
      result = answers
    case .intersection, .union:
      var count = 0
      var union = false
      if case .union = self { union = true }
      result = Self.foldMasks(
        list, params: params, selector: selector, union: union, recording: nil,
        count: &count, &outcome)
    case .nonEmptyIntersection:
      // The answers are kept (on the stack for a usual number of services)
      // only to name the services if the intersection is empty.
      result = withUnsafeTemporaryAllocation(
        of: (index: Int, bits: UInt).self, capacity: handlers.count
      ) { answered -> UInt? in
        var count = 0
        let mask = Self.foldMasks(
          list, params: params, selector: selector, union: false, recording: answered,
          count: &count, &outcome)
        guard mask == 0 else { return mask }
        // UIKit raises on an empty orientation mask: no answer instead, and
        // say which services disagree.
        let conflict = answered.prefix(count)
        environment.report(
          .emptyIntersection(
            selector: selector, services: conflict.map { list.service(at: $0.index) },
            masks: conflict.map(\.bits)))
        return nil
      }
    }
    if let failure = outcome.failure { throw failure }
    return .value(result)
  }

  /// The folds whose answer is a `Bool`.
  enum Tally {
    case any, all, firstTrue

    /// The fold this is.
    var fold: Fold {
      switch self {
      case .any: .any
      case .all: .all
      case .firstTrue: .firstTrue
      }
    }
  }

  /// The fold as a `Tally`, or `nil` when its answer is not a `Bool`.
  var tally: Tally? {
    switch self {
    case .any: .any
    case .all: .all
    case .firstTrue: .firstTrue
    default: nil
    }
  }

  /// Calls the handlers of a `Bool` fold and combines their answers: what
  /// `fold(_:params:selector:environment:)` does for a `Bool` fold, and
  /// what a dispatch calls directly when its snapshot says the fold is one
  /// (see `Snapshot.tally(for:)`).
  ///
  /// Inlined into the dispatch's fast road (`Dispatcher.run`): a call of
  /// its own costs a typed dispatch measurably more (BENCHMARKS.md).
  @inline(__always)
  static func fold(_ tally: Tally, _ list: HandlerList, params: [Any])
    throws(DispatchError) -> Bool
  {
    var outcome = Outcome()
    let (sawTrue, sawFalse) = Self.tally(
      list, params: params, stopAtTrue: tally == .firstTrue, &outcome)
    if let failure = outcome.failure { throw failure }
    return tally == .all ? !sawFalse : sawTrue
  }

  /// Calls the handlers of a `Bool` fold and says whether any answered
  /// `true` and whether any answered `false`.
  ///
  /// Inlined into `fold(_:_:params:)`, apart from the other
  /// folds: with only this loop's state around it, the state stays in
  /// registers.
  @inline(__always)
  private static func tally(
    _ list: HandlerList, params: [Any], stopAtTrue: Bool, _ outcome: inout Outcome
  ) -> (sawTrue: Bool, sawFalse: Bool) {
    let handlers = list.handlers
    var sawTrue = false
    var sawFalse = false
    AnswerSlot.withSlot { slot in
      for index in handlers.indices {
        slot.initialize(to: handlers[index](params))
        if let bool = AnswerSlot.peekBool(slot) {
          if bool { sawTrue = true } else { sawFalse = true }
        } else {
          // Inline, not a call: a call that took the slot would let it
          // escape, and the handler could no longer write its answer
          // straight into it.
          let answer = slot.move()
          if let bool = answer as? Bool {
            if bool { sawTrue = true } else { sawFalse = true }
          } else if let other = outcome.meaningful(answer, index, list) {
            outcome.reject(other, index, "Bool or nil", list, list.selector)
          }
        }
        if sawTrue && stopAtTrue { break }
      }
    }
    return (sawTrue, sawFalse)
  }

  /// Calls the handlers of a mask fold and combines the masks they
  /// answered.
  ///
  /// - Parameters:
  ///   - list: The handlers.
  ///   - params: The event's parameters.
  ///   - selector: The selector, for errors.
  ///   - union: OR the masks instead of AND.
  ///   - answered: Where to record each answering handler's index and mask,
  ///     or `nil` not to.
  ///   - count: The number of records written to `answered`.
  ///   - outcome: The dispatch's first failure.
  /// - Returns: The combined mask, or `nil` when no handler answered one.
  private static func foldMasks(
    _ list: HandlerList, params: [Any], selector: String, union: Bool,
    recording answered: UnsafeMutableBufferPointer<(index: Int, bits: UInt)>?, count: inout Int,
    _ outcome: inout Outcome
  ) -> UInt? {
    let handlers = list.handlers
    var folded: UInt?
    for index in handlers.indices {
      let answer = outcome.meaningful(handlers[index](params), index, list)
      guard let answer else { continue }
      guard let bits = mask(answer) else {
        outcome.reject(answer, index, "an unsigned integer mask or nil", list, selector)
        continue
      }
      folded = union ? (folded ?? 0) | bits : (folded ?? ~0) & bits
      if let answered {
        answered[count] = (index, bits)
        count += 1
      }
    }
    return folded
  }

  /// The first failure of a dispatch, kept to be thrown after the fold's
  /// handlers ran.
  ///
  /// A struct with mutating methods rather than local functions capturing a
  /// `var`: captured in the folds' loop closures, such a `var` was checked
  /// for exclusive access at run time (`swift_beginAccess`) on every event.
  /// It holds nothing else, so making one costs no retain, and the error
  /// is boxed: one word to carry around the loops instead of a whole
  /// `DispatchError?`, with an allocation only when a handler fails.
  struct Outcome {
    private final class Box {
      let error: DispatchError
      init(_ error: DispatchError) { self.error = error }
    }

    private var first: Box?

    var failure: DispatchError? { first?.error }

    mutating func fail(_ error: DispatchError) {
      if first == nil { first = Box(error) }
    }

    /// The answer, or `nil` when it is `nil`, `()` or a failure.
    mutating func meaningful(_ answer: Any?, _ index: Int, _ list: HandlerList)
      -> Any?
    {
      guard let answer, !(answer is Void) else { return nil }
      if let error = answer as? DispatchError {
        fail(error.attributed(to: list.service(at: index)))
        return nil
      }
      return answer
    }

    mutating func reject(
      _ answer: Any, _ index: Int, _ expected: String, _ list: HandlerList,
      _ selector: String
    ) {
      fail(
        .resultTypeMismatch(
          selector: selector, service: list.service(at: index), expected: expected,
          actual: String(describing: type(of: answer))))
    }
  }

  /// Reads an option-set mask from a non-negative integer of any width that
  /// fits in `UInt`, or a `RawRepresentable` whose raw value is one.
  static func mask(_ answer: Any) -> UInt? {
    switch answer {
    // The common cases first: one cast each, before the existential ones.
    case let bits as UInt: return bits
    case let bits as Int: return bits >= 0 ? UInt(bits) : nil
    case let raw as any RawRepresentable: return mask(raw.rawValue)
    case let bits as any BinaryInteger: return UInt(exactly: bits)
    default: return nil
    }
  }
}

extension Fold {
  /// A custom fold's answer: what `reduce` returns, or the error it throws
  /// as a ``DispatchError`` (one that already is passes unchanged).
  static func reduce(
    _ answers: [Any?], by reduce: @Sendable ([Any?]) throws -> Any?, named name: String,
    selector: String
  ) throws(DispatchError) -> Any? {
    do {
      return try reduce(answers)
    } catch let error as DispatchError {
      throw error
    } catch {
      throw .customFoldFailed(selector: selector, fold: name, reason: String(describing: error))
    }
  }
}

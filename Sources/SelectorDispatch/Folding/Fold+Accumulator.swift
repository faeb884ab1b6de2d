extension Fold {
  /// A fold taking its answers one at a time: the one definition of every
  /// fold rule, which every dispatch follows. The synchronous loop
  /// (`Fold.callEach`) hands it each answer where the handler wrote it; the
  /// awaited loop hands it each answer as it returns. The `Bool` folds'
  /// rule is `BoolFold`'s, which the synchronous `Bool` loop uses on its
  /// own.
  ///
  /// `nil` and `()` are no opinion; an answer that is a ``DispatchError``
  /// (a typed handler whose arguments did not cast, or a throwing handler
  /// that threw) is no opinion too, and, like an answer of the wrong type,
  /// is thrown by `result(of:environment:)`, after every handler the fold
  /// calls has run. ``firstTrue`` and ``firstNonNil`` settle at their
  /// answer: no further handler is called.
  struct Accumulator {
    private let fold: Fold
    private var outcome = Outcome()
    /// For the `Bool` folds.
    private let boolFold: BoolFold?
    private var seen = BoolFold.Seen()
    /// For ``firstNonNil`` and ``last``.
    private var value: Any?
    /// For the mask folds.
    private var mask: UInt?
    /// For ``collect`` and ``named(_:reduce:)``.
    private var answers: [Any?] = []
    /// For ``nonEmptyIntersection``: who answered which mask, to name them
    /// if the intersection is empty, in room the dispatch provides.
    private let room: UnsafeMutableBufferPointer<Answered>
    private var answered = 0

    /// A handler's index and the mask it answered.
    typealias Answered = (index: Int, bits: UInt)

    /// A fold of the answers of at most `count` handlers.
    ///
    /// - Parameters:
    ///   - fold: The fold.
    ///   - count: How many handlers may answer.
    ///   - room: For ``nonEmptyIntersection``, room for `count` records,
    ///     which the caller provides (on the stack for a synchronous
    ///     dispatch, so that it makes no allocation of its own; see
    ///     `needsRoom`); none for the other folds.
    init(
      _ fold: Fold, handlers count: Int,
      room: UnsafeMutableBufferPointer<Answered> = UnsafeMutableBufferPointer(start: nil, count: 0)
    ) {
      precondition(!fold.needsRoom || room.count >= count, "no room for the answered masks")
      self.fold = fold
      self.room = room
      boolFold = fold.boolFold
      switch fold {
      case .collect, .named: answers.reserveCapacity(count)
      default: break
      }
    }

    /// Takes the answer of the handler at `index` of `list`.
    ///
    /// - Returns: `true` when the fold is settled and no further handler
    ///   may be called.
    mutating func add(_ answer: Any?, at index: Int, of list: HandlerList) -> Bool {
      switch fold {
      case .any, .all, .firstTrue:
        // `boolFold` is set for every `Bool` fold.
        return boolFold.unsafelyUnwrapped.add(
          answer, at: index, of: list, to: &seen, &outcome)
      case .firstNonNil:
        value = outcome.meaningful(answer, index, list)
        return value != nil
      case .last:
        if let answer = outcome.meaningful(answer, index, list) { value = answer }
      case .broadcast:
        _ = outcome.meaningful(answer, index, list)
      case .collect, .named:
        _ = outcome.meaningful(answer, index, list)
        answers.append(answer)
      case .intersection, .union, .nonEmptyIntersection:
        guard let answer = outcome.meaningful(answer, index, list) else { break }
        guard let bits = Fold.mask(answer) else {
          outcome.reject(answer, index, "an unsigned integer mask or nil", list)
          break
        }
        if case .union = fold { mask = (mask ?? 0) | bits } else { mask = (mask ?? ~0) & bits }
        if case .nonEmptyIntersection = fold {
          room[answered] = (index, bits)
          answered += 1
        }
      }
      return false
    }

    /// Takes the answer of the handler at `index` of `list` from `cell`,
    /// where the handler wrote it, leaving the cell uninitialized or holding
    /// a trivial value (see `AnswerCell`).
    ///
    /// - Returns: `true` when the fold is settled.
    @inline(__always)
    mutating func take(_ cell: UnsafeMutablePointer<Any?>, at index: Int, of list: HandlerList)
      -> Bool
    {
      // Answers are ignored: a `Bool` or `()` is left in the cell, with
      // nothing to destroy, and only another answer needs a closer look.
      if case .broadcast = fold, AnswerCell.isTrivial(cell) { return false }
      return add(cell.move(), at: index, of: list)
    }

    /// The folded answer.
    ///
    /// - Parameters:
    ///   - list: The handlers whose answers were taken.
    ///   - environment: Receives what the fold notices beyond the answer:
    ///     an empty ``nonEmptyIntersection``.
    /// - Returns: The answer, as ``Fold`` describes it for the fold.
    /// - Throws: The first failure among the answers, or what a custom
    ///   fold's `reduce` throws.
    func result(of list: HandlerList, environment: DispatchEnvironment) throws(DispatchError)
      -> Any?
    {
      if let failure = outcome.failure { throw failure }
      switch fold {
      case .any, .all, .firstTrue: return boolFold.unsafelyUnwrapped.result(seen)
      case .firstNonNil, .last: return value
      case .broadcast: return nil
      case .collect: return answers
      case .named(let name, let reduce):
        return try Fold.reduce(answers, by: reduce, named: name, selector: list.selector)
      case .intersection, .union: return mask
      case .nonEmptyIntersection:
        guard mask == 0 else { return mask }
        // UIKit raises on an empty orientation mask: no answer instead, and
        // say which services disagree.
        let masks = room.prefix(answered)
        environment.report(
          .emptyIntersection(
            selector: list.selector, services: masks.map { list.service(at: $0.index) },
            masks: masks.map(\.bits)))
        return nil
      }
    }
  }

  /// Room on the heap for an `Accumulator` of this fold, of the handlers
  /// of `list`, for a caller that cannot keep it on the stack: empty
  /// unless the fold `needsRoom`. The caller deallocates it.
  func heapRoom(for list: HandlerList) -> UnsafeMutableBufferPointer<Accumulator.Answered> {
    guard needsRoom else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
    return .allocate(capacity: list.handlers.count)
  }

  /// Whether an `Accumulator` of this fold needs room to record the
  /// answered masks: ``nonEmptyIntersection`` does.
  var needsRoom: Bool {
    if case .nonEmptyIntersection = self { true } else { false }
  }

  /// Reads an option-set mask from a non-negative integer of any width that
  /// fits in `UInt`, or a `RawRepresentable` whose raw value is one, or
  /// whose raw value's raw value is, down to `maskRawValueDepth` levels:
  /// a type whose raw value is itself, or a cycle of such types, is not a
  /// mask, and is rejected instead of read for ever.
  static func mask(_ answer: Any) -> UInt? {
    var answer = answer
    for _ in 0...maskRawValueDepth {
      switch answer {
      // The common cases first: one cast each, before the existential ones.
      case let bits as UInt: return bits
      case let bits as Int: return bits >= 0 ? UInt(bits) : nil
      case let raw as any RawRepresentable: answer = raw.rawValue
      case let bits as any BinaryInteger: return UInt(exactly: bits)
      default: return nil
      }
    }
    return nil
  }

  /// How many raw values deep `mask(_:)` reads: an option set's raw value
  /// is one level, and a wrapper of an option set two.
  static let maskRawValueDepth = 4

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

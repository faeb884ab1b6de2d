/// How a dispatch combines the answers of the services that handle a
/// selector, and which services it asks.
///
/// Handlers run in priority order (higher first, then registration order).
/// `nil` and `()` mean "no opinion". No fold short-circuits except
/// ``firstTrue`` and ``firstNonNil``, whose purpose is to stop.
///
/// | fold | handlers called | result | with no handlers |
/// |---|---|---|---|
/// | ``any`` | all | `true` if any said `true` | `false` |
/// | ``all`` | all | `false` if any said `false` | `true` |
/// | ``firstTrue`` | until one says `true` | whether one did | `false` |
/// | ``firstNonNil`` | until one answers | that answer | `nil` |
/// | ``last`` | all | the last answer | `nil` |
/// | ``collect`` | all | `[Any?]`, one per handler | `[]` |
/// | ``broadcast`` | all | `nil`; answers are ignored | `nil` |
/// | ``intersection`` | all | AND of the answered masks | `nil` |
/// | ``nonEmptyIntersection`` | all | AND of the answered masks, `nil` if empty | `nil` |
/// | ``union`` | all | OR of the answered masks | `nil` |
/// | ``named(_:reduce:)`` | all | `reduce` of the collected answers | `reduce([])` |
///
/// Under the `Bool` folds and the mask folds an answer of another type is a
/// ``DispatchError/resultTypeMismatch(selector:service:expected:actual:)``
/// that names the service; it is thrown after every handler the fold calls
/// has run, so one bad service never keeps the others from the event.
public enum Fold: Sendable, Equatable, CustomStringConvertible {
  /// Calls every handler; `true` if any answered `true`.
  case any
  /// Calls every handler; `false` if any answered `false` (a veto).
  case all
  /// Calls handlers in order until one answers `true` (chain of
  /// responsibility); the rest are not called.
  case firstTrue
  /// Calls handlers in order until one answers a value, and returns it.
  case firstNonNil
  /// Calls every handler and returns the last answer that is not `nil`.
  case last
  /// Calls every handler and returns `[Any?]`, one entry per handler, in
  /// call order. It loses nothing, so it is the fold of undeclared selectors.
  case collect
  /// Calls every handler and ignores the answers: the fold of `Void` events.
  case broadcast
  /// Calls every handler; the bitwise AND of the masks the services answered
  /// (a non-negative integer of any width, such as `UInt`, `Int` or `UInt32`,
  /// or a `RawRepresentable` whose raw value is one, such as an `OptionSet`),
  /// as a `UInt`, or `nil` when none answered.
  case intersection
  /// Calls every handler; the bitwise AND of the answered masks, like
  /// ``intersection``, but never an empty mask: when the masks have no bit
  /// in common the answer is `nil`, so that the host falls back to its
  /// default, and the dispatcher reports
  /// ``Diagnostic/emptyIntersection(selector:services:masks:)`` naming the
  /// services that answered. The fold of supported interface orientations,
  /// as UIKit raises on an empty orientation mask.
  case nonEmptyIntersection
  /// Calls every handler; the bitwise OR of the answered masks, or `nil`
  /// when none answered.
  case union
  // `indirect`: so that a `Fold?` is one word, which a dispatch takes in a
  // register, instead of four words, three of them on the stack.
  /// A fold of your own, known by its name: calls every handler and
  /// reduces the collected answers (`[Any?]`, one per handler, in call
  /// order) with `reduce`.
  ///
  /// The name is the fold's identity, since two closures cannot be
  /// compared: two named folds are equal when their names are, whatever
  /// their reducers, so declaring a selector again with a fold of the same
  /// name does nothing, and the first reducer stays. Give different
  /// reducers different names.
  ///
  /// What `reduce` throws fails the dispatch as
  /// ``DispatchError/customFoldFailed(selector:fold:reason:)`` (a
  /// ``DispatchError`` is passed on as it is).
  ///
  /// ```swift
  /// let sum = Fold.named("sum") { answers in answers.compactMap { $0 as? Int }.reduce(0, +) }
  /// ```
  indirect case named(_ name: String, reduce: @Sendable ([Any?]) throws -> Any?)

  /// The fold's name, such as `all` or `firstTrue`.
  public var description: String {
    switch self {
    case .any: "any"
    case .all: "all"
    case .firstTrue: "firstTrue"
    case .firstNonNil: "firstNonNil"
    case .last: "last"
    case .collect: "collect"
    case .broadcast: "broadcast"
    case .intersection: "intersection"
    case .nonEmptyIntersection: "nonEmptyIntersection"
    case .union: "union"
    case .named(let name, _): "named(\(name))"
    }
  }

  /// Tells whether two folds are the same; named folds compare by name.
  ///
  /// - Parameters:
  ///   - lhs: A fold.
  ///   - rhs: Another fold.
  /// - Returns: `true` when both are the same case (and name).
  public static func == (lhs: Fold, rhs: Fold) -> Bool {
    lhs.description == rhs.description
  }
}

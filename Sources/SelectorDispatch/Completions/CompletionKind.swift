/// The function type of a selector's completion-handler argument, and how
/// the services' replies (the values they pass their own completions) fold
/// into the one value the caller's completion gets.
///
/// The caller's completion is never handed to the services. Each service
/// gets its own completion of the same function type, and the caller's
/// runs exactly once: after every service the fold called has called its
/// own, or when the ``Dispatcher``'s deadline passes, with the replies that
/// arrived by then. With no services it runs at once, with the identity. A
/// service whose handler refused its arguments
/// (``DispatchError/handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``),
/// was called off the main actor (``DispatchError/notOnMainActor(selector:service:)``)
/// or threw (``DispatchError/handlerFailed(selector:service:reason:)``) is
/// not waited for. Once it has run, the dispatcher keeps nothing of the
/// caller's completion or of what it captured.
///
/// | kind | function type | fold | identity |
/// |---|---|---|---|
/// | ``void`` | `() -> Void` | none | none |
/// | ``backgroundFetch`` | `(BackgroundFetchResult) -> Void` | newData, failed, noData | `noData` |
/// | ``presentationOptions`` | `(UInt) -> Void` | bitwise OR | `0` |
/// | ``anySucceeded`` | `(Bool) -> Void` | OR | `false` |
/// | ``watchReply`` | `([AnyHashable: Any]?) -> Void` | merge, earlier service wins | `nil` |
///
/// The caller's completion runs on the thread of the last service
/// completion to arrive, on the clock's thread when the deadline passes, or
/// on the dispatching thread when every service completed synchronously.
/// The deadline counts from the moment every service the fold asks has been
/// called. When a dispatch throws before any handler runs (an argument of
/// the wrong type, including the completion itself), the caller's
/// completion has not been called and remains the caller's to call; once
/// the handlers have run, the dispatcher calls it exactly once even if the
/// dispatch then throws.
///
/// The caller may pass its completion as `(Value) -> Void` or as
/// `@Sendable (Value) -> Void` (a cast from `Any` tells them apart); services
/// always receive the plain `(Value) -> Void` named by ``description``, so
/// that one cast in a service works whichever the host passed.
///
/// Build your own for a custom vocabulary with ``folding(_:identity:combine:)``.
public struct CompletionKind: Sendable, CustomStringConvertible {
  /// The completion's function type, such as `(Bool) -> Void`.
  public let description: String

  /// Casts the caller's completion; `nil` when it has another type.
  let bind: @Sendable (Any) -> CompletionBinding?

  /// Makes a completion of this kind's function type that passes its value
  /// to `receive`: what a tool injecting events passes as the caller's
  /// completion.
  package let makeCompletion: @Sendable (@escaping @Sendable (Any) -> Void) -> Any

  /// How the services' replies fold into the caller's value, in a few words, for a trace
  /// (such as "true if any service's reply is true"); `nil` for a kind made with
  /// ``folding(_:identity:combine:)``, whose rule is the app's own.
  package let rule: String?

  /// A completion with no value, `() -> Void`: the caller's runs once, after
  /// every service's.
  public static let void = CompletionKind(
    description: "() -> Void", rule: "called once, after every service's own",
    makeCompletion: { receive in { () in receive(()) } as () -> Void },
    bind: { caller in
      let plain = caller as? () -> Void
      guard let caller = plain ?? (caller as? @Sendable () -> Void) else { return nil }
      return CompletionBinding(
        finish: { _ in caller() },
        makeCompletion: { arrive in { () in arrive(()) } as () -> Void },
        valueType: "()", accepts: { $0 is Void })
    })

  /// `(BackgroundFetchResult) -> Void`: ``BackgroundFetchResult/newData`` if
  /// any service had new data, else ``BackgroundFetchResult/failed`` if any
  /// failed, else ``BackgroundFetchResult/noData``.
  public static let backgroundFetch = CompletionKind(
    unchecked: BackgroundFetchResult.self, identity: .noData,
    rule: "newData if any service's reply is newData, else failed if any is, else noData"
  ) { $0.combined(with: $1) }

  /// `(UInt) -> Void` carrying a `UNNotificationPresentationOptions` raw
  /// value: the union of the options the services asked for; `0` (do not
  /// present) when none did.
  public static let presentationOptions = CompletionKind(
    unchecked: UInt.self, identity: 0, rule: "the union of the services' replies"
  ) { $0 | $1 }

  /// `(Bool) -> Void`: `true` if any service succeeded, such as a shortcut
  /// item that some service handled; `false` when none did.
  public static let anySucceeded = CompletionKind(
    unchecked: Bool.self, identity: false, rule: "true if any service's reply is true"
  ) { $0 || $1 }

  /// `([AnyHashable: Any]?) -> Void`, a WatchKit reply: the services'
  /// dictionaries merged, where an earlier service (higher priority) wins a
  /// key both set; `nil` when no service replied with a dictionary.
  public static let watchReply = CompletionKind(
    unchecked: [AnyHashable: Any]?.self, identity: nil,
    rule: "the services' replies merged, an earlier service's key first"
  ) { merged, reply in
    guard let reply else { return merged }
    return (merged ?? [:]).merging(reply) { earlier, _ in earlier }
  }

  /// A completion that takes one value, folded pairwise in service order.
  ///
  /// ```swift
  /// let anyPaid = CompletionKind.folding(Bool.self, identity: false) { $0 || $1 }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The completion's parameter type; the caller's and each
  ///     service's completion is `(Value) -> Void`.
  ///   - identity: The value when no service replied.
  ///   - combine: Folds the value so far with the next service's reply,
  ///     in priority order. It runs on the thread of the last completion.
  /// - Returns: The completion kind.
  public static func folding<Value: Sendable>(
    _ value: Value.Type, identity: Value,
    combine: @escaping @Sendable (Value, Value) -> Value
  ) -> CompletionKind {
    CompletionKind(unchecked: value, identity: identity, rule: nil, combine: combine)
  }

  private init(
    description: String, rule: String?,
    makeCompletion: @escaping @Sendable (@escaping @Sendable (Any) -> Void) -> Any,
    bind: @escaping @Sendable (Any) -> CompletionBinding?
  ) {
    self.description = description
    self.rule = rule
    self.makeCompletion = makeCompletion
    self.bind = bind
  }

  /// The generic form without a `Sendable` requirement, for UIKit's
  /// dictionaries of `Any`: values only cross threads under the join's lock,
  /// on their way from a service to the caller.
  private init<Value>(
    unchecked value: Value.Type, identity: Value, rule: String?,
    combine: @escaping (Value, Value) -> Value
  ) {
    let box = UncheckedBox(value: (identity, combine))
    self.init(
      description: "(\(Value.self)) -> Void", rule: rule,
      makeCompletion: { receive in { (reply: Value) in receive(reply) } as (Value) -> Void },
      bind: { caller in
        let plain = caller as? (Value) -> Void
        guard let caller = plain ?? (caller as? @Sendable (Value) -> Void) else { return nil }
        let (identity, combine) = box.value
        return CompletionBinding(
          finish: { replies in
            var folded = identity
            // Every reply is a `Value`: the join let no other through.
            for case let reply as Value in replies { folded = combine(folded, reply) }
            caller(folded)
          },
          makeCompletion: { arrive in { (reply: Value) in arrive(reply) } as (Value) -> Void },
          valueType: "\(Value.self)", accepts: { $0 is Value })
      })
  }
}

/// The caller's completion, cast to its function type.
///
/// `@unchecked Sendable`: the caller's completion (UIKit's, in an app) may
/// be called from any thread, which is what UIKit allows; the dispatcher
/// calls it exactly once.
struct CompletionBinding: @unchecked Sendable {
  /// Folds the replies (one per service, in priority order; `nil` for a
  /// service that did not reply) and calls the caller's completion.
  let finish: ([Any?]) -> Void
  /// Makes one service's completion, of the caller's function type, that
  /// passes its reply to `arrive`.
  let makeCompletion: (@escaping @Sendable (Any) -> Void) -> Any
  /// The type the completion takes, such as `Bool`, for a diagnostic.
  let valueType: String
  /// Whether a reply that did not come through a service's own completion
  /// (an async handler's return) has the type the completion takes.
  let accepts: (Any) -> Bool
}

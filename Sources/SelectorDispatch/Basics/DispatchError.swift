/// An error from registering, declaring or dispatching.
///
/// Every payload is a plain value, and ``description`` is a sentence a
/// person can act on: what was wrong, where, what was expected, and a
/// suggestion when one exists. The command-line tool prints it unchanged.
public enum DispatchError: Error, Equatable, CustomStringConvertible {
  /// The text does not follow the selector grammar.
  ///
  /// `offset` is the 0-based UTF-8 offset of the first offending byte; it is
  /// the length of the text when the text ends too early.
  case malformedSelector(selector: String, offset: Int, reason: String)

  /// No service handles the selector and it was never declared.
  ///
  /// `suggestion` is the nearest known selector, when one is close.
  case unrecognizedSelector(selector: String, suggestion: String?)

  /// The number of parameters differs from the selector's arity.
  case arityMismatch(selector: String, expected: Int, actual: Int)

  /// The awaited `answer(to:params:fold:)` was given a number of
  /// parameters other than the selector's arity less its completion handler,
  /// for a selector with one: typically the completion itself, which only
  /// the synchronous ``Dispatcher/dispatch(selector:params:fold:)`` takes.
  ///
  /// `expected` counts the parameters without the completion. Nothing ran.
  case awaitedArityMismatch(selector: String, expected: Int, actual: Int)

  /// A synchronous dispatch of a selector with a completion handler was
  /// given every parameter but the completion: the parameters that
  /// the awaited `answer(to:params:fold:)` takes (<doc:AsyncServices>).
  ///
  /// `expected` counts the parameters with the completion. Nothing ran.
  case completionHandlerMissing(selector: String, expected: Int)

  /// A parameter has the wrong type for the selector's declared signature.
  ///
  /// The dispatcher throws this before any handler runs, so a completion
  /// handler among the parameters is still the caller's to call. `index` is
  /// 0-based.
  case argumentTypeMismatch(selector: String, index: Int, expected: String, actual: String)

  /// A service's typed handler did not run because a parameter has another
  /// type than its closure takes; the other handlers still received the
  /// event.
  ///
  /// Unlike ``argumentTypeMismatch(selector:index:expected:actual:)`` this
  /// comes after the handlers ran. The service never saw its completion
  /// handler, so a dispatch with one does not wait for it: the caller's
  /// completion runs when the other services have answered. `index` is
  /// 0-based. A handler reports this by returning it as its answer; a `nil`
  /// `service` is filled in with the name of the service that answered.
  case handlerArgumentTypeMismatch(
    selector: String, service: String?, index: Int, expected: String, actual: String)

  /// A service answered with a value the fold cannot combine, such as a
  /// `String` under ``Fold/all``; or, with a `nil` `service`, the folded
  /// answer is not the type the caller of
  /// ``Dispatcher/dispatch(_:with:as:)`` asked for.
  case resultTypeMismatch(selector: String, service: String?, expected: String, actual: String)

  /// A handler failed instead of answering, for example a throwing handler
  /// that threw. The other handlers still received the event.
  ///
  /// A handler reports this by returning it as its answer; a `nil`
  /// `service` is filled in with the name of the service that answered.
  case handlerFailed(selector: String, service: String?, reason: String)

  /// A custom fold's `reduce` threw, after every handler ran. `reason`
  /// describes what it threw (a ``DispatchError`` it throws is passed on
  /// as it is).
  case customFoldFailed(selector: String, fold: String, reason: String)

  /// A service with this name is already registered.
  case duplicateService(name: String)

  /// One service lists two handlers for the same selector that run at one
  /// priority: neither has a priority of its own, both have the same, or
  /// one has its service's. At different priorities, both register, each at
  /// its point of the selector's order.
  ///
  /// `service` is `nil` in a table's mistake, and filled in with
  /// the name of the service when the table is registered.
  case duplicateHandler(selector: String, service: String?)

  /// The selector was already declared with a different fold or signature.
  ///
  /// `declared` and `requested` are each a fold's name, such as `all`, or a
  /// vocabulary entry's whole signature (arguments, completion, fold and
  /// domain), whichever the two declarations differ in.
  case conflictingDeclaration(selector: String, declared: String, requested: String)

  /// A service tried to handle a selector of an exclusive domain that
  /// another service already handles; nothing from that registration was
  /// registered.
  case exclusiveDomainConflict(domain: String, selector: String, service: String, owner: String)

  /// A vocabulary lists the same selector twice.
  case duplicateVocabularyEntry(vocabulary: String, selector: String)

  /// A handler dispatched again while 64 dispatches, the limit, were
  /// already running one inside another in its chain:
  /// synchronously, across `await`, across the bridge that runs a
  /// synchronous dispatch's async handlers, or from a caller's completion.
  ///
  /// No handler of `selector` ran, and the dispatcher reported
  /// ``Diagnostic/nestingTooDeep(selector:depth:)``. The dispatches around
  /// it go on, and see this error only if the handler that dispatched
  /// passes it on.
  case nestingTooDeep(selector: String, limit: Int)
  /// A synchronous dispatch met a selector that a service handles with an
  /// async handler, and the selector has no completion through which the
  /// async answer could arrive later. Nothing ran; await
  /// `answer(to:params:fold:)` instead (<doc:AsyncServices>).
  ///
  /// `service` is `nil` only in the stand-in answer of a typed async
  /// handler called directly; the dispatcher names the service.
  case asyncHandlerNeedsAwait(selector: String, service: String?)

  /// A service's main-actor handler (for a ``Dispatcher/MainActorEvent``)
  /// did not run because the event was dispatched off the main thread; the
  /// other handlers still received the event.
  ///
  /// Like ``handlerArgumentTypeMismatch(selector:service:index:expected:actual:)``,
  /// it comes after the handlers ran, and a dispatch with a completion does
  /// not wait for that service. UIKit calls its delegates on the main
  /// thread; a test or a replay that dispatches such an event must do it
  /// from the main actor. A `nil` `service` is filled in with the name of
  /// the service that answered.
  case notOnMainActor(selector: String, service: String?)

  /// A vocabulary declares a completion handler for a selector that a
  /// registered service handles with a typed `async` closure of another
  /// parameter count: with the completion, such a closure takes `expected`
  /// parameters (one per `:` but the last, the completion's value being
  /// what it returns), not `actual`. Nothing from the vocabulary was
  /// declared.
  case asyncHandlerArityConflict(selector: String, service: String, expected: Int, actual: Int)

  /// A service's handler of a completion event (``Dispatcher/CompletionEvent``
  /// or ``Dispatcher/MainActorCompletionEvent``), synchronous or `async`,
  /// is for a selector the dispatcher does not declare with a completion
  /// handler. Without one no dispatch could give the service a completion
  /// of its own, and the caller's would reach every service; nothing of
  /// the service was registered.
  ///
  /// Declare the selector first, in a vocabulary whose entry has a
  /// ``CompletionKind`` (``Vocabulary/Entry/init(_:domain:fold:arguments:completion:deprecatedFor:availability:)``).
  case completionNotDeclared(selector: String, service: String)

  /// Two vocabularies being merged both declare the selector.
  case selectorInBothVocabularies(selector: String, first: String, second: String)

  /// Two vocabularies being merged give a domain different rules: one makes
  /// it exclusive, the other shares it.
  case conflictingDomainRules(domain: String, exclusiveIn: String, sharedIn: String)

  /// A sentence that says what was wrong, where, and what was expected.
  ///
  /// Control characters and bidirectional format characters from selectors,
  /// names and reasons are escaped, so no input can forge a line or colour
  /// a terminal through a message.
  public var description: String { sentence.escapedForDisplay }

  private var sentence: String {
    switch self {
    case .malformedSelector(let selector, let offset, let reason):
      return "malformed selector \(Self.quote(selector)) at offset \(offset): \(reason)"
    case .unrecognizedSelector(let selector, let suggestion):
      let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
      return "unrecognized selector \(Self.quote(selector)): "
        + "no service handles it and it was never declared\(hint)"
    case .arityMismatch(let selector, let expected, let actual):
      return "\(Self.quote(selector)) takes \(Self.count(expected, "argument")) "
        + "(one per ':'), but \(Self.count(actual, "was", plural: "were")) given"
    case .completionHandlerMissing(let selector, let expected):
      let given = Self.count(expected - 1, "was", plural: "were")
      return "\(Self.quote(selector)) takes \(Self.count(expected, "argument")) "
        + "(one per ':', the last its completion handler), but \(given) given; "
        + "to await the answer without the completion handler, "
        + "call `try await dispatcher.answer(to:params:)` instead"
    case .awaitedArityMismatch(let selector, let expected, let actual):
      let hint =
        actual == expected + 1
        ? "; to pass the completion handler, call dispatch(selector:params:) instead" : ""
      return "\(Self.quote(selector)) takes \(Self.count(expected, "argument")) "
        + "without its completion handler when awaited (one per ':' but the last), "
        + "but \(Self.count(actual, "was", plural: "were")) given\(hint)"
    case .argumentTypeMismatch(let selector, let index, let expected, let actual):
      return "argument \(index) of \(Self.quote(selector)) must be \(expected), "
        + "but \(actual) was given"
    case .handlerArgumentTypeMismatch(
      let selector, let service, let index, let expected, let actual):
      return "\(Self.who(service)) did not handle \(Self.quote(selector)): "
        + Self.refusal(index: index, expected: expected, actual: actual)
    case .resultTypeMismatch(let selector, nil, let expected, let actual):
      return "dispatching \(Self.quote(selector)) gave \(actual), "
        + "but the caller asked for \(expected)"
    case .resultTypeMismatch(let selector, let service?, let expected, let actual):
      return "service \"\(service)\" answered \(Self.quote(selector)) with \(actual), "
        + "but the fold expects \(expected)"
    case .handlerFailed(let selector, let service, let reason):
      return "\(Self.who(service)) failed to handle \(Self.quote(selector)): \(reason)"
    case .customFoldFailed(let selector, let fold, let reason):
      return "custom fold \"\(fold)\" could not combine the answers to \(Self.quote(selector)): "
        + reason
    case .duplicateService(let name):
      return "a service named \"\(name)\" is already registered; "
        + "unregister it first or choose another name"
    case .duplicateHandler(let selector, let service):
      return "\(Self.who(service, unnamed: "a handler table")) has two handlers for "
        + "\(Self.quote(selector)) at one priority; "
        + "a service handles a selector once at each priority"
    case .conflictingDeclaration(let selector, let declared, let requested):
      return "\(Self.quote(selector)) is already declared as \(declared); "
        + "it cannot be declared again as \(requested)"
    case .exclusiveDomainConflict(let domain, let selector, let service, let owner):
      return "service \"\(service)\" cannot handle \(Self.quote(selector)): "
        + "the \(domain) domain is exclusive and service \"\(owner)\" already handles it; "
        + "unregister \"\(owner)\" first or leave the domain shared"
    case .duplicateVocabularyEntry(let vocabulary, let selector):
      return "vocabulary \"\(vocabulary)\" lists \(Self.quote(selector)) more than once; "
        + "give each selector one entry"
    case .nestingTooDeep(let selector, let limit):
      return "\(Self.quote(selector)) was dispatched with \(limit) dispatches already running "
        + "one inside another in its chain, the limit; nothing ran; "
        + "handlers probably dispatch to each other in a loop"
    case .asyncHandlerNeedsAwait(let selector, let service):
      return "\(Self.who(service)) handles \(Self.quote(selector)) with an async handler, "
        + "which a synchronous dispatch cannot wait for; nothing ran; "
        + "await its answer with `try await dispatcher.answer(to:params:)`"
    case .notOnMainActor(let selector, let service):
      return "\(Self.who(service)) did not handle \(Self.quote(selector)): its handler runs on "
        + "the main actor, but the event was dispatched off the main thread; dispatch it "
        + "from the main actor, as UIKit does (in a test, from a @MainActor test)"
    case .asyncHandlerArityConflict(let selector, let service, let expected, let actual):
      return "service \"\(service)\" handles \(Self.quote(selector)) with an async closure of "
        + "\(Self.count(actual, "parameter")), but declared with a completion handler the "
        + "selector's async closures take \(expected) (one per ':' but the last: the completion's "
        + "value is what they return); declare the vocabulary before the service registers, "
        + "or unregister it first"
    case .completionNotDeclared(let selector, let service):
      return "service \"\(service)\" handles \(Self.quote(selector)) as a completion event, "
        + "but the dispatcher declares no completion handler for it, so the caller's completion "
        + "would reach every service; declare it first in a vocabulary whose entry has a "
        + "completion (Vocabulary.Entry(_:domain:fold:arguments:completion:))"
    case .selectorInBothVocabularies(let selector, let first, let second):
      return "vocabularies \"\(first)\" and \"\(second)\" both declare \(Self.quote(selector)); "
        + "a merged vocabulary declares each selector once, so remove it from one of them"
    case .conflictingDomainRules(let domain, let exclusiveIn, let sharedIn):
      return "the \(domain) domain is exclusive in vocabulary \"\(exclusiveIn)\" "
        + "but shared in vocabulary \"\(sharedIn)\"; merge them first and make it exclusive "
        + "with exclusive(_:) on the merged vocabulary, or share it in both"
    }
  }

  /// What a handler that refused an argument was given, and what it takes.
  private static func refusal(index: Int, expected: String, actual: String) -> String {
    "its handler takes \(expected) as argument \(index), but \(actual) was given"
  }

  /// Names a service in a message, or what stands for it when there is none
  /// yet: a handler's own answer, not yet attributed to its service.
  private static func who(_ service: String?, unnamed: String = "a service") -> String {
    service.map { "service \"\($0)\"" } ?? unnamed
  }

  /// Quotes a selector, shortening very long ones so a message stays readable.
  static func quote(_ selector: String) -> String {
    let limit = 80
    let bytes = selector.utf8.count
    guard bytes > limit else { return "`\(selector)`" }
    let head = String(decoding: selector.utf8.prefix(limit), as: UTF8.self)
    return "`\(head)…` (\(bytes) bytes)"
  }

  private static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }

  private static func count(_ n: Int, _ singular: String, plural: String) -> String {
    "\(n) \(n == 1 ? singular : plural)"
  }
}

extension DispatchError {
  /// What went wrong in a handler, without the service and the selector:
  /// for a message that names both itself, such as
  /// ``Diagnostic/asyncHandlerFailed(selector:service:reason:)``. Escaped
  /// as ``description`` is.
  var cause: String {
    switch self {
    case .handlerFailed(_, _, let reason): reason.escapedForDisplay
    case .handlerArgumentTypeMismatch(_, _, let index, let expected, let actual):
      Self.refusal(index: index, expected: expected, actual: actual).escapedForDisplay
    default: description
    }
  }

  /// The error with the service filled in where it names one and left it
  /// `nil`: a handler's failure or refused argument, or a table's duplicate
  /// selector.
  func attributed(to service: String) -> DispatchError {
    switch self {
    case .handlerArgumentTypeMismatch(let selector, nil, let index, let expected, let actual):
      return .handlerArgumentTypeMismatch(
        selector: selector, service: service, index: index, expected: expected, actual: actual)
    case .handlerFailed(let selector, nil, let reason):
      return .handlerFailed(selector: selector, service: service, reason: reason)
    case .asyncHandlerNeedsAwait(let selector, nil):
      return .asyncHandlerNeedsAwait(selector: selector, service: service)
    case .notOnMainActor(let selector, nil):
      return .notOnMainActor(selector: selector, service: service)
    case .duplicateHandler(let selector, nil):
      return .duplicateHandler(selector: selector, service: service)
    default:
      return self
    }
  }
}

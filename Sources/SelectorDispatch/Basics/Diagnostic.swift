/// Something a ``Dispatcher`` noticed that is not an error of the current
/// call but that a person should hear about, such as a service that called
/// its completion handler twice.
///
/// Install a handler with ``Dispatcher/diagnosticHandler`` to receive them;
/// without one they are dropped. ``description`` is a sentence the
/// command-line tool prints unchanged.
public enum Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// A service called its completion a second time; the call was ignored.
  case completionCalledTwice(selector: String, service: String)

  /// A service had not called its completion when the deadline passed; the
  /// caller's completion ran without its answer.
  case completionMissedDeadline(selector: String, service: String, deadlineMilliseconds: Int)

  /// A service's async handler, started by a synchronous dispatch, was
  /// still running when the deadline passed; the caller's completion ran
  /// without its answer.
  case handlerStillRunning(selector: String, service: String, deadlineMilliseconds: Int)

  /// A service's async handler, due to run after the synchronous dispatch
  /// returned, had not started when the deadline passed, because a handler
  /// before it on the same dispatch had not returned; the caller's
  /// completion ran without its answer.
  case handlerNeverStarted(selector: String, service: String, deadlineMilliseconds: Int)

  /// A service called its completion after the deadline; the call was
  /// ignored.
  case completionAfterDeadline(selector: String, service: String)

  /// A service's async handler, started by a synchronous dispatch that had
  /// already returned, failed instead of answering; its completion counted
  /// as no answer.
  case asyncHandlerFailed(selector: String, service: String, reason: String)

  /// A service's async handler answered a completion selector with a value
  /// of another type than the completion takes (`expected`, such as
  /// `BackgroundFetchResult`; `actual`, the answer's type). The answer was
  /// dropped: the caller's completion ran once, with the other services'
  /// answers, or with the completion's identity.
  case answerTypeMismatch(selector: String, service: String, expected: String, actual: String)

  /// A service registered a handler for a selector that its dispatcher's
  /// vocabulary does not declare, usually a misspelt one that nothing will
  /// dispatch; `suggestion` is the nearest declared selector, when one is
  /// close. The handler was registered.
  ///
  /// Reported only by a dispatcher that declares a vocabulary (with
  /// ``Dispatcher/init(vocabulary:clock:completionDeadline:)`` or
  /// ``Dispatcher/declare(_:)``), when the service registers or, for one
  /// registered earlier, when the vocabulary is declared. An app that
  /// dispatches selectors of its own beside the vocabulary's declares them
  /// first, with ``Dispatcher/declare(_:fold:)`` or a vocabulary of their
  /// own.
  case undeclaredSelector(selector: String, service: String, suggestion: String?)

  /// A service registered a handler for a selector that its host declares
  /// but never dispatches, for `reason`: the handler will not be called.
  /// The UIKit adapter reports it for the delegate methods it does not
  /// forward, unless the app's subclass implements them.
  case notDispatched(selector: String, service: String, reason: String)

  /// A service registered a handler for a deprecated selector.
  case deprecatedSelector(selector: String, service: String, replacement: String)

  /// The services answered a ``Fold/nonEmptyIntersection`` selector, such
  /// as the supported interface orientations, with masks that have no bit
  /// in common; the answer was `nil`, so the host uses its default.
  ///
  /// `services` are the services that answered a mask, in call order, and
  /// `masks` their answers, one each; services that answered `nil` had no
  /// opinion and are not named.
  case emptyIntersection(selector: String, services: [String], masks: [UInt])

  /// A dispatch of `selector` was refused because it would have run at
  /// nesting depth `depth`, past the limit of 64: handlers
  /// (or their completions) dispatch to each other in a loop, synchronously,
  /// across `await` or across the bridge that runs a synchronous dispatch's
  /// async handlers. No handler of the refused dispatch ran; the dispatch
  /// threw ``DispatchError/nestingTooDeep(selector:limit:)`` to the handler
  /// that made it, which often cannot pass it on. It names no service.
  case nestingTooDeep(selector: String, depth: Int)

  /// The scene configuration named `configuration` (`nil` for one without a
  /// name) makes its scenes' delegate an instance of `delegateClass`, which
  /// is not the UIKit adapter's `DispatchingSceneDelegate`: the services'
  /// handlers of the scene-delegate `selectors` are never called for those
  /// scenes. Reported by the UIKit adapter once per configuration and
  /// class, when UIKit asks for a new scene session's configuration. It
  /// names no service.
  case sceneDelegateNotDispatching(
    configuration: String?, delegateClass: String, selectors: [String])

  /// The app has both of the package's ways in: the UIKit adapter's
  /// `DispatchingAppDelegate` (its class, `appDelegate`), installed with
  /// `@UIApplicationDelegateAdaptor`, and the SwiftUI entry point
  /// (`DispatchingServices` with its `dispatching(to:)` modifier). So that
  /// no event reaches the services twice, the SwiftUI entry point
  /// dispatches nothing, and the adapter forwards UIKit's calls. Reported
  /// once, by the SwiftUI entry point's dispatcher, at its first event. It
  /// names no service.
  case twoEntryPoints(appDelegate: String)

  /// The app made a second `DispatchingServices` (the SwiftUI entry point)
  /// while the first one is alive, such as one made in a view's body: each
  /// would dispatch UIKit's events. So that no event reaches the services
  /// twice, the second (the one whose first event came later) dispatches
  /// nothing. Reported by its dispatcher at its first event, once per extra
  /// instance. It names no service.
  case dispatchingServicesMadeTwice

  /// The service the diagnostic is about; for
  /// ``emptyIntersection(selector:services:masks:)``, the first service in
  /// conflict; `nil` for ``nestingTooDeep(selector:depth:)``, which is about
  /// a chain of dispatches, and for
  /// ``sceneDelegateNotDispatching(configuration:delegateClass:selectors:)``,
  /// which is about the app's scene configuration, and
  /// ``twoEntryPoints(appDelegate:)`` and ``dispatchingServicesMadeTwice``,
  /// which are about the app, not a service.
  public var service: String? {
    switch self {
    case .completionCalledTwice(_, let service), .completionMissedDeadline(_, let service, _),
      .handlerStillRunning(_, let service, _), .handlerNeverStarted(_, let service, _),
      .completionAfterDeadline(_, let service), .deprecatedSelector(_, let service, _),
      .asyncHandlerFailed(_, let service, _), .answerTypeMismatch(_, let service, _, _),
      .undeclaredSelector(_, let service, _), .notDispatched(_, let service, _):
      service
    case .emptyIntersection(_, let services, _): services.first
    case .nestingTooDeep, .sceneDelegateNotDispatching, .twoEntryPoints,
      .dispatchingServicesMadeTwice:
      nil
    }
  }

  /// A sentence that says what happened, where, and what was done about it.
  public var description: String {
    switch self {
    case .completionCalledTwice(let selector, let service):
      "service \"\(service)\" called the completion handler of "
        + "\(DispatchError.quote(selector)) more than once; the extra call was ignored"
    case .completionMissedDeadline(let selector, let service, let milliseconds):
      "service \"\(service)\" did not call the completion handler of "
        + "\(DispatchError.quote(selector)) within \(milliseconds) ms; "
        + "the caller's completion ran without its answer"
    case .handlerStillRunning(let selector, let service, let milliseconds):
      "service \"\(service)\"'s async handler of \(DispatchError.quote(selector)) was still running "
        + "after \(milliseconds) ms; the caller's completion ran without its answer"
    case .handlerNeverStarted(let selector, let service, let milliseconds):
      "service \"\(service)\"'s async handler of \(DispatchError.quote(selector)) had not started "
        + "after \(milliseconds) ms, queued behind a handler that had not returned; "
        + "the caller's completion ran without its answer"
    case .completionAfterDeadline(let selector, let service):
      "service \"\(service)\" called the completion handler of "
        + "\(DispatchError.quote(selector)) after the deadline; the call was ignored"
    case .asyncHandlerFailed(let selector, let service, let reason):
      "service \"\(service)\" failed to handle \(DispatchError.quote(selector)) "
        + "in its async handler: \(reason); the caller's completion got no answer from it"
    case .answerTypeMismatch(let selector, let service, let expected, let actual):
      "service \"\(service)\" answered \(DispatchError.quote(selector)) with a value of type "
        + "\(actual), where its completion takes \(expected); the answer was dropped, and the "
        + "caller's completion ran with the other answers"
    case .undeclaredSelector(let selector, let service, let suggestion):
      "service \"\(service)\" handles \(DispatchError.quote(selector)), which the "
        + "dispatcher's vocabulary does not declare; "
        + (suggestion.map { "did you mean `\($0)`? If" } ?? "if")
        + " it is an event of the app's own, declare it before registering"
    case .notDispatched(let selector, let service, let reason):
      "service \"\(service)\" handles \(DispatchError.quote(selector)), which is never "
        + "dispatched, so the handler is never called: \(reason)"
    case .deprecatedSelector(let selector, let service, let replacement):
      "service \"\(service)\" handles the deprecated \(DispatchError.quote(selector)); "
        + "handle \(replacement) instead"
    case .emptyIntersection(let selector, let services, let masks):
      "services "
        + zip(services, masks).map { "\"\($0)\" (0x\(String($1, radix: 16)))" }
        .joined(separator: ", ")
        + " answered \(DispatchError.quote(selector)) with masks whose intersection is empty; "
        + "the answer is nil, so the host uses its default"
    case .nestingTooDeep(let selector, let depth):
      "a dispatch of \(DispatchError.quote(selector)) was refused at nesting depth \(depth), "
        + "past the limit of \(Nesting.maximumDepth); no handler of it ran: "
        + "handlers or their completions probably dispatch to each other in a loop"
    case .sceneDelegateNotDispatching(let configuration, let delegateClass, let selectors):
      "the scene configuration "
        + (configuration.map { "\"\($0)\" " } ?? "")
        + "names \(delegateClass) as its delegate class, which is not a "
        + "DispatchingSceneDelegate: the services' handlers of "
        + Self.list(selectors.map(DispatchError.quote))
        + " are never called for its scenes; make \(delegateClass) a subclass of "
        + "DispatchingSceneDelegate (calling super in the methods it overrides), or remove "
        + "UISceneDelegateClassName from the configuration in Info.plist"
    case .twoEntryPoints(let appDelegate):
      "the app has a DispatchingAppDelegate (\(appDelegate)) and applies the SwiftUI entry "
        + "point, dispatching(to:): so that no event is dispatched twice, the SwiftUI entry "
        + "point dispatches nothing and the adapter forwards UIKit's calls; remove one of "
        + "them, the @UIApplicationDelegateAdaptor or the DispatchingServices"
    case .dispatchingServicesMadeTwice:
      "a second DispatchingServices was made while the first one is alive: so that no event "
        + "is dispatched twice, the second dispatches nothing; make DispatchingServices once, "
        + "as a stored property of the App"
    }
  }

  /// `a`, `a and b`, or `a, b and 3 more`.
  private static func list(_ items: [String]) -> String {
    switch items.count {
    case 0: "no selector"
    case 1: items[0]
    case 2: "\(items[0]) and \(items[1])"
    default: "\(items[0]), \(items[1]) and \(items.count - 2) more"
    }
  }
}

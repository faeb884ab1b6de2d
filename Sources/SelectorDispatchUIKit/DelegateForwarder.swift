import SelectorDispatch

/// Forwards one delegate call to a dispatcher and turns the folded answer
/// into what UIKit expects, so that a delegate method is one line.
///
/// It never throws and never traps: a dispatch that throws (a service's
/// handler that refuses UIKit's arguments, a loop of nested dispatches) is
/// passed to ``report`` and UIKit gets its default answer.
///
/// UIKit's completion handler is called exactly once. The dispatcher's join
/// calls it with the folded value when every service has called its own, or
/// at the deadline. When the dispatch throws before any service was given a
/// completion, the forwarder calls it at once with UIKit's default. A guard
/// shared by both paths lets only the first call through, so even an error a
/// handler passes on after calling its completion cannot make a second one.
package final class DelegateForwarder: Sendable {
  /// The dispatcher on ``DelegateMethod/vocabulary``.
  package let dispatcher: Dispatcher
  /// Receives each error a dispatch threw.
  package let report: @Sendable (any Error) -> Void

  /// Creates a forwarder.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher, declaring ``DelegateMethod/vocabulary``.
  ///   - report: Receives each error a dispatch threw, on the calling
  ///     thread.
  package init(dispatcher: Dispatcher, report: @escaping @Sendable (any Error) -> Void) {
    self.dispatcher = dispatcher
    self.report = report
  }

  /// The app delegate's deadline unless it sets its own: 25 seconds.
  package static let defaultDeadline = Duration.seconds(25)

  /// Creates the forwarder of an app delegate: a new dispatcher on
  /// ``DelegateMethod/vocabulary`` whose completion handlers wait at most
  /// `completionDeadline`.
  ///
  /// A deadline that is not more than zero, or not less than the 30
  /// seconds iOS gives an app's background work, is used as given and
  /// reported: with the first, UIKit's completion runs before any service
  /// that completes later has answered; with the second, iOS may end the
  /// app before the completion runs.
  ///
  /// - Parameters:
  ///   - completionDeadline: How long the services' completion handlers may
  ///     take.
  ///   - clock: Schedules the deadlines.
  ///   - report: Receives each error a dispatch threw, and the deadline's
  ///     problem.
  package convenience init(
    completionDeadline: Duration, clock: any DispatchClock = DispatchQueueClock(),
    report: @escaping @Sendable (any Error) -> Void
  ) {
    self.init(
      dispatcher: Dispatcher(
        vocabulary: DelegateMethod.vocabulary, clock: clock,
        completionDeadline: completionDeadline),
      report: report)
    if completionDeadline <= .zero || completionDeadline >= .seconds(30) {
      report(UnsuitableDeadline(deadline: completionDeadline))
    }
  }

  /// Declares an app's own selectors, then registers its services: what an
  /// entry point (the adapter's app delegate, the SwiftUI entry point) does
  /// when it is made.
  ///
  /// Services that cannot be registered (two with one name, a handler
  /// whose closure takes another number of arguments than its selector has
  /// colons, a completion event's handler for a selector declared without
  /// a completion), or an app selector that cannot be declared (malformed,
  /// or UIKit's with another fold or signature), stop the app, with the
  /// dispatcher's error: the mistake is in the app's code, and an app
  /// without its services would misbehave later, further from the cause.
  ///
  /// - Parameters:
  ///   - services: The app's services.
  ///   - appVocabulary: The app's own events with their signatures, its
  ///     completion events among them, declared first; `nil` for none.
  ///   - appSelectors: The app's own selectors, with their folds.
  ///   - host: The entry point's type, which the error names.
  package func register(
    _ services: [any DispatchService], appVocabulary: Vocabulary? = nil,
    appSelectors: [String: Fold], by host: Any.Type
  ) {
    do {
      if let appVocabulary { try dispatcher.declare(appVocabulary) }
      for (selector, fold) in appSelectors.sorted(by: { $0.key < $1.key }) {
        try dispatcher.declare(selector, fold: fold)
      }
      try dispatcher.register(contentsOf: services)
    } catch {
      preconditionFailure("\(host) could not register its services: \(error)")
    }
  }

  /// The scene configurations and delegate classes already reported by
  /// ``checkSceneDelegate(configuration:delegateClass:isDispatching:)``.
  private let checkedSceneDelegates = Locked<Set<String>>([])

  /// Reports a scene configuration whose delegate class is not a
  /// `DispatchingSceneDelegate` while services handle scene events, which
  /// would then never reach them: a
  /// ``Diagnostic/sceneDelegateNotDispatching(configuration:delegateClass:selectors:)``
  /// naming the configuration, the class and the selectors, once per
  /// configuration and class, to the dispatcher's diagnostic handler.
  ///
  /// - Parameters:
  ///   - configuration: The configuration's name, if it has one.
  ///   - delegateClass: The module-qualified name of its delegate class.
  ///   - isDispatching: Whether that class is `DispatchingSceneDelegate` or
  ///     a subclass.
  func checkSceneDelegate(configuration: String?, delegateClass: String, isDispatching: Bool) {
    guard !isDispatching else { return }
    let handled = Vocabulary.sceneDelegate.entries.map(\.selector).filter(handles)
    guard !handled.isEmpty,
      checkedSceneDelegates.withLock({
        $0.insert((configuration ?? "") + "\u{0}" + delegateClass).inserted
      })
    else { return }
    dispatcher.diagnosticHandler?(
      .sceneDelegateNotDispatching(
        configuration: configuration, delegateClass: delegateClass, selectors: handled))
  }

  /// What a scene delegate does when its scene disconnects: forwards
  /// `sceneDidDisconnect:` (when there is a forwarder), then drops what the
  /// services kept for the scene in `PerScene` values, so that their
  /// handlers of that event can still read it.
  @MainActor
  static func disconnect<Scene: AnyObject>(
    _ scene: Scene, by event: ForwardedEvent<(Scene) -> Void>, from forwarder: DelegateForwarder?
  ) {
    forwarder?.event(event, scene)
    SceneStore.release(scene)
  }

  /// Forwards `scene:openURLContexts:` once per context, in the order of
  /// their URLs' text, each as a set of one: under the selector's fold,
  /// ``Fold/firstTrue``, a service that answers `true` claims that URL and
  /// no later service gets it, while a URL no service claims reaches every
  /// service.
  ///
  /// - Parameters:
  ///   - contexts: The URLs, converted from UIKit's contexts.
  ///   - scene: The scene that opens them.
  ///   - event: `scene:openURLContexts:` for the scene's type.
  /// - Returns: The contexts a service claimed.
  @discardableResult
  func open<Scene>(
    _ contexts: some Sequence<OpenURLContext>, in scene: Scene,
    by event: ForwardedEvent<(Scene, Set<OpenURLContext>) -> Bool>
  ) -> [OpenURLContext] {
    contexts.sorted { $0.url.absoluteString < $1.url.absoluteString }.filter { context in
      ask(event, scene, [context], or: false)
    }
  }

  /// The selector of a notification response.
  static let notificationResponse =
    "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"

  /// The notification responses already forwarded.
  private let responses = ResponseLedger()

  /// Forwards a notification response as
  /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`,
  /// once: a response UIKit gives twice (in a scene's connection options and
  /// to the notification centre's delegate) is forwarded at its first
  /// delivery only (see ``ResponseLedger``).
  ///
  /// - Parameters:
  ///   - params: The notification centre and the response.
  ///   - key: The response's key (``ResponseLedger/key(request:action:date:)``).
  ///   - completion: Runs exactly once: when every service has completed (or
  ///     at the deadline), and for a second delivery, when the first one's
  ///     services have.
  func receive(_ params: [Any], key: String, completion: @escaping @Sendable () -> Void) {
    guard responses.claim(key, completion: completion) else { return }
    event(Self.notificationResponse, params) { [responses] in
      completion()
      responses.finish(key)
    }
  }

  /// Records a notification response as delivered without forwarding it:
  /// one the app handles itself, in a scene's connection options. A later
  /// delivery of it is not forwarded, and its completion runs at once.
  ///
  /// - Parameter key: The response's key.
  func received(key: String) {
    if responses.claim(key, completion: {}) { responses.finish(key) }
  }

  /// Whether some registered service handles `selector`.
  func handles(_ selector: String) -> Bool { dispatcher.responds(to: selector) }

  /// Forwards an event that UIKit expects no answer to.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - arguments: UIKit's arguments, one per `:`.
  func event<each Argument>(
    _ event: ForwardedEvent<(repeat each Argument) -> Void>, _ arguments: repeat each Argument
  ) {
    _ = ask(event, repeat each arguments, as: Any.self)
  }

  /// Asks the services a question whose result UIKit takes, such as a
  /// `Bool`: returns the services' answers folded, or `fallback` when there
  /// is no result (no service answered under a fold whose empty result is
  /// `nil`, or the dispatch threw).
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - arguments: UIKit's arguments, one per `:`.
  ///   - fallback: UIKit's default.
  /// - Returns: The folded result, or `fallback`.
  func ask<each Argument, Result>(
    _ event: ForwardedEvent<(repeat each Argument) -> Result>, _ arguments: repeat each Argument,
    or fallback: Result
  ) -> Result {
    ask(event, repeat each arguments, as: Result.self) ?? fallback
  }

  /// Asks the services a question and returns their folded answers as a
  /// `Value`, or `nil` for UIKit's default.
  ///
  /// Typed handlers whose closures take exactly the event's argument types
  /// are called with UIKit's arguments as they are; any other handler gets
  /// them as `[Any]`, in the same order, folded by the same rules (see
  /// `Dispatcher.dispatch(_:with:as:)`). What the dispatch throws, a folded
  /// answer that is not a `Value` included, goes to ``report``.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - arguments: UIKit's arguments, one per `:`.
  ///   - type: The type of the folded result.
  /// - Returns: The folded result, or `nil`.
  func ask<each Argument, Result, Value>(
    _ event: ForwardedEvent<(repeat each Argument) -> Result>, _ arguments: repeat each Argument,
    as type: Value.Type
  ) -> Value? {
    do {
      return try dispatcher.dispatch(event.key, with: repeat each arguments, as: Value.self)
    } catch {
      report(error)
      return nil
    }
  }

  /// Forwards an event whose last parameter is a completion handler that
  /// takes a value, such as `(BackgroundFetchResult) -> Void`.
  ///
  /// - Parameters:
  ///   - selector: The selector, whose last parameter is a completion.
  ///   - params: The parameters before the completion.
  ///   - completion: Calls UIKit's completion with the value converted; it
  ///     runs exactly once.
  ///   - fallback: UIKit's default, passed to `completion` when the dispatch
  ///     threw before any service was given a completion.
  func event<Value>(
    _ selector: String, _ params: [Any], completion: @escaping (Value) -> Void,
    fallback: Value
  ) {
    let once = Once()
    let services: (Value) -> Void = { value in if once.claim() { completion(value) } }
    forward(selector, params, services) { if once.claim() { completion(fallback) } }
  }

  /// Forwards an event whose last parameter is a `() -> Void` completion
  /// handler; it runs exactly once.
  func event(_ selector: String, _ params: [Any], completion: @escaping () -> Void) {
    let once = Once()
    let services: () -> Void = { if once.claim() { completion() } }
    forward(selector, params, services) { if once.claim() { completion() } }
  }

  private func forward(
    _ selector: String, _ params: [Any], _ completion: Any, orElse fallback: () -> Void
  ) {
    do {
      _ = try dispatcher.dispatch(selector: selector, params: params + [completion])
    } catch {
      report(error)
      if !Self.wasThrownAfterHandlersRan(error) { fallback() }
    }
  }

  /// Whether a dispatch's error shows that its handlers ran: one that names
  /// the service whose answer caused it. The dispatcher's join then has the
  /// caller's completion and calls it, once every service has answered or
  /// at the deadline, so the forwarder waits for it.
  ///
  /// Any other error may also come after the handlers ran, when a handler
  /// passes on the error of a dispatch of its own; the forwarder then calls
  /// UIKit's completion with the default at once, and the join's later call
  /// finds it taken.
  static func wasThrownAfterHandlersRan(_ error: any Error) -> Bool {
    switch error as? DispatchError {
    case .handlerArgumentTypeMismatch?, .resultTypeMismatch?, .handlerFailed?,
      .asyncHandlerNeedsAwait?, .notOnMainActor?:
      true
    default:
      false
    }
  }
}

/// An app delegate's completion deadline that UIKit's completions cannot
/// use as the app means.
private struct UnsuitableDeadline: Error, CustomStringConvertible {
  let deadline: Duration

  var description: String {
    "completionDeadline is \(deadline), "
      + (deadline <= .zero
        ? "so UIKit's completion handlers run before any service that completes later answers"
        : "not less than the 30 seconds iOS gives background work, which may end the app "
          + "before UIKit's completion handler runs")
      + "; it is used as given. Override completionDeadline with a duration between 0 and 30 "
      + "seconds."
  }
}

/// A flag that one caller claims, once: the guard between the join's call
/// of UIKit's completion and the forwarder's own.
private final class Once: Sendable {
  private let claimed = Locked(false)

  /// `true` for the first caller only.
  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}

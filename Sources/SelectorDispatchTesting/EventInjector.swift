import Foundation
import SelectorDispatch

/// Injects string-keyed events into a dispatcher and traces them: a helper
/// for an app's tests of its services, and the engine behind
/// `selector-dispatch`'s replay.
///
/// The injector owns its dispatcher, built on a vocabulary with a
/// ``FakeClock``: register services on ``dispatcher``, then inject events
/// by selector and Swift values. Pass ``application`` where the application
/// belongs, ``scene(_:)`` where a scene does, and anything where a
/// completion handler does: the injector passes its own and traces what it
/// receives.
///
/// ```swift
/// let injector = EventInjector()
/// try injector.dispatcher.register(PushService())
/// let trace = injector.inject(
///   "application:didFinishLaunchingWithOptions:", injector.application, [String: Any]())
/// assert(trace.calls.map(\.service) == ["PushService"])
/// ```
///
/// **What a trace holds.** An injection returns when every handler the
/// event started has returned: the synchronous ones, and the async ones
/// that a synchronous dispatch starts on a bridge of their own, however
/// they await (the main actor, a nonisolated async function, a sleep), and
/// those their own dispatches started in turn. Its trace holds exactly the
/// calls and diagnostics of its own event, whichever thread they ran on.
/// Two limits keep it from waiting forever, without real waiting where
/// nothing hangs:
///
/// - An async handler still running after the handler time limit of real time
///   is not waited for any longer; its call, if it ever returns, belongs to
///   no trace.
/// - A service that has not called its completion (or returned) by then
///   is not waited for: the injector advances its fake clock past the
///   deadline, so the caller's completion runs with what arrived and the
///   late service is reported in the trace's diagnostics.
///
/// **The thread it blocks.** An injection blocks its thread while it
/// waits. Called from a task on the cooperative thread pool (any `async`
/// function, and every Swift Testing test but a `@MainActor` one), it holds
/// one of the pool's threads, of which there are as many as cores. The
/// event's handlers run on a queue of their own, but a handler that needs
/// the pool (a `nonisolated` async function, `Task.sleep`, a continuation
/// resumed from elsewhere) waits for a free one: when synchronous
/// injections at once block every thread of the pool, it waits until
/// the handler time limit. Keep such tests `.serialized`.
///
/// **Main actor.** Injecting on the main thread, the injector runs the
/// main run loop while it waits, so `@MainActor` handlers run in time. It
/// cannot from inside a block of the main queue, such as a `@MainActor`
/// Swift Testing test on Linux: the platform does not run the main queue
/// again inside one of its blocks, so main-actor handlers run only after
/// the injection returned, which reports them late at the handler time limit.
/// Inject from a test that is not `@MainActor` instead.
///
/// **Nested events.** A handler may inject an event into the same injector
/// (a synchronous handler, or an async one on its bridge): the nested
/// event's trace, returned to that handler, holds its own calls, and the
/// outer trace its own, the injecting handler's included. A nested event
/// leaves the fake clock to the outer one: its services' missed deadlines
/// are reported in the outer event's trace.
public final class EventInjector {
  /// The dispatcher events go to; register services here.
  public let dispatcher: Dispatcher
  /// The vocabulary that types the params.
  package let vocabulary: Vocabulary
  /// Records every handler call of every service registered here.
  public let recorder: EventRecorder
  /// The clock of the dispatcher's completion deadlines.
  public let clock = FakeClock()
  /// Collects the dispatcher's diagnostics.
  public let diagnostics = DiagnosticLog()
  /// The stand-in passed wherever the application (or notification center)
  /// belongs.
  public let application: AnyObject
  private let deadline: Duration
  /// How long, in real time, an injection waits for the async handlers it
  /// started to return.
  package let handlerTimeLimit: Duration
  private let scenes = Locked<[String: StandIn]>([:])

  /// The object passed as the application: it has a name and nothing else.
  public final class StandIn: CustomStringConvertible {
    /// The name it prints and is recorded as, such as `app`.
    public let description: String

    /// Creates a stand-in.
    ///
    /// - Parameter name: The name it prints as.
    package init(_ name: String) { description = name }
  }

  /// Creates an injector with an empty dispatcher that declares `vocabulary`.
  ///
  /// - Parameters:
  ///   - vocabulary: The selectors, folds and argument types.
  ///   - deadline: How long, in fake time, completions may take.
  ///   - handlerTimeLimit: How long, in real time, an injection waits for
  ///     the async handlers it started to return.
  ///   - now: The time source for handler timings (the real monotonic clock
  ///     unless given).
  public init(
    vocabulary: Vocabulary = .applicationDelegate, deadline: Duration = .seconds(25),
    handlerTimeLimit: Duration = .seconds(10),
    now: @escaping @Sendable () -> UInt64 = EventRecorder.monotonicNanoseconds
  ) {
    self.vocabulary = vocabulary
    self.deadline = deadline
    self.application = StandIn("app")
    self.recorder = EventRecorder(now: now)
    self.dispatcher = Dispatcher(vocabulary: vocabulary, clock: clock, completionDeadline: deadline)
    self.handlerTimeLimit = handlerTimeLimit
    recorder.recordEveryService(of: dispatcher)
    let (diagnostics, recorder) = (diagnostics, recorder)
    dispatcher.diagnosticHandler = { diagnostic in
      diagnostics.append(diagnostic)
      InjectedEvent.current(of: recorder)?.report(diagnostic)
    }
  }

  /// The longest scene name an event log may use, in UTF-8 bytes: 1,024. A
  /// longer one is an error at its column, and the event is not dispatched:
  /// the injector keeps each connected scene's name, so a log of huge names
  /// would hold them all. UIKit's own are short (a session's persistent
  /// identifier is a 36-character UUID).
  package static let maximumSceneNameLength = 1024

  /// The stand-in for the scene of a name: the same object for the same
  /// name until the scene disconnects, so a service can key per-scene state
  /// by its identity, as it would a `UIScene`'s.
  ///
  /// Once a `sceneDidDisconnect:` event of the scene has been injected, the
  /// injector lets go of its stand-in, as UIKit releases a disconnected
  /// scene: the name's next event connects a new one. So a replay holds
  /// only the scenes connected at once, however many come and go.
  ///
  /// An event log's scene event names its scene, and the injector passes
  /// this object; a test passes it itself:
  ///
  /// ```swift
  /// let injector = EventInjector(
  ///   vocabulary: try .applicationDelegate.merging(.sceneDelegate))
  /// try injector.dispatcher.register(service: "sessions", handlers: [
  ///   "sceneDidBecomeActive:": { params in
  ///     sessions[ObjectIdentifier(params[0] as AnyObject)] = Date()
  ///     return nil
  ///   },
  ///   "sceneDidDisconnect:": { params in
  ///     sessions[ObjectIdentifier(params[0] as AnyObject)] = nil  // release it
  ///     return nil
  ///   },
  /// ])
  /// _ = injector.inject("sceneDidBecomeActive:", injector.scene("main"))
  /// _ = injector.inject("sceneDidDisconnect:", injector.scene("main"))
  /// ```
  ///
  /// - Parameter name: The scene's name, such as `main`; it prints as its
  ///   name.
  /// - Returns: The scene's stand-in.
  public func scene(_ name: String) -> StandIn {
    scenes.withLock { scenes in
      if let scene = scenes[name] { return scene }
      let scene = StandIn(name)
      scenes[name] = scene
      return scene
    }
  }

  /// Dispatches an event given as Swift values and traces it.
  ///
  /// Pass ``application`` (or anything) where the application belongs, and
  /// anything where a completion handler belongs: the injector passes its
  /// own, and the trace shows what it received. A dispatch error is in the
  /// trace's ``Trace/result``.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - params: The parameters, as the vocabulary declares them.
  /// - Returns: The trace: calls, result, and the completion's value.
  public func inject(_ selector: String, _ params: Any...) -> Trace {
    dispatch(selector, params, line: nil, completion: vocabulary[selector: selector]?.completion)
  }

  /// Converts one event-log event to typed params, dispatches it and traces
  /// it.
  ///
  /// - Parameter event: An event from an `EventScript`.
  /// - Returns: The trace, or the problem that kept the event from being
  ///   dispatched (unknown or malformed selector, wrong number or type of
  ///   params), with its line and column.
  package func inject(_ event: EventScript.Event) -> Result<Trace, EventScript.Problem> {
    func problem(_ column: Int, _ message: String) -> Result<Trace, EventScript.Problem> {
      .failure(EventScript.Problem(line: event.line, column: column, message: message))
    }
    let arity: Int
    do {
      // Validated, not interned: an unknown selector from a log must cost
      // nothing that outlives its event.
      arity = try SelectorKey.validate(event.selector)
    } catch {
      return problem(event.selectorColumn, "\(error)")
    }
    let entry = vocabulary[selector: event.selector]
    if entry == nil {
      // Handled, or declared on the dispatcher: else let it say so, with
      // its suggestion.
      do {
        try dispatcher.recognize(event.selector)
      } catch {
        return problem(event.selectorColumn, "\(error)")
      }
    }
    guard event.params.count == arity else {
      let error = DispatchError.arityMismatch(
        selector: event.selector, expected: arity, actual: event.params.count)
      return problem(event.paramsColumn, "\(error)")
    }
    let completion = entry?.completion
    let trace: Trace
    do {
      let params = try event.params.enumerated().map { index, param in
        try convert(
          param, at: index, of: entry, isCompletion: completion != nil && index == arity - 1)
      }
      trace = dispatch(event.selector, params, line: event.line, completion: completion)
    } catch let failure as ConversionFailure {
      return problem(failure.offset + 1, failure.message)
    } catch {
      return problem(1, "\(error)")
    }
    if case .failure(DispatchError.argumentTypeMismatch(_, let index, _, _)) = trace.result,
      trace.calls.isEmpty, index < event.params.count
    {
      return problem(event.params[index].offset + 1, "\(trace.resultError)")
    }
    return .success(trace)
  }

  /// Parses one event-log line and injects it.
  ///
  /// - Parameter line: One JSON Lines event, such as
  ///   `{"selector": "applicationWillTerminate:", "params": ["app"]}`.
  /// - Returns: The trace, or what was wrong with the line.
  package func inject(json line: String) -> Result<Trace, EventScript.Problem> {
    let script = EventScript(Array(line.utf8))
    guard let first = script.lines.first else {
      return .failure(EventScript.Problem(line: 1, column: 1, message: "no event on the line"))
    }
    return first.flatMap(inject)
  }

  private func dispatch(
    _ selector: String, _ params: [Any], line: Int?, completion: CompletionKind?
  )
    -> Trace
  {
    var params = params
    // Completion values arrive on whatever thread a service calls from.
    let received = AwaitableLog<Any>()
    if let completion, !params.isEmpty {
      params[params.count - 1] = completion.makeCompletion { value in
        received.append(value)
      }
    }
    let isNested = InjectedEvent.current(of: recorder) != nil
    let event = InjectedEvent(recorder: recorder)
    let result = event.run {
      Result<Any?, any Error> { try dispatcher.dispatch(selector: selector, params: params) }
    }
    // Its async handlers run on a bridge of their own: wait until they and
    // the handlers they started have all returned, however they await.
    event.waitForHandlers(upTo: handlerTimeLimit)
    // A service that has not called its completion (or whose handler is
    // still running) is not waited for, even when the dispatch threw after
    // the handlers ran: its join's deadline must not fire later, inside
    // another event's trace. An event injected by a handler of another
    // leaves the clock to the outer one, whose own deadline it would fire.
    if !isNested {
      event.run {
        if clock.pending > 0 { clock.advance(by: deadline) }
      }
    }
    if selector == Self.sceneDidDisconnect, let scene = params.first as? StandIn {
      forget(scene)
    }
    let values = received.withElements { $0 }
    var (calls, diagnostics) = event.recorded
    // A service's handlers of one selector, when it lists the selector at
    // several priorities, are called in the order of their priorities.
    var priorities: [String: [String: [Int]]] = [:]
    var called: [String: [String: Int]] = [:]
    for index in calls.indices {
      let (selector, service) = (calls[index].selector, calls[index].service)
      let known = priorities[selector] ?? dispatcher.priorities(handling: selector)
      priorities[selector] = known
      let nth = called[selector, default: [:]][service, default: 0]
      called[selector, default: [:]][service] = nth + 1
      calls[index].priority = known[service].flatMap { nth < $0.count ? $0[nth] : nil }
    }
    return Trace(
      line: line, selector: selector, params: params,
      fold: dispatcher.fold(of: selector).description,
      calls: calls, result: result,
      completion: completion == nil || values.isEmpty ? nil : .some(values.first ?? nil),
      diagnostics: diagnostics,
      scene: isSceneEvent(selector) && !params.isEmpty ? "\(params[0])" : nil)
  }

  private static let sceneDidDisconnect = "sceneDidDisconnect:"

  /// Lets go of a disconnected scene's stand-in, unless its name already
  /// belongs to a newer one.
  private func forget(_ scene: StandIn) {
    let name = scene.description
    let identity = ObjectIdentifier(scene)
    scenes.withLock { scenes in
      if let current = scenes[name], ObjectIdentifier(current) == identity {
        scenes[name] = nil
      }
    }
  }

  /// Whether the selector's first argument is a scene.
  private func isSceneEvent(_ selector: String) -> Bool {
    vocabulary[selector: selector]?.arguments.first?.description
      == ArgumentType.scene.description
  }
}

extension Trace {
  var resultError: String {
    if case .failure(let error) = result { "\(error)" } else { "" }
  }
}

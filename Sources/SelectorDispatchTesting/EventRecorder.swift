import Dispatch
import SelectorDispatch

/// A spy that records every handler call of the services it watches: which
/// service, which selector, with what parameters, what it answered and how
/// long it took.
///
/// ```swift
/// let recorder = EventRecorder()
/// recorder.recordEveryService(of: dispatcher)
/// try dispatcher.register(PushService())
/// try dispatcher.register(
///   service: "audit", handlers: recorder.spy(service: "audit", on: ["applicationWillTerminate:"]))
/// _ = try dispatcher.dispatch(selector: "applicationWillTerminate:", params: [app])
/// try recorder.requireEveryService(["PushService", "audit"], saw: "applicationWillTerminate:")
/// ```
///
/// Safe to use from any thread; calls are kept in the order they finished.
public final class EventRecorder: Sendable {
  /// One recorded handler call.
  ///
  /// `@unchecked Sendable`: parameters and answers are kept as the handler
  /// saw them, for inspection after the fact.
  public struct Call: @unchecked Sendable {
    /// The service whose handler ran.
    public let service: String
    /// The selector it ran for.
    public let selector: String
    /// The parameters it received.
    public let params: [Any]
    /// What it answered.
    public let answer: Any?
    /// How long the handler took, in nanoseconds of the recorder's `now:`
    /// time source;
    /// 0 when that clock ran backwards during the call.
    public let nanoseconds: UInt64
    /// The handler's priority (its own, or else its service's), which
    /// places it in the call order; filled in by an ``EventInjector``'s
    /// trace from the dispatcher's table as it is after the event (`nil`
    /// for a service that unregistered during it), and `nil` otherwise.
    public internal(set) var priority: Int?

    /// Creates a record of one call.
    ///
    /// - Parameters:
    ///   - service: The service whose handler ran.
    ///   - selector: The selector it ran for.
    ///   - params: The parameters it received.
    ///   - answer: What it answered.
    ///   - nanoseconds: How long it took.
    ///   - priority: The priority it ran at, when known.
    package init(
      service: String, selector: String, params: [Any], answer: Any?, nanoseconds: UInt64,
      priority: Int? = nil
    ) {
      self.service = service
      self.selector = selector
      self.params = params
      self.answer = answer
      self.nanoseconds = nanoseconds
      self.priority = priority
    }
  }

  private let recorded = AwaitableLog<Call>()

  /// The time source, in nanoseconds; monotonic unless replaced. A source
  /// that goes backwards is tolerated: such a call is recorded as taking 0.
  package let now: @Sendable () -> UInt64

  /// Creates an empty recorder.
  ///
  /// - Parameter now: A nanosecond time source, such as a fake clock's;
  ///   defaults to the monotonic clock.
  public init(now: @escaping @Sendable () -> UInt64 = EventRecorder.monotonicNanoseconds) {
    self.now = now
  }

  /// The monotonic clock in nanoseconds.
  ///
  /// - Returns: Nanoseconds since an arbitrary fixed point.
  @Sendable @usableFromInline package static func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }

  /// Every call recorded so far, in the order the calls finished.
  public var calls: [Call] { recorded.withElements { $0 } }

  /// Returns the calls recorded so far and forgets them.
  ///
  /// - Returns: The calls, in the order they finished.
  package func drain() -> [Call] {
    recorded.withElements { calls in
      defer { calls = [] }
      return calls
    }
  }

  /// The services whose handlers ran for a selector, in call order, once per
  /// call.
  ///
  /// - Parameter selector: The selector.
  /// - Returns: DispatchService names, repeated when a service ran more than once.
  public func services(thatSaw selector: String) -> [String] {
    calls.filter { $0.selector == selector }.map(\.service)
  }

  /// Wraps a service's handlers so that each call is recorded.
  ///
  /// - Parameters:
  ///   - service: The name to record calls under.
  ///   - handlers: The handlers to wrap.
  /// - Returns: Handlers that behave the same and record every call.
  package func instrument(service: String, handlers: [String: SelectorHandler]) -> [String:
    SelectorHandler]
  {
    handlers.reduce(into: [:]) { table, entry in
      let (selector, handler) = entry
      table[selector] = { params in
        let start = self.now()
        let answer = handler(params)
        self.record(
          Call(
            service: service, selector: selector, params: params, answer: answer,
            nanoseconds: self.nanoseconds(since: start)))
        return answer
      }
    }
  }

  /// The time since `start` on `now`; 0 when that clock ran backwards (an
  /// injected one, or a wall clock stepped back), never a huge duration.
  func nanoseconds(since start: UInt64) -> UInt64 {
    let end = now()
    return end >= start ? end - start : 0
  }

  /// Records every handler call of every service registered with
  /// `dispatcher` from now on, whether it registers by handler table, as a
  /// ``DispatchService`` or from a manifest.
  ///
  /// - Parameter dispatcher: The dispatcher to trace.
  public func recordEveryService(of dispatcher: Dispatcher) {
    dispatcher.instrumentRegistrations { [self] service, handlers in
      instrument(service: service, handlers: handlers)
    }
    dispatcher.instrumentAsyncRegistrations { [self] service, handlers in
      instrument(service: service, asyncHandlers: handlers)
    }
  }

  /// Handlers that only record their calls and give a fixed answer.
  ///
  /// - Parameters:
  ///   - service: The name to record calls under.
  ///   - selectors: The selectors to handle; one listed twice is handled
  ///     once.
  ///   - answer: What every handler answers; `nil` for no opinion.
  /// - Returns: One recording handler per selector.
  public func spy(service: String, on selectors: [String], answer: Any? = nil) -> HandlerTable {
    let handlers: [String: SelectorHandler] = Dictionary(
      selectors.map { ($0, { _ in answer }) }, uniquingKeysWith: { first, _ in first })
    return HandlerTable(instrument(service: service, handlers: handlers))
  }

  /// Checks that each service handled a selector exactly once, and that no
  /// other service did.
  ///
  /// - Parameters:
  ///   - services: Every service that should have seen the event.
  ///   - selector: The selector.
  /// - Throws: ``ExpectationFailure`` naming the services that missed the
  ///   event, saw it more than once, or should not have seen it.
  public func requireEveryService(_ services: [String], saw selector: String) throws {
    let saw = self.services(thatSaw: selector)
    var counts: [String: Int] = [:]
    for service in saw { counts[service, default: 0] += 1 }
    var problems: [String] = []
    for service in services where counts[service, default: 0] != 1 {
      let count = counts[service, default: 0]
      problems.append("\(service) saw it \(count == 0 ? "never" : "\(count) times")")
    }
    let unexpected = Set(saw).subtracting(services).sorted()
    if !unexpected.isEmpty {
      problems.append("unexpected services saw it: \(unexpected.joined(separator: ", "))")
    }
    if !problems.isEmpty {
      throw ExpectationFailure(
        "expected each of [\(services.joined(separator: ", "))] to see \(selector) exactly once, "
          + "but " + problems.joined(separator: "; "))
    }
  }

  /// Keeps a call: with the event being injected, when this recorder's
  /// injector is injecting one on this task or thread, else in ``calls``.
  func record(_ call: Call) {
    if let event = InjectedEvent.current(of: self) {
      event.record(call)
    } else {
      recorded.append(call)
    }
  }

  /// Returns once `satisfied` holds for the calls recorded so far.
  nonisolated(nonsending) func wait(until satisfied: ([Call]) -> Bool) async {
    await recorded.wait { satisfied($0) ? () : nil }
  }
}

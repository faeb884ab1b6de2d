import SelectorDispatch

extension EventRecorder {
  /// The same services, each recording its handlers' calls here: how a running app (a debug
  /// build, say) gets the trace and the profile of its own services, on any path that
  /// registers them (the UIKit adapter's `services`, the SwiftUI entry point, a
  /// ``Dispatcher``).
  ///
  /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS example that does this -->
  /// ```swift
  /// override var services: [any DispatchService] {
  ///   let services: [any DispatchService] = [PushService(), AnalyticsService()]
  ///   #if DEBUG
  ///     return Self.recorder.recording(services)
  ///   #else
  ///     return services
  ///   #endif
  /// }
  /// ```
  ///
  /// Each service keeps its name and priority, and each handler its own priority and
  /// completion, so every event reaches the same handlers in the same order; its calls are
  /// recorded too, as ``recordEveryService(of:)`` records them. A recorded call costs the
  /// recorder's lock and clock, and goes by the `[Any]` path rather than the typed one:
  /// measure dispatch itself with the package's benchmarks, not with a recording. The
  /// recorder keeps each call's parameters and answer (UIKit's objects among them) until it
  /// goes away.
  ///
  /// - Parameter services: The services to record.
  /// - Returns: The services, recording into this recorder.
  public func recording(_ services: [any DispatchService]) -> [any DispatchService] {
    services.map { Recorded(service: $0, recorder: self) }
  }

  /// The recorded calls as a table: per service and selector, the calls, their total, mean
  /// and longest time, each service's total, and the slowest service last, the answer to
  /// "which service slows launch?".
  ///
  /// ```text
  /// service           selector                                     priority calls    total  …
  /// crash-reporting   application:didFinishLaunchingWithOptions:                1  2.009 ms
  ///                   (all selectors)                                          1  2.009 ms
  /// slowest service: crash-reporting, 2.009 ms in all
  /// ```
  ///
  /// Its priority column is blank: a recorder sees the calls, not the table that ordered
  /// them (an ``EventInjector``'s trace has the priorities).
  public var profile: String {
    var profile = Profile()
    profile.add(calls)
    return profile.table
  }
}

/// A service whose handlers record their calls in a recorder.
private struct Recorded: DispatchService {
  let service: any DispatchService
  let recorder: EventRecorder

  var name: String { service.name }
  var priority: Int { service.priority }
  var handlers: HandlerTable {
    let name = service.name
    return service.handlers.instrumented(
      { recorder.instrument(service: name, handlers: $0) },
      async: { recorder.instrument(service: name, asyncHandlers: $0) })
  }
}

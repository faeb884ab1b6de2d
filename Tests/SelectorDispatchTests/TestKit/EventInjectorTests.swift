import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch
@testable import selector_dispatch

@Suite struct EventInjectorTests {
  let fetch = "application:performFetchWithCompletionHandler:"

  @Test func injectsSwiftValuesAndTracesEveryService() throws {
    let injector = EventInjector(now: { 0 })
    try injector.dispatcher.register(
      service: "a", handlers: ["applicationWillTerminate:": { _ in nil }])
    try injector.dispatcher.register(
      service: "b", handlers: ["applicationWillTerminate:": { _ in nil }])
    let trace = injector.inject("applicationWillTerminate:", injector.application)
    #expect(trace.calls.map(\.service) == ["a", "b"])
    #expect(trace.fold == "broadcast")
    #expect(injector.recorder.calls.isEmpty, "the trace took the recorded calls")
  }

  /// The trace names the fold the dispatch used: that of an app's own event declared on
  /// the dispatcher, which the injector's vocabulary does not know. Before, it named
  /// `collect`, the vocabulary's default, while the dispatch folded with `any`.
  @Test func theTraceNamesTheFoldTheDispatcherUsed() throws {
    let injector = EventInjector()
    try injector.dispatcher.declare("appDidSync:", fold: .any)
    try injector.dispatcher.register(service: "sync", handlers: ["appDidSync:": { _ in true }])
    let trace = injector.inject("appDidSync:", 1)
    #expect(trace.fold == "any")
    #expect(try trace.result.get() as? Bool == true)
  }

  /// An app's own event, declared on the dispatcher but not in the injector's vocabulary,
  /// that no service handles: a log line of it is dispatched, as `inject(_:_:)` dispatches
  /// it. Before, the line was refused with a false message ("takes 1 argument … but 0 were
  /// given").
  @Test func aDeclaredEventThatNoServiceHandlesIsDispatchedFromALog() throws {
    let injector = EventInjector()
    try injector.dispatcher.declare("appDidSync:", fold: .collect)
    let trace = try injector.inject(json: #"{"selector": "appDidSync:", "params": [1]}"#).get()
    #expect(trace.calls.isEmpty)
    #expect((try trace.result.get() as? [Any?])?.isEmpty == true)
    #expect(injector.inject("appDidSync:", 1).calls.isEmpty)
    let misspelt = injector.inject(json: #"{"selector": "appDidSynk:", "params": [1]}"#)
    guard case .failure(let problem) = misspelt else {
      Issue.record("an unknown selector was dispatched")
      return
    }
    #expect(problem.column == 14)
    #expect(problem.message.contains("did you mean `appDidSync:`"))
  }

  @Test func anUnknownSelectorFromALogLeavesNothingInterned() throws {
    let injector = EventInjector()
    try injector.dispatcher.register(
      service: "a", handlers: ["applicationWillTerminate:": { _ in nil }])
    let run = UInt64.random(in: 0 ... .max)
    let unknown = "fromTheLog\(run):withArgument:"
    let result = injector.inject(json: #"{"selector": "\#(unknown)", "params": [1, 2]}"#)
    guard case .failure(let problem) = result else {
      Issue.record("an unknown selector was dispatched")
      return
    }
    #expect(problem.message.contains("unrecognized selector"))
    let misnamed = injector.inject(json: #"{"selector": "\#(unknown)x", "params": [1]}"#)
    #expect(throws: EventScript.Problem.self) { try misnamed.get() }
    #expect(!SelectorKey.isInterned(unknown))
    #expect(!SelectorKey.isInterned(unknown + "x"))
  }

  @Test func convertsJSONParamsToTheDeclaredTypes() throws {
    let injector = EventInjector()
    let seen = Locked<[String]>([])
    try injector.dispatcher.register(
      service: "types",
      handlers: [
        "application:openURL:options:": { params in
          seen.withLock { $0 = params.map { "\(type(of: $0))" } }
          return true
        },
        "application:didRegisterForRemoteNotificationsWithDeviceToken:": { params in
          (params[1] as? Data).map { Array($0) }
        },
      ])
    let opened = try injector.inject(
      json: #"{"selector": "application:openURL:options:", "params": [1, "myapp://x", {"k": 1}]}"#
    ).get()
    #expect(try opened.result.get() as? Bool == true)
    #expect(seen.withLock { $0 } == ["StandIn", "URL", "Dictionary<String, Any>"])
    let token = try injector.inject(
      json:
        #"{"selector": "application:didRegisterForRemoteNotificationsWithDeviceToken:", "params": ["app", "AQI="]}"#
    ).get()
    #expect(token.calls.first?.answer as? [UInt8] == [1, 2])
    let bad = injector.inject(
      json:
        #"{"selector": "application:didRegisterForRemoteNotificationsWithDeviceToken:", "params": ["app", "%%"]}"#
    )
    #expect(throws: EventScript.Problem.self) { try bad.get() }
  }

  @Test func aServiceThatNeverCompletesIsReportedWithoutWaiting() throws {
    let injector = EventInjector(deadline: .seconds(25))
    try injector.dispatcher.register(
      service: "prompt",
      handlers: HandlerTable([
        TypedHandler(fetch) { (_: AnyObject, done: @escaping (BackgroundFetchResult) -> Void) in
          done(.newData)
        }
      ]))
    try injector.dispatcher.register(
      service: "forgetful",
      handlers: HandlerTable([
        TypedHandler(fetch) { (_: AnyObject, _: @escaping (BackgroundFetchResult) -> Void) in }
      ]))
    let trace = injector.inject(fetch, injector.application, ())
    #expect(trace.completion.flatMap { $0 as? BackgroundFetchResult } == .newData)
    #expect(injector.clock.now == .seconds(25), "the fake clock moved, no real time passed")
    #expect(trace.diagnostics.count == 1)
    #expect(trace.diagnostics.first?.service == "forgetful")
    #expect(trace.readable().contains("\n  diagnostic: service \"forgetful\""))
  }
}

extension EventInjectorTests {
  @Test func aFailedCompletionEventDoesNotLeakIntoTheNextTrace() throws {
    let injector = EventInjector(deadline: .seconds(25))
    try injector.dispatcher.register(
      service: "thrower",
      handlers: HandlerTable([
        TypedHandler(fetch) {
          (_: AnyObject, _: @escaping (BackgroundFetchResult) -> Void) throws in
          throw DispatchError.duplicateService(name: "offline")
        }
      ]))
    let failed = injector.inject(fetch, injector.application, ())
    #expect(throws: DispatchError.self) { try failed.result.get() }
    #expect(injector.clock.pending == 0, "its deadline was settled within its own event")
    // A handler that threw is not waited for: no deadline passed.
    #expect(injector.clock.now == .zero)
    #expect(failed.diagnostics.isEmpty)
    #expect(failed.completion.flatMap { $0 as? BackgroundFetchResult } == .noData)
    try injector.dispatcher.register(
      service: "quiet", handlers: ["applicationWillTerminate:": { _ in nil }])
    let next = injector.inject("applicationWillTerminate:", injector.application)
    #expect(next.diagnostics.isEmpty)
  }

  @Test func forgettingDiagnosticsBetweenEventsKeepsEachTraceWhole() throws {
    let injector = EventInjector(deadline: .seconds(1))
    try injector.dispatcher.register(
      service: "forgetful",
      handlers: HandlerTable([
        TypedHandler(fetch) { (_: AnyObject, _: @escaping (BackgroundFetchResult) -> Void) in }
      ]))
    // Registering for the deprecated fetch selector is itself reported.
    #expect(injector.diagnostics.entries.count == 1)
    injector.diagnostics.removeAll()
    for _ in 0..<3 {
      let trace = injector.inject(fetch, injector.application, ())
      #expect(trace.diagnostics.map(\.service) == ["forgetful"])
      #expect(injector.diagnostics.entries.count == 1, "only this event's")
      injector.diagnostics.removeAll()
      #expect(injector.diagnostics.entries.isEmpty)
    }
  }
}

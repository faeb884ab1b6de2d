import SelectorDispatch
import SelectorDispatchTesting
import Testing

/// `EventRecorder.recording(_:)`: a running app's services, recording their calls, behave as
/// they do without it.
@Suite struct RecordingServicesTests {
  @Test func aRunningAppsRecorderGivesTheProfile() throws {
    let times = Locked<[UInt64]>([0, 3_000_000, 3_000_000, 3_001_000])
    let recorder = EventRecorder(now: { times.withLock { $0.removeFirst() } })
    let app = Dispatcher(vocabulary: .applicationDelegate)
    struct Launch: DispatchService {
      var priority: Int { 5 }
      var handlers: HandlerTable {
        on("application:didFinishLaunchingWithOptions:") {
          (_: AnyObject, _: [String: Any]?) -> Bool in true
        }
        .priority(50)
      }
    }
    // Quiet registers first and at a higher service priority: Launch's handler runs first
    // only if its own priority survives the recording.
    try app.register(contentsOf: recorder.recording([Quiet(), Launch()]))
    let launched = try app.dispatch(
      selector: "application:didFinishLaunchingWithOptions:", params: ["app", [String: Any]()])
    #expect(launched as? Bool == true)
    #expect(recorder.calls.map(\.service) == ["Launch", "Quiet"], "the handler's own priority")
    #expect(recorder.calls.first?.nanoseconds == 3_000_000)
    #expect(recorder.profile.hasSuffix("slowest service: Launch, 3.000 ms in all"))
    #expect(
      recorder.profile.contains(
        "\nLaunch            application:didFinishLaunchingWithOptions:                1    "
          + "3.000 ms    3.000 ms    3.000 ms\n"))
  }

  @Test func recordedServicesKeepTheirAsyncHandlersAndCompletions() throws {
    let injector = EventInjector()
    let recorder = EventRecorder()
    try injector.dispatcher.register(contentsOf: recorder.recording([Fetch()]))
    let fetch = injector.inject(
      "application:performFetchWithCompletionHandler:", injector.application, "completion")
    #expect(fetch.completion.flatMap { $0 as? BackgroundFetchResult } == .newData)
    let push = injector.inject(
      "application:didReceiveRemoteNotification:fetchCompletionHandler:", injector.application,
      ["feed": 1] as [AnyHashable: Any], "completion")
    #expect(push.completion.flatMap { $0 as? BackgroundFetchResult } == .failed)
    #expect(
      recorder.calls.map(\.selector) == [
        "application:performFetchWithCompletionHandler:",
        "application:didReceiveRemoteNotification:fetchCompletionHandler:",
      ])
    #expect(recorder.calls.first?.answer as? BackgroundFetchResult == .newData)
  }

  @Test func aRecordedAsyncHandlerStillNeedsItsSelectorsCompletionDeclared() {
    let recorder = EventRecorder()
    let bare = Dispatcher()
    #expect(throws: DispatchError.self) {
      try bare.register(contentsOf: recorder.recording([Fetch()]))
    }
  }

  @Test func aRecordedMainActorHandlerStillRefusesAnotherThread() throws {
    let recorder = EventRecorder()
    let app = Dispatcher()
    try app.declare("themeWasSet:", fold: .broadcast)
    try app.register(contentsOf: recorder.recording([Theme()]))
    // A Swift Testing test that is not @MainActor runs on the cooperative pool.
    #expect(throws: DispatchError.notOnMainActor(selector: "themeWasSet:", service: "Theme")) {
      try app.dispatch(selector: "themeWasSet:", params: ["dusk"])
    }
  }
}

/// A service with no opinion on launch.
private struct Quiet: DispatchService {
  var priority: Int { 10 }
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (_: AnyObject, _: [String: Any]?) -> Bool? in nil
    }
  }
}

/// An async fetch, and a push handler that calls its completion.
private struct Fetch: DispatchService {
  var handlers: HandlerTable {
    on("application:performFetchWithCompletionHandler:") {
      (_: AnyObject) async -> BackgroundFetchResult in .newData
    }
    on("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
      (_: AnyObject, _: [AnyHashable: Any], done: @escaping (BackgroundFetchResult) -> Void) in
      done(.failed)
    }
  }
}

extension Dispatcher.MainActorEvent {
  fileprivate static var themeWasSet: Dispatcher.MainActorEvent<(String) -> Void> {
    .init("themeWasSet:")
  }
}

/// A main-actor handler.
private struct Theme: DispatchService {
  var handlers: HandlerTable { on(.themeWasSet) { _ in } }
}

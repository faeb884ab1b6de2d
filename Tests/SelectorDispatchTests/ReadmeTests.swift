import Foundation
import SelectorDispatch
import Testing

/// The README's examples, as written there (with `"app"` for `uiApp`), so
/// they keep compiling and saying what the README says they say. Each is
/// tested once: the services and manifest examples are the DocC article's
/// too, and `DocumentationTests.handlerTablesServicesAndManifests` tests
/// them.
@Suite struct ReadmeTests {
  let uiApp = "app"
  let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1]]

  @Test func dispatcherExamplePrintsWhatTheReadmeShows() throws {
    let printed = CallLog()
    let print: @Sendable (Any...) -> Void = { items in
      printed.record(items.map { "\($0)" }.joined(separator: " "))
    }
    let launch = "application:didFinishLaunchingWithOptions:"
    let dispatcher = Dispatcher()
    try dispatcher.declare(launch, fold: .all)  // every service runs; any veto gives false
    try dispatcher.register(
      service: "push", priority: 10,
      handlers: [
        launch: { _ in
          print("push: registered for notifications")
          return true
        }
      ])
    try dispatcher.register(
      service: "analytics",
      handlers: [
        launch: { _ in
          print("analytics: session started")
          return nil
        }  // nil: no opinion
      ])
    print("launched:", try dispatcher.dispatch(selector: launch, params: ["app", [:]]) ?? "nil")
    #expect(
      printed.entries == [
        "push: registered for notifications", "analytics: session started", "launched: true",
      ])
  }

  @Test func vocabularyDispatchAndArgumentTypes() throws {
    let app = Dispatcher(vocabulary: .applicationDelegate)
    try app.register(
      service: "router",
      handlers: [
        "application:openURL:options:": { params in (params[1] as? URL)?.scheme == "myapp" }
      ])
    let url = try #require(URL(string: "myapp://item/42"))
    let opened = try app.dispatch(
      selector: "application:openURL:options:", params: [uiApp, url, [:]])
    #expect(opened as? Bool == true)
    #expect(!app.responds(to: "applicationDidEnterBackground:"))

    let error = try #require(throws: DispatchError.self) {
      try app.dispatch(selector: "application:openURL:options:", params: [uiApp, 42, [:]])
    }
    #expect(
      error.description
        == "argument 1 of `application:openURL:options:` must be URL, but Int was given")
  }

  @Test func exclusiveDomain() throws {
    let strict = Dispatcher(
      vocabulary: Vocabulary.applicationDelegate.exclusive([.urlResourceOpening]))
    try strict.register(
      service: "router", handlers: ["application:openURL:options:": { _ in true }])
    let error = try #require(throws: DispatchError.self) {
      try strict.register(
        service: "legacy", handlers: ["application:handleOpenURL:": { _ in true }])
    }
    #expect(
      error.description
        == "service \"legacy\" cannot handle `application:handleOpenURL:`: the URL resource "
        + "opening domain is exclusive and service \"router\" already handles it; "
        + "unregister \"router\" first or leave the domain shared")
  }

  @Test func completionExactlyOnce() throws {
    let app = Dispatcher(vocabulary: .applicationDelegate)
    let printed = CallLog()
    let print: @Sendable (Any...) -> Void = { items in
      printed.record(items.map { "\($0)" }.joined(separator: " "))
    }
    let push = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
    app.diagnosticHandler = { print($0) }
    for (name, result) in [("feed", BackgroundFetchResult.newData), ("mail", .noData)] {
      try app.register(
        service: name,
        handlers: [
          push: { params in
            let done = params[2] as? (BackgroundFetchResult) -> Void
            done?(result)
            done?(result)  // ignored and reported
            return nil
          }
        ])
    }
    let completion: (BackgroundFetchResult) -> Void = { print("fetch:", $0) }
    _ = try app.dispatch(selector: push, params: [uiApp, userInfo, completion])
    #expect(
      printed.entries == [
        "service \"feed\" called the completion handler of `\(push)` more than once; "
          + "the extra call was ignored",
        "service \"mail\" called the completion handler of `\(push)` more than once; "
          + "the extra call was ignored",
        "fetch: newData",
      ])
  }
}

import Dispatch
import Foundation
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatch

/// Hostile input and misbehaving services: each gets a clear error or a
/// documented behaviour, and every other service still receives the event.
@Suite struct FaultTests {
  let event = "applicationDidEnterBackground:"

  @Test func aMegabyteSelectorIsRejectedQuicklyWithAShortMessage() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [event: { _ in nil }])
    let valid = String(repeating: "x", count: 1 << 20) + ":"
    let unknown = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: valid, params: [0])
    }
    guard case .unrecognizedSelector(_, nil) = unknown else {
      Issue.record("expected unrecognizedSelector without a suggestion, got \(unknown)")
      return
    }
    #expect(unknown.description.utf8.count < 300)
    let malformed = try #require(throws: DispatchError.self) {
      try dispatcher.register(service: "b", handlers: [valid + "-": { _ in nil }])
    }
    #expect(malformed.description.contains("at offset \(valid.utf8.count)"))
    #expect(malformed.description.utf8.count < 300)
  }

  @Test func aHundredThousandParamsIsAnArityErrorBeforeAnyCall() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: [event: log.handler("a")])
    let params = [Any](repeating: 0, count: 100_000)
    #expect(throws: DispatchError.arityMismatch(selector: event, expected: 1, actual: 100_000)) {
      try dispatcher.dispatch(selector: event, params: params)
    }
    #expect(log.entries.isEmpty)
  }

  @Test func garbageAnswersAreReportedAndTheOthersStillRun() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .all)
    try dispatcher.register(
      service: "garbage", priority: 1, handlers: [event: log.handler("garbage", answer: [1, 2])])
    try dispatcher.register(service: "fine", handlers: [event: log.handler("fine", answer: true)])
    #expect(
      throws: DispatchError.resultTypeMismatch(
        selector: event, service: "garbage", expected: "Bool or nil", actual: "Array<Int>")
    ) {
      try dispatcher.dispatch(selector: event, params: [0])
    }
    #expect(log.entries == ["garbage", "fine"])
  }

  @Test func aServiceRegisteringOthersMidDispatchAffectsOnlyTheNextDispatch() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(
      service: "spawner", priority: 5,
      handlers: [
        event: { [unowned dispatcher] _ in
          log.record("spawner")
          for index in 0..<3 {
            try? dispatcher.register(
              service: "spawned\(index)", priority: 10,
              handlers: [event: log.handler("spawned\(index)")])
          }
          return nil
        }
      ])
    try dispatcher.register(service: "bystander", handlers: [event: log.handler("bystander")])
    _ = try dispatcher.dispatch(selector: event, params: [0])
    #expect(log.entries == ["spawner", "bystander"])
    _ = try dispatcher.dispatch(selector: event, params: [0])
    #expect(
      log.entries == [
        "spawner", "bystander", "spawned0", "spawned1", "spawned2", "spawner", "bystander",
      ])
  }

  // Dispatcher+CompletionTests covers each completion fault on its own and
  // under load; this test has all of them in one event, with a bystander.
  @Test func twiceNeverAndOffThreadCompletionsInOneEventCompleteTheCallerOnce() throws {
    let respond = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    let clock = FakeClock()
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate, clock: clock)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    let log = CallLog()
    let offThread = DispatchGroup()
    let kept = Locked<(() -> Void)?>(nil)
    let behaviours: [(name: String, handler: SelectorHandler)] = [
      (
        "twice",
        { params in
          log.record("twice")
          let completion = params.last as? () -> Void
          completion?()
          completion?()
          return nil
        }
      ),
      (
        "elsewhere",
        { params in
          log.record("elsewhere")
          let completion = UncheckedBox(value: params.last as? () -> Void)
          DispatchQueue.global().async(group: offThread) { completion.value?() }
          return nil
        }
      ),
      (
        "never",
        { params in
          log.record("never")
          kept.withLockUnchecked { $0 = params.last as? () -> Void }
          return nil
        }
      ),
      (
        "bystander",
        { params in
          log.record("bystander")
          (params.last as? () -> Void)?()
          return nil
        }
      ),
    ]
    for (priority, behaviour) in behaviours.enumerated() {
      try dispatcher.register(
        service: behaviour.name, priority: -priority, handlers: [respond: behaviour.handler])
    }
    let caller = CallLog()
    let completion: () -> Void = { caller.record("caller") }
    _ = try dispatcher.dispatch(selector: respond, params: ["center", "response", completion])
    #expect(log.entries == ["twice", "elsewhere", "never", "bystander"], "everyone got the event")
    #expect(offThread.wait(timeout: .now() + 10) == .success, "the other thread finished")
    #expect(caller.entries.isEmpty, "\"never\" is still awaited")
    clock.advance(by: .seconds(25))
    #expect(caller.entries == ["caller"])
    kept.withLock { $0 }?()
    #expect(caller.entries == ["caller"], "a late call does not complete the caller again")
    #expect(
      diagnostics.entries == [
        .completionCalledTwice(selector: respond, service: "twice"),
        .completionMissedDeadline(
          selector: respond, service: "never", deadlineMilliseconds: 25_000),
        .completionAfterDeadline(selector: respond, service: "never"),
      ])
    #expect(clock.pending == 0)
  }

  struct Thrower: DispatchService {
    struct Offline: Error, CustomStringConvertible {
      let name: String
      var description: String { "\(name) is offline" }
    }
    let name: String
    let priority: Int
    let log: CallLog
    var handlers: HandlerTable {
      on("application:openURL:options:") { (_: Any, _: String, _: [String: Any]) throws -> Bool in
        log.record(name)
        throw Offline(name: name)
      }
    }
  }

  struct Opener: DispatchService {
    let name: String
    let priority: Int
    let answer: Bool
    let log: CallLog
    var handlers: HandlerTable {
      on("application:openURL:options:") { (_: Any, _: String, _: [String: Any]) -> Bool in
        log.record(name)
        return answer
      }
    }
  }

  // DispatchServiceTests shows one typed thrower before one bystander; here there
  // are two throwers around a service that answers, under a Bool fold.
  @Test func throwingTypedHandlersAreReportedAfterEveryServiceRan() throws {
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.declare("application:openURL:options:", fold: .any)
    try dispatcher.register(Thrower(name: "first", priority: 3, log: log))
    try dispatcher.register(Opener(name: "opener", priority: 2, answer: true, log: log))
    try dispatcher.register(Thrower(name: "second", priority: 1, log: log))
    try dispatcher.register(Opener(name: "last", priority: 0, answer: false, log: log))
    let params: [Any] = ["app", "app://x", [String: Any]()]
    #expect(
      throws: DispatchError.handlerFailed(
        selector: "application:openURL:options:", service: "first", reason: "first is offline")
    ) {
      try dispatcher.dispatch(selector: "application:openURL:options:", params: params)
    }
    #expect(log.entries == ["first", "opener", "second", "last"])
  }

  @Test func aManifestNamingANonServiceOrAMissingClassCreatesNothing() throws {
    let log = CallLog()
    var catalog = ServiceCatalog()
    catalog.add("Push") {
      log.record("created Push")
      return Opener(name: "Push", priority: 0, answer: true, log: log)
    }
    let dispatcher = Dispatcher()
    try dispatcher.declare("application:openURL:options:", fold: .any)
    try dispatcher.register(Opener(name: "resident", priority: 0, answer: false, log: log))
    let cases: [(json: String, error: ManifestError, mentions: String)] = [
      (
        #"["Push", "Foundation.FileHandle"]"#,
        .notAService(
          index: 1, name: "Foundation.FileHandle", position: .init(line: 1, column: 10),
          type: "Foundation.FileHandle"),
        "which is not a LoadableService; it was not created"
      ),
      (
        #"["Push", "NoSuchModule.NoSuchService"]"#,
        .unknownService(
          index: 1, name: "NoSuchModule.NoSuchService", position: .init(line: 1, column: 10),
          suggestion: nil),
        "names no known service"
      ),
    ]
    for test in cases {
      let manifest = try Manifest.parse(Data(test.json.utf8))
      let error = try #require(throws: ManifestError.self) {
        try dispatcher.register(manifest, catalog: catalog)
      }
      #expect(error == test.error)
      #expect(error.description.contains(test.mentions))
    }
    #expect(!log.entries.contains("created Push"), "names resolve before anything is created")
    #expect(
      try dispatcher.dispatch(
        selector: "application:openURL:options:", params: ["app", "app://x", [String: Any]()])
        as? Bool == false)
    #expect(log.entries == ["resident"], "the resident service still gets events")
    #expect(!dispatcher.unregister(service: "Push"))
  }
}

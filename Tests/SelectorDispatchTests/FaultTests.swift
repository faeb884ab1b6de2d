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
    try dispatcher.register(service: "garbage", priority: 1, handlers: [event: log.handler("garbage", answer: [1, 2])])
    try dispatcher.register(service: "fine", handlers: [event: log.handler("fine", answer: true)])
    #expect(throws: DispatchError.resultTypeMismatch(
      selector: event, service: "garbage", expected: "Bool or nil", actual: "Array<Int>")) {
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
              service: "spawned\(index)", priority: 10, handlers: [event: log.handler("spawned\(index)")])
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
}

import Foundation
import Testing

@testable import SelectorDispatch

extension Dispatcher.Event {
  fileprivate static var launch: Dispatcher.Event<(String) -> Bool> { .init("launch:") }
  fileprivate static var sleep: Dispatcher.Event<(String) -> Void> { .init("sleep:") }
}

extension Dispatcher.MainActorEvent {
  fileprivate static var tap: Dispatcher.MainActorEvent<(Int) -> Void> { .init("tap:") }
}

/// A service written as a value: `Service(name) { on(…) … }`.
@Suite struct ServiceTests {
  /// A dispatcher that folds `launch:` with `.all`.
  static func dispatcher() throws -> Dispatcher {
    let dispatcher = Dispatcher()
    try dispatcher.declare("launch:", fold: .all)
    return dispatcher
  }

  @Test func aValueRegistersUnderItsNameWithItsHandlers() throws {
    let log = CallLog()
    let dispatcher = try Self.dispatcher()
    let push = Service("Push") {
      on(.launch) { app in
        log.record("push.launch \(app)")
        return true
      }
      on(.sleep) { app in log.record("push.sleep") }
    }
    #expect(push.name == "Push")
    #expect(push.priority == 0)
    try dispatcher.register(push)
    #expect(try dispatcher.dispatch(selector: "launch:", params: ["app"]) as? Bool == true)
    _ = try dispatcher.dispatch(selector: "sleep:", params: ["app"])
    #expect(log.entries == ["push.launch app", "push.sleep"])
    #expect(dispatcher.services(handling: "sleep:") == ["Push"])
  }

  @Test func valuesRunByPriorityThenInTheOrderTheyAreListed() throws {
    let log = CallLog()
    let dispatcher = try Self.dispatcher()
    try dispatcher.register(contentsOf: [
      Service("Analytics") {
        on(.launch) { _ in
          log.record("analytics")
          return false
        }
      },
      Service("Links") { on(.launch) { _ in log.record("links") } },
      Service("Push", priority: 10) {
        on(.launch) { _ in
          log.record("push")
          return true
        }
      },
      Service("Setup") { on(.launch) { _ in log.record("setup") }.priority(100) },
    ])
    #expect(try dispatcher.dispatch(selector: "launch:", params: ["app"]) as? Bool == false)
    #expect(log.entries == ["setup", "push", "analytics", "links"])
  }

  @Test func twoValuesWithOneNameRegisterNeither() throws {
    let dispatcher = try Self.dispatcher()
    #expect(throws: DispatchError.duplicateService(name: "Push")) {
      try dispatcher.register(contentsOf: [
        Service("Push") { on(.sleep) { _ in } },
        Service("Push") { on(.launch) { _ in true } },
      ])
    }
    #expect(!dispatcher.responds(to: "sleep:"))
  }

  @Test func aMistakeInTheBodyIsThrownWhenItRegistersAndNothingOfItRegisters() throws {
    let dispatcher = try Self.dispatcher()
    let broken = Service("Broken") {
      on(.sleep) { _ in }
      on("launch:") { (app: String, options: [String: Any]) in true }
    }
    #expect(throws: DispatchError.arityMismatch(selector: "launch:", expected: 1, actual: 2)) {
      try dispatcher.register(broken)
    }
    #expect(!dispatcher.responds(to: "sleep:"))
    #expect(!dispatcher.unregister(service: "Broken"))
  }

  @Test func unregisteringAValueRemovesEveryHandlerOfIt() throws {
    let dispatcher = try Self.dispatcher()
    try dispatcher.register(
      Service("Push") {
        on(.launch) { _ in true }
        on(.sleep) { _ in }
      })
    try dispatcher.register(Service("Links") { on(.sleep) { _ in } })
    #expect(dispatcher.unregister(service: "Push"))
    #expect(!dispatcher.responds(to: "launch:"))
    #expect(dispatcher.services(handling: "sleep:") == ["Links"])
    #expect(!dispatcher.unregister(service: "Push"))
  }

  /// What an app delegate does: its services, listed in a main-actor
  /// class, reach its state and helpers through `self`.
  @MainActor final class Host {
    var taps: [Int] = []
    func record(_ tap: Int) { taps.append(tap) }
    var services: [any DispatchService] {
      [Service("Taps") { on(.tap) { tap in self.record(tap) } }]
    }
  }

  @MainActor @Test func aValuesHandlersReachTheMainActorHostThatListsIt() throws {
    let host = Host()
    let dispatcher = Dispatcher()
    try dispatcher.register(contentsOf: host.services)
    _ = try dispatcher.dispatch(selector: "tap:", params: [3])
    #expect(host.taps == [3])
  }
}

import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct ExclusivityTests {
  let openURL = "application:openURL:options:"
  let handleOpenURL = "application:handleOpenURL:"
  let active = "applicationDidBecomeActive:"
  let background = "applicationDidEnterBackground:"

  func dispatcher(exclusive domains: [Domain]) -> Dispatcher {
    Dispatcher(vocabulary: Vocabulary.applicationDelegate.exclusive(domains))
  }

  @Test func aSecondServiceInAnExclusiveDomainIsRejectedNamingBoth() throws {
    let dispatcher = dispatcher(exclusive: [.urlResourceOpening])
    try dispatcher.register(service: "router", handlers: [openURL: { _ in true }])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.register(service: "deeplinks", handlers: [handleOpenURL: { _ in true }])
    }
    #expect(
      error
        == .exclusiveDomainConflict(
          domain: "URL resource opening", selector: handleOpenURL, service: "deeplinks",
          owner: "router"))
    #expect(
      error.description
        == "service \"deeplinks\" cannot handle `application:handleOpenURL:`: the URL resource "
        + "opening domain is exclusive and service \"router\" already handles it; "
        + "unregister \"router\" first or leave the domain shared")
  }

  @Test func rejectionIsAllOrNothing() throws {
    let log = CallLog()
    let dispatcher = dispatcher(exclusive: [.urlResourceOpening])
    try dispatcher.register(service: "router", handlers: [openURL: log.handler("router")])
    #expect(throws: DispatchError.self) {
      try dispatcher.register(
        service: "greedy",
        handlers: [background: log.handler("greedy"), openURL: log.handler("greedy")])
    }
    #expect(!dispatcher.responds(to: background), "nothing from the rejected call is registered")
    _ = try dispatcher.dispatch(selector: background, params: ["app"])
    #expect(log.entries.isEmpty)
    // The name is still free.
    try dispatcher.register(service: "greedy", handlers: [background: log.handler("greedy")])
    _ = try dispatcher.dispatch(selector: background, params: ["app"])
    #expect(log.entries == ["greedy"])
  }

  @Test func theOwnerMayHandleSeveralSelectorsOfItsDomain() throws {
    let dispatcher = dispatcher(exclusive: [.appState])
    try dispatcher.register(
      service: "state", handlers: [active: { _ in nil }, background: { _ in nil }])
    #expect(dispatcher.responds(to: active) && dispatcher.responds(to: background))
  }

  @Test func unregisteringTheOwnerFreesTheDomain() throws {
    let dispatcher = dispatcher(exclusive: [.appState])
    try dispatcher.register(service: "old", handlers: [active: { _ in nil }])
    #expect(throws: DispatchError.self) {
      try dispatcher.register(service: "new", handlers: [background: { _ in nil }])
    }
    #expect(dispatcher.unregister(service: "old"))
    try dispatcher.register(service: "new", handlers: [background: { _ in nil }])
    #expect(throws: DispatchError.self) {
      try dispatcher.register(service: "old", handlers: [active: { _ in nil }])
    }
  }

  @Test func sharedDomainsTakeAnyNumberOfServices() throws {
    let log = CallLog()
    let dispatcher = dispatcher(exclusive: [.urlResourceOpening])
    for name in ["a", "b", "c"] {
      try dispatcher.register(service: name, handlers: [active: log.handler(name)])
    }
    _ = try dispatcher.dispatch(selector: active, params: ["app"])
    #expect(log.entries == ["a", "b", "c"])
  }

  @Test func makingADomainExclusiveLaterChecksWhatIsRegistered() throws {
    let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
    try dispatcher.register(service: "first", handlers: [active: { _ in nil }])
    try dispatcher.register(service: "second", handlers: [background: { _ in nil }])
    try dispatcher.register(service: "links", handlers: [openURL: { _ in true }])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.declare(Vocabulary.applicationDelegate.exclusive([.appState]))
    }
    #expect(
      error
        == .exclusiveDomainConflict(
          domain: "app state", selector: background, service: "second", owner: "first"))
    // Nothing changed: app state is still shared.
    try dispatcher.register(service: "third", handlers: [active: { _ in nil }])
    // A domain held by one service can become exclusive.
    try dispatcher.declare(Vocabulary.applicationDelegate.exclusive([.urlResourceOpening]))
    #expect(throws: DispatchError.self) {
      try dispatcher.register(service: "more links", handlers: [openURL: { _ in true }])
    }
  }
}

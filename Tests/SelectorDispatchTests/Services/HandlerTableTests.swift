import Foundation
import SelectorDispatch
import Testing

@Suite struct HandlerTableTests {
  @Test func aLiteralThatRepeatsASelectorRegistersNothingInsteadOfTrapping() throws {
    let selector = "applicationWillTerminate:"
    let table: HandlerTable = [
      selector: { _ in 1 }, "applicationDidBecomeActive:": { _ in 2 }, selector: { _ in 3 },
    ]
    #expect(table.problem == .duplicateHandler(selector: selector, service: nil))
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.duplicateHandler(selector: selector, service: "s")) {
      try dispatcher.register(service: "s", handlers: table)
    }
    #expect(!dispatcher.responds(to: "applicationDidBecomeActive:"))
  }

  /// The same literal written straight into `register(service:handlers:)`, with keys the
  /// compiler cannot compare (it warns only about repeated string literals): it is a
  /// table's literal, so registering throws and registers nothing. Before, it was a
  /// `Dictionary` literal, and the process stopped with SIGILL ("Dictionary literal contains
  /// duplicate keys") before the call began, with or without async handlers beside it: an
  /// exit test, so that the suite would report that instead of dying.
  @Test func aRegisterLiteralThatRepeatsASelectorThrowsInsteadOfTrapping() async {
    await #expect(processExitsWith: .success) {
      let dispatcher = Dispatcher()
      for service in ["sync", "both"] {
        do {
          try dispatcher.register(
            service: service,
            handlers: [
              HandlerTableTests.terminate: { _ in 1 }, HandlerTableTests.terminate: { _ in 2 },
            ],
            asyncHandlers: service == "sync"
              ? [:]
              : [
                HandlerTableTests.active: { _ in nil }, HandlerTableTests.background: { _ in nil },
              ]
          )
          exit(2)  // registered
        } catch DispatchError.duplicateHandler(HandlerTableTests.terminate, service) {
          // thrown, naming the selector and the service
        } catch {
          exit(3)
        }
      }
      if dispatcher.responds(to: HandlerTableTests.terminate) { exit(4) }
    }
  }

  static let terminate = "applicationWillTerminate:"
  static let active = "applicationDidBecomeActive:"
  static let background = "applicationDidEnterBackground:"

  @Test func oneRegisterTakesEveryFormOfTable() async throws {
    let dispatcher = Dispatcher()
    let selector = "answer:"
    try dispatcher.declare(selector, fold: .collect)
    try dispatcher.register(
      service: "literal", priority: 5, handlers: [selector: { _ in "literal" }])
    var built: [String: SelectorHandler] = [:]
    built[selector] = { _ in "built" }
    try dispatcher.register(service: "built", priority: 4, handlers: HandlerTable(built))
    let table: HandlerTable = [selector: { _ in "table" }]
    try dispatcher.register(service: "table", priority: 3, handlers: table)
    try dispatcher.register(
      service: "typed", priority: 2,
      handlers: HandlerTable([TypedHandler(selector) { (_: Int) in "typed" }]))
    try dispatcher.register(
      service: "async", priority: 1, asyncHandlers: [selector: { _ in "async" }])
    #expect(
      try await dispatcher.answer(to: selector, params: [0]) as? [String]
        == ["literal", "built", "table", "typed", "async"])
  }
}

import Testing

@testable import SelectorDispatch

/// The dispatcher's table: one byte-exact map from text, and memory in
/// proportion to the dispatcher's own selectors.
@Suite struct DispatcherTableTests {
  /// `Kick:` with its `K` written as U+212A KELVIN SIGN: canonically
  /// equivalent to `Kick:` for `String ==`, rejected by the grammar.
  let kelvin = "\u{212A}ick:"

  @Test func aLookalikeOfARegisteredSelectorNeverReachesItsHandler() throws {
    #expect(kelvin == "Kick:", "String equality says they are the same")
    let log = CallLog()
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "kick", handlers: ["Kick:": log.handler("kick")])
    let error = try #require(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: kelvin, params: [0])
    }
    guard case .malformedSelector(let selector, let offset, _) = error else {
      Issue.record("expected malformedSelector, got \(error)")
      return
    }
    #expect(selector == kelvin)
    #expect(offset == 0)
    #expect(throws: DispatchError.self) {
      try dispatcher.dispatch(selector: kelvin, params: [0], fold: .broadcast)
    }
    #expect(throws: DispatchError.self) { try SelectorKey(kelvin) }
    #expect(!dispatcher.responds(to: kelvin))
    #expect(dispatcher.responds(to: "Kick:"))
    #expect(log.entries.isEmpty)
  }

  @Test func aLookalikeIsNeitherKnownNorSuggested() throws {
    let dispatcher = Dispatcher()
    #expect(throws: DispatchError.self) {
      try dispatcher.register(service: "bad", handlers: [kelvin: { _ in nil }])
    }
    #expect(throws: DispatchError.self) { try dispatcher.declare(kelvin, fold: .all) }
    try dispatcher.register(service: "kick", handlers: ["Kicks:": { _ in nil }])
    #expect(
      throws: DispatchError.unrecognizedSelector(selector: "Kick:", suggestion: "Kicks:")
    ) {
      try dispatcher.dispatch(selector: "Kick:", params: [0])
    }
  }

  @Test func stringDispatchAndRespondsNeverIntern() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: ["known:": { _ in nil }])
    let unknown = "neverInternedByDispatch\(UInt64.random(in: 0 ... .max)):"
    #expect(throws: DispatchError.self) { try dispatcher.dispatch(selector: unknown, params: [0]) }
    #expect(!dispatcher.responds(to: unknown))
    #expect(!SelectorKey.isInterned(unknown))
    #expect(SelectorKey.isInterned("known:"))
  }

  @Test func aDispatchersTableDoesNotGrowWithTheInternTable() throws {
    func oneSelectorDispatcher(_ selector: String) throws -> Dispatcher {
      let dispatcher = Dispatcher()
      try dispatcher.register(service: "a", handlers: [selector: { _ in true }])
      _ = try dispatcher.dispatch(selector: selector, params: [0], fold: .any)
      return dispatcher
    }
    let before = try oneSelectorDispatcher("tableBefore:")
    let run = UInt64.random(in: 0 ... .max)
    var last: SelectorKey?
    for index in 0..<20_000 { last = try SelectorKey("internedByTheTest\(run)_\(index):") }
    let lastKey = try #require(last)
    // A selector interned after 20,000 others: a table indexed by the
    // interned identity would need at least that many places.
    let after = try oneSelectorDispatcher(lastKey.description)
    let footprint = { (dispatcher: Dispatcher) in dispatcher.state.withLock { $0.footprint } }
    #expect(footprint(after) == footprint(before))
    #expect(footprint(after) < 200)
    #expect(try after.dispatch(lastKey, params: [0], fold: .any) as? Bool == true)
  }

  @Test func keysFindTheirSlotsAcrossGrowth() throws {
    let dispatcher = Dispatcher()
    let keys = try (0..<500).map { try SelectorKey("slotEvent\($0):") }
    for (index, key) in keys.enumerated() {
      try dispatcher.register(service: "s\(index)", handlers: [key.description: { _ in index }])
    }
    for (index, key) in keys.enumerated() {
      #expect(try dispatcher.dispatch(key, params: [0], fold: .last) as? Int == index)
    }
    let unknown = try SelectorKey("slotEventUnknown:")
    #expect(throws: DispatchError.self) { try dispatcher.dispatch(unknown, params: [0]) }
  }
}

import SelectorDispatch

/// Rows that time an unknown dispatch, whose error carries a "did you mean"
/// suggestion found among every known selector.
extension Scenarios {
  /// The unknown-selector rows, in table order, by label.
  static func unknownSelectorRows() -> [(label: String, make: () -> Scenario)] {
    [
      ("unknown selector: 40 selectors N=0", { unknownSelector(longSelectors: nil) }),
      (
        "unknown selector: 10000 × 250-byte selectors N=0",
        { unknownSelector(longSelectors: 10_000) }
      ),
    ]
  }

  /// A 250-byte selector: one keyword whose last bytes tell it apart, like
  /// generated names that share a long prefix (`handlePayloadPayload…Event42:`).
  static func longSelector(_ index: Int) -> String {
    let tail = "Event\(index):"
    let head = "handle" + String(repeating: "Payload", count: 40)
    return String(head.prefix(250 - tail.utf8.count)) + tail
  }

  /// Dispatches a mistyped selector (one byte dropped) and checks that the
  /// error suggests the registered one.
  ///
  /// With `longSelectors == nil` the table is an app delegate's size: the 40
  /// selectors of ``packageDispatcher(_:_:)``, and the typo is in
  /// ``launch``. Otherwise one service registers that many
  /// ``longSelector(_:)``s and the typo is in one of them, so every
  /// candidate has about the same length as the unknown selector.
  static func unknownSelector(longSelectors: Int?) -> Scenario {
    let counters = Counters(handlers: 0)
    let stray = counters.stray
    let dispatcher = Dispatcher()
    var handlers: [String: SelectorHandler] = [:]
    let intended: String
    if let count = longSelectors {
      for index in 0..<count { handlers[longSelector(index)] = { _ in stray.hit() } }
      intended = longSelector(count / 2)
    } else {
      for selector in otherSelectors + [launch] { handlers[selector] = { _ in stray.hit() } }
      intended = launch
    }
    do {
      try dispatcher.register(service: "table", handlers: HandlerTable(handlers))
    } catch {
      fatalError("cannot register: \(error)")
    }
    var typo = Array(intended.utf8)
    typo.remove(at: typo.count / 2)
    let selector = String(decoding: typo, as: UTF8.self)
    let params: [Any] = Array(repeating: 0, count: intended.utf8.filter { $0 == 58 }.count)
    let name =
      longSelectors.map { "unknown selector: \($0) × 250-byte selectors" }
      ?? "unknown selector: 40 selectors"
    return Scenario(name: name, handlers: 0, unit: .event, counters: counters) { count in
      var suggested = 0
      for _ in 0..<count {
        do {
          _ = try dispatcher.dispatch(selector: selector, params: params)
          fatalError("\(selector) dispatched")
        } catch DispatchError.unrecognizedSelector(_, let suggestion) {
          guard suggestion == intended else {
            fatalError("suggested \(suggestion ?? "nothing") instead of \(intended)")
          }
          suggested += 1
        } catch {
          fatalError("unexpected error: \(error)")
        }
      }
      return suggested
    }
  }
}

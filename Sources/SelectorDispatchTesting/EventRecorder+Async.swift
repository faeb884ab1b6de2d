import SelectorDispatch

extension EventRecorder {
  /// Wraps a service's async handlers so that each call is recorded when
  /// it returns, with the time from its start to its return (awaits
  /// included).
  ///
  /// - Parameters:
  ///   - service: The name to record calls under.
  ///   - asyncHandlers: The handlers to wrap.
  /// - Returns: Handlers that behave the same and record every call.
  package func instrument(service: String, asyncHandlers: [String: AsyncSelectorHandler])
    -> [String: AsyncSelectorHandler]
  {
    asyncHandlers.reduce(into: [:]) { table, entry in
      let (selector, handler) = entry
      table[selector] = { params in
        let start = self.now()
        let answer = await handler(params)
        self.record(
          Call(
            service: service, selector: selector, params: params, answer: answer,
            nanoseconds: self.nanoseconds(since: start)))
        return answer
      }
    }
  }

  /// Waits until each of `services` has answered `selector` at least once:
  /// how a test of a synchronous dispatch waits for the async handlers it
  /// started, without sleeping.
  ///
  /// ```swift
  /// _ = try dispatcher.dispatch(selector: fetch, params: [app, probe.handler])
  /// await recorder.everyService(["feed", "mail"], answered: fetch)
  /// ```
  ///
  /// Bound the test with a time limit: a service that never answers keeps
  /// this waiting.
  ///
  /// - Parameters:
  ///   - services: The services that must have answered.
  ///   - selector: The selector.
  public func everyService(_ services: [String], answered selector: String) async {
    let expected = Set(services)
    await wait { calls in
      expected.isSubset(of: calls.lazy.filter { $0.selector == selector }.map(\.service))
    }
  }
}

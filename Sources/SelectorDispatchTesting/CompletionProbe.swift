import SelectorDispatch

/// A completion handler that counts its calls, for checking that a
/// completion ran exactly once and with what.
///
/// ```swift
/// let probe = CompletionProbe<BackgroundFetchResult>()
/// _ = try dispatcher.dispatch(
///   selector: "application:performFetchWithCompletionHandler:", params: [app, probe.handler])
/// #expect(try probe.requireCalledOnce() == .newData)
/// ```
///
/// Safe to call from any thread.
public final class CompletionProbe<Value>: Sendable {
  private let received = AwaitableLog<Value>()

  /// Creates a probe that has not been called.
  public init() {}

  /// The completion handler to pass where a completion is expected.
  public var handler: (Value) -> Void {
    { value in self.receive(value) }
  }

  /// Waits until the handler has run, without sleeping, and returns the
  /// first value it received: how a test waits for a completion that async
  /// handlers finish after a synchronous dispatch returned.
  ///
  /// Bound the test with a time limit: a completion that never runs keeps
  /// this waiting.
  ///
  /// - Returns: The first value the handler received.
  public nonisolated(nonsending) func firstValue() async -> Value {
    await received.wait { $0.first }
  }

  private func receive(_ value: Value) {
    received.append(value)
  }

  /// Every value the handler received, in order.
  public var values: [Value] { received.withElements { $0 } }

  /// How many times the handler ran.
  public var callCount: Int { received.withElements { $0.count } }

  /// Checks that the handler ran exactly once.
  ///
  /// - Returns: The value it received.
  /// - Throws: ``ExpectationFailure`` saying how many times it ran instead.
  @discardableResult
  public func requireCalledOnce() throws -> Value {
    let values = self.values
    guard values.count == 1, let value = values.first else {
      throw ExpectationFailure(
        "expected the completion to be called exactly once, but it was called "
          + (values.isEmpty ? "never" : "\(values.count) times"))
    }
    return value
  }
}

extension CompletionProbe where Value == Void {
  /// The completion handler for completions that take no value.
  public var voidHandler: () -> Void {
    { self.receive(()) }
  }
}

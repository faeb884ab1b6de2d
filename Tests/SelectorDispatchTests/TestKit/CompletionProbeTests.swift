import SelectorDispatchTesting
import Testing

@Suite struct CompletionProbeTests {
  @Test func countsCallsFromAnyThread() async throws {
    let probe = CompletionProbe<Int>()
    #expect(
      throws: ExpectationFailure(
        "expected the completion to be called exactly once, but it was called never")
    ) {
      try probe.requireCalledOnce()
    }
    probe.handler(4)
    #expect(try probe.requireCalledOnce() == 4)
    let handler = UncheckedHandler(probe.handler)
    await withTaskGroup(of: Void.self) { group in
      for value in 0..<50 { group.addTask { handler.call(value) } }
    }
    #expect(probe.callCount == 51)
    #expect(Set(probe.values) == Set(0..<50))
    #expect(
      throws: ExpectationFailure(
        "expected the completion to be called exactly once, but it was called 51 times")
    ) {
      try probe.requireCalledOnce()
    }
  }

  @Test func voidCompletions() throws {
    let probe = CompletionProbe<Void>()
    probe.voidHandler()
    try probe.requireCalledOnce()
  }
}

private struct UncheckedHandler: @unchecked Sendable {
  let call: (Int) -> Void
  init(_ call: @escaping (Int) -> Void) { self.call = call }
}

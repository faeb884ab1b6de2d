import Foundation
import Testing

/// `Examples/AsyncServicesExample`, run as built: top-level code, where
/// `try await dispatcher.answer(to:params:)` is the awaited form and
/// `try dispatcher.dispatch(selector:params:)` the synchronous one, each
/// with the parameters its form takes.
@Suite(.enabled(if: canRunProcesses, "Foundation has no Process here"), .timeLimit(.minutes(1)))
struct AsyncServicesExampleTests {
  @Test func topLevelCodeAwaitsTheAnswerAndCallsTheSynchronousDispatch() throws {
    let printed = try ExampleOutputTests.run(example: "AsyncServicesExample")
    let fetch = "application:performFetchWithCompletionHandler:"
    let broadcast = "  fold broadcast: every service runs; no answer is returned"
    let newData =
      "  completion: newData (newData if any service's reply is newData, else failed if any is, "
      + "else noData)"
    let awaitedRefusal: String =
      "  error: `\(fetch)` takes 1 argument without its completion handler when awaited "
      + "(one per ':' but the last), but 2 were given; "
      + "to pass the completion handler, call dispatch(selector:params:) instead"
    let synchronousRefusal: String =
      #"  error: service "sync-only" handles `applicationWillTerminate:` with an async "#
      + "handler, which a synchronous dispatch cannot wait for; nothing ran; "
      + "await its answer with `try await dispatcher.answer(to:params:)`"
    let expected: [String] = [
      "Awaited, as Swift's async delegate method: answer(to:params:) returns what the completion",
      "handler would get", fetch, broadcast, newData, #"    feed's articles: ["article 1"]"#, "",
      "Awaited, given the completion handler too:", awaitedRefusal, "",
      "With the completion handler: dispatch(selector:params:), from the same async code",
      fetch, broadcast, newData, #"    feed's articles: ["article 1", "article 2"]"#, "",
      "A synchronous dispatch that an async handler answers, with no completion handler:",
      "applicationWillTerminate:", broadcast, synchronousRefusal, "",
      "applicationDidBecomeActive:", broadcast, "    feed's sessions: 1",
    ]
    #expect(
      printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        == expected + [""])
  }
}

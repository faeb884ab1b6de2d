import SelectorDispatch
import SelectorDispatchTesting
import Testing

/// The text format the demo, its replays and the runnable examples share: these pin it, and
/// every one of them prints through `Transcript`.
@Suite struct TranscriptTests {
  @Test func anEventStartsWithItsSelectorSceneAndWhatItsFoldDoes() {
    #expect(
      Transcript.event("scene:openURLContexts:", fold: "firstTrue", scene: "main") == """
        scene:openURLContexts:  scene "main"
          fold firstTrue: services run in order until one answers true
        """)
    #expect(
      Transcript.event("applicationWillTerminate:", fold: "broadcast") == """
        applicationWillTerminate:
          fold broadcast: every service runs; no answer is returned
        """)
  }

  @Test func everyFoldSaysWhatItDoes() {
    let folds: [Fold] = [
      .any, .all, .firstTrue, .firstNonNil, .last, .collect, .broadcast, .intersection,
      .nonEmptyIntersection, .union, .named("mine") { $0.last ?? nil },
    ]
    let meanings = folds.map { Transcript.meaning(ofFold: $0.description) }
    #expect(Set(meanings).count == folds.count, "each fold its own meaning: \(meanings)")
    #expect(meanings.last == "the app's own fold, by its own rule")
    #expect(Transcript.meaning(ofFold: "all") == "false if any service answers false, else true")
  }

  @Test func aCallShowsItsPlaceServicePriorityAnswerAndTime() {
    #expect(
      Transcript.call(1, service: "logging", priority: 90, answer: nil, nanoseconds: 2_000)
        == "    1. logging           (90)   no opinion                  0.002 ms")
    #expect(
      Transcript.call(
        2, service: "gone", priority: nil, answer: "released main", nanoseconds: 1_234_567)
        == "    2. gone                     \"released main\"             1.235 ms")
    #expect(
      Transcript.call(
        3, service: "push", priority: nil, showsPriority: false, answer: true, nanoseconds: nil)
        == "    3. push              true")
    #expect(
      Transcript.call(
        1, service: "s", priority: 0, answer: String(repeating: "x", count: 40), nanoseconds: 0
      )
      .contains("\"xxxxxxxxxxxxxxxxxxxxxxxx… "),
      "a long answer is cut to its column")
  }

  @Test func theFoldedAnswerIsLeftOutWhereTheFoldReturnsNone() {
    #expect(Transcript.result(true, fold: "all") == "  = true")
    #expect(Transcript.result(nil, fold: "broadcast") == nil)
    #expect(Transcript.result(nil, fold: "firstNonNil") == "  = no answer: no service answered")
    #expect(
      Transcript.result(nil, fold: "nonEmptyIntersection")
        == "  = no answer: none answered, or they allow nothing in common")
    #expect(Transcript.result([nil, 2] as [Any?], fold: "collect") == "  = [no opinion, 2]")
  }

  @Test func aCompletionSaysTheRuleThatFoldedTheReplies() {
    #expect(
      Transcript.completion(true, kind: .anySucceeded)
        == "  completion: true (true if any service's reply is true)")
    #expect(
      Transcript.completion(
        BackgroundFetchResult.newData, kind: .backgroundFetch)
        == "  completion: newData (newData if any service's reply is newData, else failed if any "
        + "is, else noData)")
    #expect(
      Transcript.completion(UInt(6), kind: .presentationOptions)
        == "  completion: 6 (the union of the services' replies)")
    #expect(
      Transcript.completion((), kind: .void)
        == "  completion: called once, after every service's own")
    #expect(
      Transcript.completion(nil, kind: .watchReply)
        == "  completion: no opinion (the services' replies merged, an earlier service's key "
        + "first)")
    let paid = CompletionKind.folding(Bool.self, identity: true) { $0 && $1 }
    #expect(
      Transcript.completion(false, kind: paid)
        == "  completion: false (the services' replies, folded by the app's own rule)",
      "an app's own kind is not described by its type's built-in rule")
    #expect(Transcript.completion(1, kind: nil) == "  completion: 1")
  }

  @Test func valuesSayWhatTheyAre() {
    #expect(Transcript.value(nil) == "no opinion")
    #expect(Transcript.value(()) == "no opinion")
    #expect(Transcript.value(Optional<Bool>.none as Any) == "no opinion")
    #expect(Transcript.value(Optional(Optional(3)) as Any) == "3")
    #expect(Transcript.value("a") == "\"a\"")
    #expect(Transcript.value(BackgroundFetchResult.noData) == "noData")
    #expect(Transcript.value(["a", nil] as [Any?]) == "[\"a\", no opinion]")
    #expect(
      Transcript.error(DispatchError.arityMismatch(selector: "a:", expected: 1, actual: 2))
        .hasPrefix("  error: `a:` takes 1 argument"))
  }
}

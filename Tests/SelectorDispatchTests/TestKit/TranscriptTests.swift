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
    #expect(Transcript.result([nil, 2] as [Any?], fold: "collect") == "  = [no opinion, 2]")
  }

  @Test func aCompletionSaysTheRuleThatFoldedTheReplies() {
    #expect(
      Transcript.completion(true, kind: CompletionKind.anySucceeded.description)
        == "  completion: true (true if any service's reply is true)")
    #expect(
      Transcript.completion(
        BackgroundFetchResult.newData, kind: CompletionKind.backgroundFetch.description)
        == "  completion: newData (newData if any service's reply is newData, else failed if any "
        + "is, else noData)")
    #expect(
      Transcript.completion(UInt(6), kind: CompletionKind.presentationOptions.description)
        == "  completion: 6 (the union of the services' replies)")
    #expect(
      Transcript.completion((), kind: CompletionKind.void.description)
        == "  completion: called once, after every service's own")
    #expect(
      Transcript.completion(nil, kind: CompletionKind.watchReply.description)
        == "  completion: no opinion (the services' replies merged, an earlier service's key "
        + "first)")
    #expect(
      Transcript.completion(1, kind: nil) == "  completion: 1 (the services' replies, folded)")
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

  @Test func aRunningAppsRecorderGivesTheProfile() throws {
    let times = Locked<[UInt64]>([0, 3_000_000, 3_000_000, 3_001_000])
    let recorder = EventRecorder(now: { times.withLock { $0.removeFirst() } })
    let app = Dispatcher(vocabulary: .applicationDelegate)
    struct Launch: DispatchService {
      var priority: Int { 5 }
      var handlers: HandlerTable {
        on("application:didFinishLaunchingWithOptions:") {
          (_: AnyObject, _: [String: Any]?) -> Bool in true
        }
        .priority(50)
      }
    }
    // Quiet registers first and at a higher service priority: Launch's handler runs first
    // only if its own priority survives the recording.
    try app.register(contentsOf: recorder.recording([Quiet(), Launch()]))
    let launched = try app.dispatch(
      selector: "application:didFinishLaunchingWithOptions:", params: ["app", [String: Any]()])
    #expect(launched as? Bool == true)
    #expect(recorder.calls.map(\.service) == ["Launch", "Quiet"], "the handler's own priority")
    #expect(recorder.calls.first?.nanoseconds == 3_000_000)
    #expect(recorder.profile.hasSuffix("slowest service: Launch, 3.000 ms in all"))
    #expect(
      recorder.profile.contains(
        "\nLaunch            application:didFinishLaunchingWithOptions:                1    "
          + "3.000 ms    3.000 ms    3.000 ms\n"))
  }
}

/// A service with no opinion on launch.
private struct Quiet: DispatchService {
  var priority: Int { 10 }
  var handlers: HandlerTable {
    on("application:didFinishLaunchingWithOptions:") {
      (_: AnyObject, _: [String: Any]?) -> Bool? in nil
    }
  }
}

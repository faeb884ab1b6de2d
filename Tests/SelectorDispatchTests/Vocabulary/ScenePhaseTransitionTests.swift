import Testing

@testable import SelectorDispatch

private let (enter, become, resign, leave) = (
  "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
  "sceneDidEnterBackground:"
)

/// The scene events between two phases, coalesced changes included.
@Suite struct ScenePhaseTransitionTests {
  typealias Phase = ScenePhaseTransition.Phase

  @Test(arguments: [
    (Phase.background, Phase.inactive, [enter]),
    (.inactive, .active, [become]),
    (.active, .inactive, [resign]),
    (.inactive, .background, [leave]),
  ])
  func aStepBetweenNeighboursIsOneEvent(old: Phase, new: Phase, selectors: [String]) {
    #expect(ScenePhaseTransition.selectors(from: old, to: new) == selectors)
  }

  @Test func aCoalescedChangeGetsItsMissingStepInUIKitsOrder() {
    #expect(ScenePhaseTransition.selectors(from: .active, to: .background) == [resign, leave])
    #expect(ScenePhaseTransition.selectors(from: .background, to: .active) == [enter, become])
  }

  @Test(arguments: Phase.allCases)
  func noChangeIsNoEvent(phase: Phase) {
    #expect(ScenePhaseTransition.selectors(from: phase, to: phase).isEmpty)
  }

  @Test func everySelectorIsTheSceneVocabularysWithTheSceneAsItsOneArgument() throws {
    for old in Phase.allCases {
      for new in Phase.allCases {
        for selector in ScenePhaseTransition.selectors(from: old, to: new) {
          let entry = try #require(Vocabulary.sceneDelegate[selector: selector], "\(selector)")
          #expect(entry.arguments.map(\.description) == ["UIScene"])
        }
      }
    }
  }

  @Test func goingThroughEveryPhaseAndBackGivesUIKitsSequence() {
    let path: [Phase] = [.background, .inactive, .active, .inactive, .background]
    let events = zip(path, path.dropFirst()).flatMap {
      ScenePhaseTransition.selectors(from: $0, to: $1)
    }
    #expect(events == [enter, become, resign, leave])
  }
}

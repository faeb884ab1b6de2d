import SelectorDispatch
import Testing

@Suite struct DiagnosticTests {
  @Test(arguments: [
    (
      Diagnostic.completionCalledTwice(selector: "a:", service: "push"),
      "service \"push\" called the completion handler of `a:` more than once; "
        + "the extra call was ignored"
    ),
    (
      Diagnostic.completionMissedDeadline(
        selector: "a:", service: "push", deadlineMilliseconds: 25),
      "service \"push\" did not call the completion handler of `a:` within 25 ms; "
        + "the caller's completion ran without its answer"
    ),
    (
      Diagnostic.completionAfterDeadline(selector: "a:", service: "push"),
      "service \"push\" called the completion handler of `a:` after the deadline; "
        + "the call was ignored"
    ),
    (
      Diagnostic.deprecatedSelector(selector: "a:", service: "push", replacement: "b:"),
      "service \"push\" handles the deprecated `a:`; handle b: instead"
    ),
    (
      Diagnostic.emptyIntersection(selector: "a:", services: ["push", "game"], masks: [2, 0x18]),
      "services \"push\" (0x2), \"game\" (0x18) answered `a:` with masks whose intersection "
        + "is empty; the answer is nil, so the host uses its default"
    ),
  ])
  func descriptionsAreSentences(_ diagnostic: Diagnostic, _ message: String) {
    #expect(diagnostic.description == message)
    #expect(diagnostic.service == "push")
  }

  @Test func anAnswerOfTheWrongTypeNamesTheServiceTheSelectorAndBothTypes() {
    let diagnostic = Diagnostic.answerTypeMismatch(
      selector: "a:", service: "push", expected: "Bool", actual: "String")
    #expect(
      diagnostic.description
        == "service \"push\" answered `a:` with a value of type String, where its completion "
        + "takes Bool; the answer was dropped, and the caller's completion ran with the other "
        + "answers")
    #expect(diagnostic.service == "push")
  }

  @Test func aSelectorTheHostNeverDispatchesNamesTheServiceAndWhy() {
    let diagnostic = Diagnostic.notDispatched(
      selector: "a:", service: "push", reason: "the SDK lacks it")
    #expect(
      diagnostic.description
        == "service \"push\" handles `a:`, which is never dispatched, so the handler is never "
        + "called: the SDK lacks it")
    #expect(diagnostic.service == "push")
  }

  @Test func anUndeclaredSelectorWithoutASuggestionSaysHowToDeclareIt() {
    let diagnostic = Diagnostic.undeclaredSelector(selector: "a:", service: "push", suggestion: nil)
    #expect(
      diagnostic.description
        == "service \"push\" handles `a:`, which the dispatcher's vocabulary does not declare; "
        + "if it is an event of the app's own, declare it before registering")
    #expect(diagnostic.service == "push")
  }

  @Test func aRefusedNestingNamesTheSelectorAndTheDepthButNoService() {
    let diagnostic = Diagnostic.nestingTooDeep(selector: "a:", depth: 65)
    #expect(
      diagnostic.description
        == "a dispatch of `a:` was refused at nesting depth 65, past the limit of 64; "
        + "no handler of it ran: handlers or their completions probably dispatch to each other "
        + "in a loop")
    #expect(diagnostic.service == nil)
  }

  @Test func aSceneDelegateThatIsNotTheAdaptersNamesTheClassTheSelectorsAndTheFix() {
    func text(_ configuration: String?, _ selectors: [String]) -> String {
      Diagnostic.sceneDelegateNotDispatching(
        configuration: configuration, delegateClass: "Shop.SceneDelegate", selectors: selectors
      ).description
    }
    #expect(
      text("Default Configuration", ["sceneDidBecomeActive:"])
        == "the scene configuration \"Default Configuration\" names Shop.SceneDelegate as its "
        + "delegate class, which is not a DispatchingSceneDelegate: the services' handlers of "
        + "`sceneDidBecomeActive:` are never called for its scenes; make Shop.SceneDelegate a "
        + "subclass of DispatchingSceneDelegate (calling super in the methods it overrides), or "
        + "remove UISceneDelegateClassName from the configuration in Info.plist")
    #expect(text(nil, ["a:", "b:"]).hasPrefix("the scene configuration names Shop.SceneDelegate"))
    #expect(text(nil, ["a:", "b:"]).contains("handlers of `a:` and `b:` are never"))
    #expect(text(nil, ["a:", "b:", "c:", "d:"]).contains("handlers of `a:`, `b:` and 2 more are"))
  }

  @Test func twoEntryPointsNameTheAppDelegateWhatWasDoneAndTheFix() {
    let diagnostic = Diagnostic.twoEntryPoints(appDelegate: "Shop.AppDelegate")
    #expect(
      diagnostic.description
        == "the app has a DispatchingAppDelegate (Shop.AppDelegate) and applies the SwiftUI "
        + "entry point, dispatching(to:): so that no event is dispatched twice, the SwiftUI "
        + "entry point dispatches nothing and the adapter forwards UIKit's calls; remove one of "
        + "them, the @UIApplicationDelegateAdaptor or the DispatchingServices")
    #expect(diagnostic.service == nil)
  }

  @Test func aSecondDispatchingServicesSaysWhatWasDoneAndTheFix() {
    let diagnostic = Diagnostic.dispatchingServicesMadeTwice
    #expect(
      diagnostic.description
        == "a second DispatchingServices was made while the first one is alive: so that no "
        + "event is dispatched twice, the second dispatches nothing; make DispatchingServices "
        + "once, as a stored property of the App")
    #expect(diagnostic.service == nil)
  }
}

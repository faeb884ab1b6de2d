import SelectorDispatch
import Testing

@Suite struct DispatchErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let error: DispatchError
    let message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    Case(
      error: .malformedSelector(selector: "a b", offset: 1, reason: "unexpected space"),
      message: "malformed selector `a b` at offset 1: unexpected space"),
    Case(
      error: .unrecognizedSelector(selector: "fo:", suggestion: "foo:"),
      message: "unrecognized selector `fo:`: no service handles it and it was never declared; "
        + "did you mean `foo:`?"),
    Case(
      error: .unrecognizedSelector(selector: "fo:", suggestion: nil),
      message: "unrecognized selector `fo:`: no service handles it and it was never declared"),
    Case(
      error: .arityMismatch(selector: "a:", expected: 1, actual: 2),
      message: "`a:` takes 1 argument (one per ':'), but 2 were given"),
    Case(
      error: .awaitedArityMismatch(selector: "a:b:", expected: 1, actual: 2),
      message: "`a:b:` takes 1 argument without its completion handler when awaited "
        + "(one per ':' but the last), but 2 were given; "
        + "to pass the completion handler, call dispatch(selector:params:) instead"),
    Case(
      error: .awaitedArityMismatch(selector: "a:b:", expected: 1, actual: 3),
      message: "`a:b:` takes 1 argument without its completion handler when awaited "
        + "(one per ':' but the last), but 3 were given"),
    Case(
      error: .completionHandlerMissing(selector: "a:b:", expected: 2),
      message: "`a:b:` takes 2 arguments (one per ':', the last its completion handler), "
        + "but 1 was given; to await the answer without the completion handler, "
        + "call `try await dispatcher.answer(to:params:)` instead"),
    Case(
      error: .argumentTypeMismatch(
        selector: "application:openURL:options:", index: 1, expected: "URL", actual: "Int"),
      message: "argument 1 of `application:openURL:options:` must be URL, but Int was given"),
    Case(
      error: .handlerArgumentTypeMismatch(
        selector: "application:openURL:options:", service: "push", index: 1, expected: "URL",
        actual: "Int"),
      message: "service \"push\" did not handle `application:openURL:options:`: its handler "
        + "takes URL as argument 1, but Int was given"),
    Case(
      error: .resultTypeMismatch(
        selector: "a:", service: "push", expected: "Bool or nil", actual: "String"),
      message: "service \"push\" answered `a:` with String, but the fold expects Bool or nil"),
    Case(
      error: .resultTypeMismatch(selector: "a:", service: nil, expected: "Int", actual: "Bool"),
      message: "dispatching `a:` gave Bool, but the caller asked for Int"),
    Case(
      error: .handlerFailed(selector: "save:", service: nil, reason: "disk full"),
      message: "a service failed to handle `save:`: disk full"),
    Case(
      error: .duplicateHandler(selector: "a:", service: nil),
      message: "a handler table has two handlers for `a:` at one priority; a service handles a "
        + "selector once at each priority"),
    Case(
      error: .customFoldFailed(selector: "a:", fold: "sum", reason: "the sum overflows"),
      message: "custom fold \"sum\" could not combine the answers to `a:`: the sum overflows"),
    Case(
      error: .nestingTooDeep(selector: "a:", limit: 64),
      message: "`a:` was dispatched with 64 dispatches already running one inside another "
        + "in its chain, the limit; nothing ran; handlers probably dispatch to each other in a "
        + "loop"),
    Case(
      error: .handlerFailed(selector: "a:", service: "push", reason: "boom"),
      message: "service \"push\" failed to handle `a:`: boom"),
    Case(
      error: .duplicateService(name: "push"),
      message: "a service named \"push\" is already registered; "
        + "unregister it first or choose another name"),
    Case(
      error: .duplicateHandler(selector: "a:", service: "push"),
      message: "service \"push\" has two handlers for `a:` at one priority; a service handles a "
        + "selector once at each priority"),
    Case(
      error: .conflictingDeclaration(selector: "a:", declared: "all", requested: "any"),
      message: "`a:` is already declared as all; it cannot be declared again as any"),
    Case(
      error: .conflictingDeclaration(
        selector: "pay:", declared: "pay:(String) broadcast [payments]",
        requested: "pay:(Int) broadcast [payments]"),
      message: "`pay:` is already declared as pay:(String) broadcast [payments]; "
        + "it cannot be declared again as pay:(Int) broadcast [payments]"),
    Case(
      error: .exclusiveDomainConflict(
        domain: "app state", selector: "a:", service: "new", owner: "old"),
      message: "service \"new\" cannot handle `a:`: the app state domain is exclusive and "
        + "service \"old\" already handles it; "
        + "unregister \"old\" first or leave the domain shared"),
    Case(
      error: .duplicateVocabularyEntry(vocabulary: "v", selector: "a:"),
      message: "vocabulary \"v\" lists `a:` more than once; give each selector one entry"),
  ])
  func descriptionsAreSentences(_ test: Case) {
    #expect(test.error.description == test.message)
  }
}

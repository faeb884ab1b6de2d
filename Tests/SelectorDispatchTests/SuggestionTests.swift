import Testing

@testable import SelectorDispatch

@Suite struct SuggestionTests {
  let known = [
    "applicationDidEnterBackground:", "applicationWillEnterForeground:",
    "application:openURL:options:", "init",
  ]

  @Test func suggestsTheNearestCloseSelector() {
    #expect(
      Suggestion.nearest(to: "applicationDidEnterBackgound:", among: known)
        == "applicationDidEnterBackground:")
    #expect(
      Suggestion.nearest(to: "applicationdidenterbackground:", among: known)
        == "applicationDidEnterBackground:")
    #expect(Suggestion.nearest(to: "inti", among: known) == "init", "a swap costs one edit")
    #expect(
      Suggestion.nearest(to: "application:openURL:option:", among: known)
        == "application:openURL:options:")
  }

  @Test func staysSilentWhenNothingIsClose() {
    #expect(Suggestion.nearest(to: "somethingElse:", among: known) == nil)
    #expect(Suggestion.nearest(to: "x", among: known) == nil)
    #expect(Suggestion.nearest(to: "anything", among: []) == nil)
    let huge = String(repeating: "a", count: 10_000)
    #expect(Suggestion.nearest(to: huge, among: [huge]) == nil, "huge inputs are not compared")
  }

  @Test func distanceCountsEdits() {
    func d(_ a: String, _ b: String) -> Int { Suggestion.distance(Array(a.utf8), Array(b.utf8)) }
    #expect(d("", "abc") == 3)
    #expect(d("abc", "") == 3)
    #expect(d("kitten", "sitting") == 3)
    #expect(d("ab", "ba") == 1)
    #expect(d("same", "same") == 0)
  }
}

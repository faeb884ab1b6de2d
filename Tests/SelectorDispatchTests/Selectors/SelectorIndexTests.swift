import Testing

@testable import SelectorDispatch

@Suite struct SelectorIndexTests {
  func find(_ index: SelectorIndex, _ text: String) -> Int? {
    var text = text
    return text.withUTF8 { index.id(of: $0, hash: SelectorIndex.hash($0, seed: index.seed)) }
  }

  @Test func findsEveryInsertedSelectorAcrossGrowth() {
    var index = SelectorIndex(seed: 42)
    let texts =
      ["a", "ab:", "init", "foo::", "application:didFinishLaunchingWithOptions:"]
      + (0..<1_000).map { "event\($0):with:" }
    for (id, text) in texts.enumerated() { index.insert(text, id: id) }
    for (id, text) in texts.enumerated() { #expect(find(index, text) == id) }
    #expect(find(index, "event1000:with:") == nil)
    #expect(find(index, "") == nil)
    #expect(find(index, "application:didFinishLaunchingWithOptions") == nil, "a prefix")
  }

  @Test func insertingAgainKeepsTheFirstIdentity() {
    var index = SelectorIndex(seed: 7)
    index.insert("ping", id: 1)
    index.insert("ping", id: 2)
    #expect(find(index, "ping") == 1)
  }

  @Test func dispatchFindsSelectorsBuiltAtRunTime() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "a", handlers: ["go:": { _ in true }, "ping": { _ in 1 }])
    let built = ["g", "o", ":"].joined()
    #expect(try dispatcher.dispatch(selector: built, params: [0], fold: .any) as? Bool == true)
    #expect(try dispatcher.dispatch(selector: "ping", params: [], fold: .last) as? Int == 1)
  }
}

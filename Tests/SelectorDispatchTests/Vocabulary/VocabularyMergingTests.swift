import SelectorDispatch
import SelectorDispatchTesting
import Testing

@Suite struct VocabularyMergingTests {
  @Test func mergingKeepsEveryEntryInOrderAndTheExclusiveDomains() throws {
    let app = Vocabulary.applicationDelegate.exclusive([Domain.health])
    let merged = try app.merging(.sceneDelegate)
    #expect(merged.name == "applicationDelegate+sceneDelegate")
    #expect(
      merged.entries.map(\.selector)
        == app.entries.map(\.selector) + Vocabulary.sceneDelegate.entries.map(\.selector))
    #expect(merged.exclusiveDomains == [.health])
    for entry in Vocabulary.sceneDelegate.entries {
      #expect(merged[selector: entry.selector]?.description == entry.description)
    }
    #expect(merged[selector: "applicationWillTerminate:"]?.fold == .broadcast)
  }

  @Test func aSelectorInBothVocabulariesIsAnErrorNamingIt() throws {
    let payments = Domain("payments")
    let mine = try Vocabulary(
      name: "payments",
      entries: [
        .init("paymentDidFail:", domain: payments, fold: .broadcast, arguments: [.error]),
        .init(
          "sceneDidBecomeActive:", domain: .sceneLifeCycle, fold: .broadcast, arguments: [.any]),
      ])
    #expect(
      throws: DispatchError.selectorInBothVocabularies(
        selector: "sceneDidBecomeActive:", first: "sceneDelegate", second: "payments")
    ) {
      try Vocabulary.sceneDelegate.merging(mine)
    }
    #expect(throws: DispatchError.self) { try Vocabulary.sceneDelegate.merging(.sceneDelegate) }
    let message =
      "\(DispatchError.selectorInBothVocabularies(selector: "a:", first: "x", second: "y"))"
    #expect(message.contains("`a:`") && message.contains("\"x\"") && message.contains("\"y\""))
  }

  @Test func aDomainExclusiveInOneAndSharedInTheOtherIsAnErrorNamingIt() throws {
    let decoupled = Vocabulary.applicationDelegate.exclusive(Domain.decoupledAppDelegateDomains)
    // The scene delegate shares activity continuation, default orientation,
    // shortcut items, state restoration and URL opening; the first in
    // String order (upper case first):
    #expect(
      throws: DispatchError.conflictingDomainRules(
        domain: "URL resource opening", exclusiveIn: "applicationDelegate",
        sharedIn: "sceneDelegate")
    ) {
      try decoupled.merging(.sceneDelegate)
    }
    #expect(
      throws: DispatchError.conflictingDomainRules(
        domain: "URL resource opening", exclusiveIn: "applicationDelegate",
        sharedIn: "sceneDelegate")
    ) {
      try Vocabulary.sceneDelegate.merging(decoupled)
    }
    // Exclusive in both is the same rule; so is one the other never uses.
    let scenes = Vocabulary.sceneDelegate.exclusive(Domain.decoupledAppDelegateDomains)
    #expect(
      try decoupled.merging(scenes).exclusiveDomains == Set(Domain.decoupledAppDelegateDomains))
    let healthOnly = Vocabulary.applicationDelegate.exclusive([Domain.health])
    #expect(try healthOnly.merging(.sceneDelegate).exclusiveDomains == [.health])
  }

  @Test func anExclusiveDomainHasOneOwnerAcrossBothDelegates() throws {
    let merged = try Vocabulary.applicationDelegate.merging(.sceneDelegate)
      .exclusive([Domain.urlResourceOpening])
    let dispatcher = Dispatcher(vocabulary: merged)
    try dispatcher.register(
      service: "router", handlers: ["application:openURL:options:": { _ in true }])
    #expect(
      throws: DispatchError.exclusiveDomainConflict(
        domain: "URL resource opening", selector: "scene:openURLContexts:", service: "links",
        owner: "router")
    ) {
      try dispatcher.register(service: "links", handlers: ["scene:openURLContexts:": { _ in nil }])
    }
    try dispatcher.register(
      service: "router-scenes", handlers: ["sceneDidBecomeActive:": { _ in nil }])
  }
}

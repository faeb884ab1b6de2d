import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

// "Adopting the scene-based life cycle": its samples, as written there.
extension DocumentationTests {
  @Test func adoptingScenesReportsTheDeprecatedSelectorWithItsReplacement() throws {
    let dispatcher = Dispatcher(
      vocabulary: try Vocabulary.applicationDelegate.merging(.sceneDelegate))
    let printed = Locked<[String]>([])
    dispatcher.diagnosticHandler = { diagnostic in
      printed.withLock { $0.append("warning: \(diagnostic)") }
    }
    let services: [any DispatchService] = [
      TestService(
        name: "deep-links", handlers: ["application:openURL:options:": { _ in true }])
    ]
    try dispatcher.register(contentsOf: services)
    #expect(
      printed.withLock { $0 } == [
        "warning: service \"deep-links\" handles the deprecated `application:openURL:options:`; "
          + "handle scene:openURLContexts: instead"
      ])
  }

  final class Player {
    var isPlaying = true
    func pause() { isPlaying = false }
  }

  final class Playback: DispatchService {
    private(set) var players: [ObjectIdentifier: Player] = [:]  // on the main actor

    var handlers: HandlerTable {
      on("scene:willConnectToSession:options:") { (scene: AnyObject, _: Any, _: Any) in
        self.players[ObjectIdentifier(scene)] = Player()
      }
      on("sceneDidEnterBackground:") { (scene: AnyObject) in
        self.players[ObjectIdentifier(scene)]?.pause()
      }
      on("sceneDidDisconnect:") { (scene: AnyObject) in
        self.players[ObjectIdentifier(scene)] = nil  // release it
      }
    }
  }

  @Test func thePerScenePlaybackServiceKeepsAndReleasesOnePlayerPerScene() throws {
    let injector = EventInjector(
      vocabulary: try Vocabulary.applicationDelegate.merging(.sceneDelegate))
    let playback = Playback()
    try injector.dispatcher.register(playback)
    _ = injector.inject(
      "scene:willConnectToSession:options:", injector.scene("main"), "session", "options")
    _ = injector.inject(
      "scene:willConnectToSession:options:", injector.scene("side"), "session", "options")
    for line in [
      #"{"selector": "sceneDidEnterBackground:", "params": ["main"]}"#,
      #"{"selector": "scene:openURLContexts:", "params": ["main", ["demo://product/42"]]}"#,
      #"{"selector": "sceneDidDisconnect:", "params": ["main"]}"#,
    ] {
      _ = try injector.inject(json: line).get()
    }
    #expect(playback.players.count == 1, "the main scene's player was released")
    #expect(playback.players[ObjectIdentifier(injector.scene("side"))]?.isPlaying == true)
  }

  @Test func domainsAreMadeExclusiveOnTheMergedVocabulary() throws {
    let oneEach = try Vocabulary.applicationDelegate.merging(.sceneDelegate)
      .exclusive(Domain.decoupledAppDelegateDomains + [.sceneLifeCycle])
    #expect(oneEach.exclusiveDomains.count == 14)
    #expect(throws: DispatchError.self) {
      try Vocabulary.applicationDelegate.exclusive(Domain.decoupledAppDelegateDomains)
        .merging(.sceneDelegate)
    }
  }
}

/// A service given by name and handlers.
private struct TestService: DispatchService {
  let name: String
  let handlers: HandlerTable
}

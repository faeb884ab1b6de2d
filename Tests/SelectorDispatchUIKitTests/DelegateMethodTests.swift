import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatchUIKit

@Suite struct DelegateMethodTests {
  static let appSelectors = Vocabulary.applicationDelegate.entries.map(\.selector)
  static let sceneSelectors = Vocabulary.sceneDelegate.entries.map(\.selector)

  @Test func everySelectorOfBothVocabulariesHasOneMethodOnItsDelegate() {
    #expect(DelegateMethod.all.count == Self.appSelectors.count + Self.sceneSelectors.count)
    for selector in Self.appSelectors {
      #expect(DelegateMethod[selector]?.host == .appDelegate, "\(selector)")
    }
    for selector in Self.sceneSelectors {
      #expect(DelegateMethod[selector]?.host == .sceneDelegate, "\(selector)")
    }
    #expect(DelegateMethod["window"] == nil, "not a vocabulary selector: NSObject answers")
  }

  @Test func theHostWorkIsTheLaunchTheSceneConfigurationTheConnectionAndTheDisconnection() throws {
    let hostWork = DelegateMethod.all.values.filter { $0.role == .hostWork }
    #expect(
      Set(hostWork.map(\.selector)) == [
        "application:willFinishLaunchingWithOptions:",
        "application:configurationForConnectingSceneSession:options:",
        "scene:willConnectToSession:options:", "sceneDidDisconnect:",
      ])
    #expect(DelegateMethod["scene:willConnectToSession:options:"]?.host == .sceneDelegate)
    // The disconnection releases the scene's `PerScene` values, so UIKit must call it even
    // when no service handles it.
    let disconnect = try #require(DelegateMethod["sceneDidDisconnect:"])
    #expect(disconnect.host == .sceneDelegate)
    #expect(disconnect.isAdvertised(implemented: true, overridden: false, handled: false))
  }

  /// The iOS 18.6 SDK that the adapter is compiled against lacks the selectors a later SDK
  /// introduced: each is left out, saying so, and nothing else is.
  @Test func onlyTheSelectorsOfLaterSDKsAreLeftOut() throws {
    for (selector, method) in DelegateMethod.all {
      let entry = try #require(DelegateMethod.vocabulary[selector: selector])
      let major = entry.availability?.introduced.flatMap { Int($0.prefix { $0 != "." }) } ?? 0
      if major > 18 {
        guard case .notForwarded(let reason) = method.role else {
          Issue.record("\(selector) is iOS \(major) only, so it cannot be implemented")
          continue
        }
        #expect(reason.contains("iOS \(major) SDK"), "\(selector): \(reason)")
      } else {
        if case .notForwarded(let reason) = method.role {
          Issue.record("\(selector) is in the iOS 18.6 SDK but left out: \(reason)")
        }
      }
    }
    #expect(DelegateMethod.notForwarded.count == 3)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let role: DelegateMethod.Role
    let implemented: Bool
    let overridden: Bool
    let handled: Bool
    let advertised: Bool
    var testDescription: String {
      "\(role) implemented:\(implemented) overridden:\(overridden) handled:\(handled)"
    }
  }

  static let forwarded = DelegateMethod.Role.forwarded
  static let hostWork = DelegateMethod.Role.hostWork
  static let leftOut = DelegateMethod.Role.notForwarded(reason: "why")

  @Test(arguments: [
    // A forwarded method: only when a service handles it, or the app overrides it.
    Case(role: forwarded, implemented: true, overridden: false, handled: false, advertised: false),
    Case(role: forwarded, implemented: true, overridden: false, handled: true, advertised: true),
    Case(role: forwarded, implemented: true, overridden: true, handled: false, advertised: true),
    // Never a method the object lacks, whatever the services handle.
    Case(role: forwarded, implemented: false, overridden: false, handled: true, advertised: false),
    Case(role: hostWork, implemented: false, overridden: false, handled: true, advertised: false),
    Case(role: leftOut, implemented: false, overridden: false, handled: true, advertised: false),
    // Host work: always.
    Case(role: hostWork, implemented: true, overridden: false, handled: false, advertised: true),
    // Left out: only what an app's subclass implements itself.
    Case(role: leftOut, implemented: true, overridden: true, handled: false, advertised: true),
  ])
  func theAdvertisementRule(_ test: Case) {
    let method = DelegateMethod(selector: "x:", host: .appDelegate, role: test.role)
    #expect(
      method.isAdvertised(
        implemented: test.implemented, overridden: test.overridden, handled: test.handled)
        == test.advertised)
  }

  /// The scene configuration moves an app to the scene life cycle, so it is host work only
  /// in an app that declares scenes; elsewhere it is advertised as a forwarded method.
  @Test func theSceneConfigurationIsHostWorkOnlyInAnAppWithScenes() throws {
    let configure = "application:configurationForConnectingSceneSession:options:"
    let scenes: [String: Any] = ["UIApplicationSceneManifest": [String: Any]()]
    #expect(DelegateMethod.hostWorkApplies(to: configure, infoDictionary: scenes))
    #expect(!DelegateMethod.hostWorkApplies(to: configure, infoDictionary: [:]))
    for other in [
      "application:willFinishLaunchingWithOptions:", "scene:willConnectToSession:options:",
      "sceneDidDisconnect:",
    ] {
      #expect(DelegateMethod.hostWorkApplies(to: other, infoDictionary: [:]), "\(other)")
    }
    let method = try #require(DelegateMethod[configure])
    #expect(
      !method.isAdvertised(
        implemented: true, overridden: false, handled: false, hostWorkApplies: false))
    #expect(
      method.isAdvertised(
        implemented: true, overridden: false, handled: true, hostWorkApplies: false))
    #expect(
      method.isAdvertised(
        implemented: true, overridden: true, handled: false, hostWorkApplies: false))
  }

  /// A deprecated method is advertised only when a service handles it, and that service is
  /// then told what replaces it.
  @Test func aDeprecatedMethodIsAdvertisedOnlyWhenHandledAndNamesItsReplacement() throws {
    let selector = "applicationDidEnterBackground:"
    let method = try #require(DelegateMethod[selector])
    #expect(method.role == .forwarded)
    let dispatcher = Dispatcher(vocabulary: DelegateMethod.vocabulary)
    let diagnostics = Locked<[Diagnostic]>([])
    dispatcher.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    #expect(
      !method.isAdvertised(
        implemented: true, overridden: false, handled: dispatcher.responds(to: selector)))
    try dispatcher.register(service: "legacy", handlers: [selector: { _ in nil }])
    #expect(
      method.isAdvertised(
        implemented: true, overridden: false, handled: dispatcher.responds(to: selector)))
    #expect(
      diagnostics.withLock { $0 } == [
        .deprecatedSelector(
          selector: selector, service: "legacy", replacement: "sceneDidEnterBackground:")
      ])
  }
}

/// What the adapter reports about services whose handlers nothing would call.
@Suite struct DelegateMethodReportTests {
  static let geometry = "windowScene:didUpdateEffectiveGeometry:"
  static let orientations = "supportedInterfaceOrientationsForWindowScene:"

  /// The adapter's dispatcher, with two services that handle methods the scene delegate
  /// leaves out and one that handles a forwarded method.
  static func dispatcher() throws -> (Dispatcher, DiagnosticLog) {
    let dispatcher = Dispatcher(vocabulary: DelegateMethod.vocabulary)
    let diagnostics = DiagnosticLog()
    diagnostics.attach(to: dispatcher)
    try dispatcher.register(
      service: "layout", priority: 1,
      handlers: [geometry: { _ in nil }, orientations: { _ in UInt(2) }])
    try dispatcher.register(service: "resize", handlers: [geometry: { _ in nil }])
    try dispatcher.register(service: "active", handlers: ["sceneDidBecomeActive:": { _ in nil }])
    return (dispatcher, diagnostics)
  }

  @Test func aHandlerOfAMethodTheSceneDelegateLeavesOutIsReportedPerService() throws {
    let (dispatcher, diagnostics) = try Self.dispatcher()
    #expect(diagnostics.entries.isEmpty, "declared by the vocabulary: not misspelt")
    let reports = DelegateMethod.unforwardedHandlers(of: .sceneDelegate, on: dispatcher) { _ in
      false
    }
    #expect(
      reports.map { "\($0.service ?? "-") \(Self.selector(of: $0))" } == [
        "layout \(Self.orientations)", "layout \(Self.geometry)", "resize \(Self.geometry)",
      ])
    let reason = try #require(DelegateMethod.notForwarded[Self.geometry])
    #expect(
      reports.last?.description
        == "service \"resize\" handles `windowScene:didUpdateEffectiveGeometry:`, which is never "
        + "dispatched, so the handler is never called: DispatchingSceneDelegate does not "
        + "forward it, as \(reason); a subclass that implements it and dispatches it on the "
        + "dispatcher has the services called")
  }

  @Test func aMethodTheSubclassImplementsIsNotReported() throws {
    let (dispatcher, _) = try Self.dispatcher()
    let reports = DelegateMethod.unforwardedHandlers(of: .sceneDelegate, on: dispatcher) {
      $0 == Self.geometry
    }
    #expect(reports.map(Self.selector(of:)) == [Self.orientations])
  }

  @Test func theAppDelegateReportsOnlyItsOwnMethods() throws {
    let (dispatcher, _) = try Self.dispatcher()
    #expect(
      DelegateMethod.unforwardedHandlers(of: .appDelegate, on: dispatcher) { _ in false }.isEmpty)
  }

  /// The adapter article quotes the three reports as the adapter words them: each quoted
  /// block, its wrapped lines joined, is a message the code makes.
  @Test func theAdapterArticleQuotesEachReportAsItIs() throws {
    let article = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(
        "Sources/SelectorDispatch/Documentation.docc/AdoptingTheUIKitAdapter.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    // The blocks without a language, in the list of reports: "  ```" alone opens and closes.
    let quoted = text.components(separatedBy: "\n  ```\n").enumerated()
      .filter { $0.offset % 2 == 1 }
      .map { $0.element.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }
      .map { $0.joined(separator: " ") }
    let (dispatcher, diagnostics) = try Self.dispatcher()
    try dispatcher.register(
      service: "handoff", handlers: ["scene:continueUserActivty:": { _ in nil }])
    let layout = DelegateMethod.unforwardedHandlers(of: .sceneDelegate, on: dispatcher) {
      $0 != Self.geometry
    }
    let messages = [
      try #require(diagnostics.entries.first),
      try #require(layout.first { $0.service == "layout" }),
      .answerTypeMismatch(
        selector: "application:performFetchWithCompletionHandler:", service: "feed",
        expected: "\(BackgroundFetchResult.self)", actual: "\(String.self)"),
    ].map(\.description)
    #expect(quoted == messages)
  }

  static func selector(of diagnostic: Diagnostic) -> String {
    guard case .notDispatched(let selector, _, _) = diagnostic else { return "\(diagnostic)" }
    return selector
  }
}

import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatchUIKit

/// What an app sets or gets wrong around the adapter: its completion
/// deadline, and a scene configuration that names its own scene delegate.
@Suite struct AdapterSettingsTests {
  static let shortcut = "windowScene:performActionForShortcutItem:completionHandler:"

  /// The forwarder an app delegate makes, with a fake clock.
  struct App {
    let clock = FakeClock()
    let forwarder: DelegateForwarder
    let errors = Locked<[String]>([])
    let diagnostics = DiagnosticLog()

    init(deadline: Duration) {
      forwarder = DelegateForwarder(completionDeadline: deadline, clock: clock) {
        [errors] error in errors.withLock { $0.append("\(error)") }
      }
      diagnostics.attach(to: forwarder.dispatcher)
    }
  }

  @Test func uiKitsCompletionRunsAtTheAppsDeadline() throws {
    let app = App(deadline: .seconds(8))
    try app.forwarder.dispatcher.register(
      service: "forgetful", handlers: [Self.shortcut: { _ in nil }])
    let uiKit = CompletionProbe<Bool>()
    app.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    app.clock.advance(by: .milliseconds(7_999))
    #expect(uiKit.values.isEmpty, "before the app's deadline")
    app.clock.advance(by: .milliseconds(1))
    #expect(uiKit.values == [false])
    #expect(
      app.diagnostics.entries == [
        .completionMissedDeadline(
          selector: Self.shortcut, service: "forgetful", deadlineMilliseconds: 8_000)
      ])
    #expect(app.errors.withLock { $0 }.isEmpty, "a deadline within range is not reported")
    #expect(DelegateForwarder.defaultDeadline == .seconds(25))
  }

  @Test(arguments: [Duration.zero, .seconds(-1), .seconds(30), .seconds(90)])
  func aDeadlineIOSCannotKeepIsUsedAsGivenAndReported(deadline: Duration) throws {
    let app = App(deadline: deadline)
    let errors = app.errors.withLock { $0 }
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("completionDeadline is \(deadline), ") == true)
    #expect(errors.first?.contains("between 0 and 30 seconds") == true)
    try app.forwarder.dispatcher.register(
      service: "forgetful", handlers: [Self.shortcut: { _ in nil }])
    let uiKit = CompletionProbe<Bool>()
    app.forwarder.event(
      Self.shortcut, ["scene", "item"], completion: uiKit.handler, fallback: false)
    app.clock.advance(by: max(deadline, .zero))
    #expect(uiKit.values == [false], "at the deadline as given")
  }

  @Test func aSceneDelegateThatIsNotTheAdaptersIsReportedOnceWhenServicesHandleSceneEvents()
    throws
  {
    let app = App(deadline: .seconds(25))
    let forwarder = app.forwarder
    // No service handles a scene event: nothing is lost, nothing is reported.
    forwarder.checkSceneDelegate(
      configuration: "Default Configuration", delegateClass: "Shop.SceneDelegate",
      isDispatching: false)
    #expect(app.diagnostics.entries.isEmpty)
    try forwarder.dispatcher.register(
      service: "session",
      handlers: [
        "sceneDidBecomeActive:": { _ in nil }, "sceneWillEnterForeground:": { _ in nil },
        "applicationDidReceiveMemoryWarning:": { _ in nil },
      ])
    // The adapter's class, or a subclass: the events reach the services.
    forwarder.checkSceneDelegate(
      configuration: "Default Configuration", delegateClass: "Shop.SceneDelegate",
      isDispatching: true)
    #expect(app.diagnostics.entries.isEmpty)
    for _ in 0..<3 {
      forwarder.checkSceneDelegate(
        configuration: "Default Configuration", delegateClass: "Shop.SceneDelegate",
        isDispatching: false)
    }
    forwarder.checkSceneDelegate(
      configuration: nil, delegateClass: "Shop.OtherDelegate", isDispatching: false)
    let expected: [Diagnostic] = [
      .sceneDelegateNotDispatching(
        configuration: "Default Configuration", delegateClass: "Shop.SceneDelegate",
        selectors: ["sceneDidBecomeActive:", "sceneWillEnterForeground:"]),
      .sceneDelegateNotDispatching(
        configuration: nil, delegateClass: "Shop.OtherDelegate",
        selectors: ["sceneDidBecomeActive:", "sceneWillEnterForeground:"]),
    ]
    #expect(app.diagnostics.entries == expected, "once per configuration and class")
    let text = try #require(app.diagnostics.entries.first).description
    #expect(text.hasPrefix("the scene configuration \"Default Configuration\" names "))
    #expect(text.contains("Shop.SceneDelegate as its delegate class, which is not a"))
    #expect(text.contains("make Shop.SceneDelegate a subclass of DispatchingSceneDelegate"))
    #expect(text.contains("remove UISceneDelegateClassName"))
    #expect(app.diagnostics.entries.last?.service == nil)
  }
}

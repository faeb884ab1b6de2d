import SelectorDispatch
import SelectorDispatchTesting
import Testing

/// The supported interface orientations of both delegates: the masks
/// intersect, but an empty intersection never reaches the host as 0.
@Suite struct NonEmptyIntersectionTests {
  struct Orientation: Sendable, CustomTestStringConvertible {
    let selector: String
    let params: [String]
    var testDescription: String { selector }
  }

  static let both = [
    Orientation(
      selector: "application:supportedInterfaceOrientationsForWindow:", params: ["app", "window"]),
    Orientation(selector: "supportedInterfaceOrientationsForWindowScene:", params: ["scene"]),
  ]

  /// UIKit's `UIInterfaceOrientationMask`, as a host would answer it.
  struct Mask: OptionSet, Sendable {
    let rawValue: UInt
    static let portrait = Mask(rawValue: 1 << 1)
    static let landscapeRight = Mask(rawValue: 1 << 3)
    static let landscapeLeft = Mask(rawValue: 1 << 4)
    static let landscape: Mask = [.landscapeLeft, .landscapeRight]
  }

  /// The empty-intersection diagnostics, without the deprecation of the
  /// app delegate's selector that registering reports.
  func conflicts(_ log: DiagnosticLog) -> [Diagnostic] {
    log.entries.filter {
      if case .emptyIntersection = $0 { true } else { false }
    }
  }

  func dispatcher() throws -> (Dispatcher, DiagnosticLog) {
    let dispatcher = Dispatcher(
      vocabulary: try Vocabulary.applicationDelegate.merging(.sceneDelegate))
    let log = DiagnosticLog()
    log.attach(to: dispatcher)
    return (dispatcher, log)
  }

  @Test(arguments: both)
  func bothDelegatesUseTheNonEmptyIntersection(_ test: Orientation) throws {
    let entry = try #require(
      Vocabulary.applicationDelegate[selector: test.selector]
        ?? Vocabulary.sceneDelegate[selector: test.selector])
    #expect(entry.fold == .nonEmptyIntersection)
    #expect(entry.domain == .defaultOrientation)
  }

  @Test(arguments: both)
  func disjointMasksAnswerNilAndNameTheServicesInConflict(_ test: Orientation) throws {
    let (dispatcher, log) = try dispatcher()
    let calls = CallLog()
    try dispatcher.register(
      service: "video", priority: 3,
      handlers: [test.selector: calls.handler("video", answer: Mask.landscape)])
    try dispatcher.register(
      service: "indifferent", priority: 2,
      handlers: [test.selector: calls.handler("indifferent", answer: nil)])
    try dispatcher.register(
      service: "reader", priority: 1,
      handlers: [test.selector: calls.handler("reader", answer: Mask.portrait)])
    let answer = try dispatcher.dispatch(selector: test.selector, params: test.params)
    #expect(answer == nil, "never 0: UIKit raises on an empty mask")
    #expect(calls.entries == ["video", "indifferent", "reader"])
    #expect(
      conflicts(log) == [
        .emptyIntersection(
          selector: test.selector, services: ["video", "reader"], masks: [0x18, 0x2])
      ])
    #expect(conflicts(log).first?.service == "video")
    #expect(
      log.entries.count - conflicts(log).count == (test.selector.hasPrefix("application:") ? 3 : 0),
      "the app delegate's selector is deprecated in iOS 27: one report per service")
    #expect(conflicts(log).first?.description.contains(#""video" (0x18), "reader" (0x2)"#) == true)
  }

  @Test(arguments: both)
  func overlappingMasksAnswerTheirIntersectionWithoutADiagnostic(_ test: Orientation) throws {
    let (dispatcher, log) = try dispatcher()
    try dispatcher.register(
      service: "video", handlers: [test.selector: { _ in Mask([.landscape, .portrait]) }])
    try dispatcher.register(service: "game", handlers: [test.selector: { _ in UInt(1 << 4) }])
    let answer = try dispatcher.dispatch(selector: test.selector, params: test.params)
    #expect(answer as? UInt == 1 << 4)
    #expect(conflicts(log).isEmpty)
  }

  @Test(arguments: both)
  func oneServiceAnsweringAnEmptyMaskIsReportedToo(_ test: Orientation) throws {
    let (dispatcher, log) = try dispatcher()
    try dispatcher.register(service: "broken", handlers: [test.selector: { _ in UInt(0) }])
    #expect(try dispatcher.dispatch(selector: test.selector, params: test.params) == nil)
    #expect(
      conflicts(log) == [
        .emptyIntersection(selector: test.selector, services: ["broken"], masks: [0])
      ]
    )
  }

  @Test func noAnswerIsNilWithoutADiagnostic() throws {
    let (dispatcher, log) = try dispatcher()
    for test in Self.both {
      try dispatcher.register(service: test.selector, handlers: [test.selector: { _ in nil }])
      #expect(try dispatcher.dispatch(selector: test.selector, params: test.params) == nil)
    }
    #expect(conflicts(log).isEmpty)
  }

  @Test func anExplicitFoldOnAnUndeclaredSelectorReportsToo() throws {
    let dispatcher = Dispatcher()
    let log = DiagnosticLog()
    log.attach(to: dispatcher)
    try dispatcher.register(service: "a", handlers: ["masks:": { _ in UInt(0b01) }])
    try dispatcher.register(service: "b", handlers: ["masks:": { _ in UInt(0b10) }])
    let answer = try dispatcher.dispatch(
      selector: "masks:", params: [()], fold: .nonEmptyIntersection)
    #expect(answer == nil)
    #expect(
      conflicts(log) == [
        .emptyIntersection(selector: "masks:", services: ["a", "b"], masks: [1, 2])
      ])
    // The plain intersection keeps answering the empty mask.
    #expect(
      try dispatcher.dispatch(selector: "masks:", params: [()], fold: .intersection) as? UInt == 0)
    #expect(conflicts(log).count == 1)
  }
}

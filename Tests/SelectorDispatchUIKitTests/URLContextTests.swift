import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing

@testable import SelectorDispatchUIKit

/// The adapter's `scene:openURLContexts:`: each URL is dispatched alone, with its options, and
/// the first service that answers `true` claims it.
@Suite struct URLContextTests {
  /// `scene:openURLContexts:`, with a scene's name for the scene.
  static let open = ForwardedEvent<(String, Set<OpenURLContext>) -> Bool>("scene:openURLContexts:")

  typealias Host = DelegateForwarderTests.Host

  @MainActor static func context(_ text: String, openInPlace: Bool = false) -> OpenURLContext {
    OpenURLContext(
      url: URL(string: text) ?? URL(fileURLWithPath: "/not-a-url"),
      sourceApplication: "com.example.mail", openInPlace: openInPlace,
      annotation: ["from": "mail"], eventAttribution: "attribution")
  }

  /// Registers services, in order, that record each URL they get and claim the URLs `claims`
  /// accepts; returns what each saw.
  static func register(
    _ services: [(name: String, claims: @Sendable (URL) -> Bool)], on host: Host
  ) throws -> Locked<[String]> {
    let seen = Locked<[String]>([])
    for service in services {
      try host.dispatcher.register(
        service: service.name,
        handlers: HandlerTable([
          TypedHandler("scene:openURLContexts:") {
            (_: String, contexts: Set<OpenURLContext>) -> Bool in
            seen.withLock { $0 += contexts.map { "\(service.name) \($0.url.absoluteString)" } }
            return contexts.contains { service.claims($0.url) }
          }
        ]))
    }
    return seen
  }

  @Test @MainActor func aClaimedURLReachesNoLaterServiceAndAnUnclaimedOneReachesAll() throws {
    let host = Host()
    let seen = try Self.register(
      [
        ("login", { $0.scheme == "login" }), ("router", { $0.host == "product" }),
        ("analytics", { _ in false }),
      ], on: host)
    let claimed = host.forwarder.open(
      [
        Self.context("login://callback"), Self.context("demo://product/7"),
        Self.context("demo://x"),
      ],
      in: "main", by: Self.open)
    #expect(claimed.map(\.url.absoluteString) == ["demo://product/7", "login://callback"])
    #expect(
      seen.withLock { $0 } == [
        "login demo://product/7", "router demo://product/7",
        "login demo://x", "router demo://x", "analytics demo://x",
        "login login://callback",
      ])
    #expect(host.errors.withLock { $0 }.isEmpty)
  }

  @Test @MainActor func aVoidHandlerNeverClaims() throws {
    let host = Host()
    let seen = Locked<[String]>([])
    for name in ["first", "second"] {
      try host.dispatcher.register(
        service: name,
        handlers: HandlerTable([
          TypedHandler("scene:openURLContexts:") { (_: String, _: Set<OpenURLContext>) in
            seen.withLock { $0.append(name) }
          }
        ]))
    }
    #expect(host.forwarder.open([Self.context("demo://a")], in: "main", by: Self.open).isEmpty)
    #expect(seen.withLock { $0 } == ["first", "second"])
  }

  @Test @MainActor func eachContextArrivesAloneWithEveryOption() throws {
    let host = Host()
    let received = Locked<[Set<OpenURLContext>]>([])
    try host.dispatcher.register(
      service: "documents",
      handlers: HandlerTable([
        TypedHandler("scene:openURLContexts:") { (_: String, contexts: Set<OpenURLContext>) in
          received.withLock { $0.append(contexts) }
        }
      ]))
    host.forwarder.open(
      [Self.context("file:///b.txt", openInPlace: true), Self.context("file:///a.txt")],
      in: "main", by: Self.open)
    let sets = received.withLock { $0 }
    #expect(sets.map(\.count) == [1, 1])
    let first = try #require(sets.first?.first)
    #expect(first.url.absoluteString == "file:///a.txt")
    #expect(!first.openInPlace)
    let second = try #require(sets.last?.first)
    #expect(second.url.absoluteString == "file:///b.txt")
    #expect(second.openInPlace)
    #expect(second.sourceApplication == "com.example.mail")
    #expect(second.annotation as? [String: String] == ["from": "mail"])
    #expect(second.eventAttribution as? String == "attribution")
  }

  @Test @MainActor func equalityComparesWhatIsHashableAndLeavesUIKitsObjectsOut() {
    let url = URL(fileURLWithPath: "/a")
    let plain = OpenURLContext(url: url)
    #expect(plain == OpenURLContext(url: url, annotation: ["x": 1], eventAttribution: NSObject()))
    #expect(plain != OpenURLContext(url: url, openInPlace: true))
    #expect(plain != OpenURLContext(url: url, sourceApplication: "com.example"))
    #expect(
      Set([plain, OpenURLContext(url: url, openInPlace: true), OpenURLContext(url: url)]).count
        == 2)
  }
}

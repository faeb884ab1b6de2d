import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct DispatcherManifestTests {
  static let background = "applicationDidEnterBackground:"

  /// A service made by a catalog factory, named as the test needs.
  struct Named: DispatchService {
    let name: String
    let log: CallLog
    var handlers: HandlerTable {
      [DispatcherManifestTests.background: log.handler(name)]
    }
  }

  func catalog(_ log: CallLog, _ names: String...) -> ServiceCatalog {
    var catalog = ServiceCatalog()
    for name in names { catalog.add(name) { Named(name: name, log: log) } }
    return catalog
  }

  @Test func registersEnabledEntriesWithTheirPriorities() throws {
    let log = CallLog()
    let manifest = try Manifest.parse(
      Data(
        """
        {"services": [
          {"name": "A"},
          {"name": "B", "priority": 10},
          {"name": "C", "enabled": false},
          {"name": "SelectorDispatchTests.ReflectedPush", "priority": -1}
        ]}
        """.utf8))
    let dispatcher = Dispatcher()
    let names = try dispatcher.register(manifest, catalog: catalog(log, "A", "B", "C"))
    #expect(names == ["A", "B", "ReflectedPush"])
    _ = try dispatcher.dispatch(selector: Self.background, params: [NSObject()])
    #expect(log.entries == ["B", "A"])
    #expect(creations.entries.contains("push.bg"))
    #expect(!dispatcher.unregister(service: "C"))
  }

  struct Failure: Sendable, CustomTestStringConvertible {
    let json: String
    let error: ManifestError
    var testDescription: String { json }
  }

  static let at = Manifest.Position.init(line:column:)

  @Test(arguments: [
    Failure(
      json: #"["A", "B", "Nope"]"#,
      error: .unknownService(index: 2, name: "Nope", position: at(1, 12), suggestion: nil)),
    Failure(
      json: #"["A", "b"]"#,
      error: .unknownService(index: 1, name: "b", position: at(1, 7), suggestion: "B")),
    Failure(
      json: #"["A", "Foundation.FileHandle"]"#,
      error: .notAService(
        index: 1, name: "Foundation.FileHandle", position: at(1, 7),
        type: "Foundation.FileHandle")),
    Failure(
      json: #"["A", "B", "C", "D", "Taken"]"#,
      error: .registrationFailed(
        index: 4, name: "Taken", position: at(1, 22), reason: .duplicateService(name: "Taken"))),
    Failure(
      json: #"["A", "Alias"]"#,
      error: .registrationFailed(
        index: 1, name: "Alias", position: at(1, 7), reason: .duplicateService(name: "A"))),
  ])
  func anyFailingEntryRegistersNothing(_ test: Failure) throws {
    let log = CallLog()
    var catalog = catalog(log, "A", "B", "C", "D", "Taken")
    catalog.add("Alias") { Named(name: "A", log: log) }
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "Taken", handlers: [:])
    let manifest = try Manifest.parse(Data(test.json.utf8))
    #expect(throws: test.error) { try dispatcher.register(manifest, catalog: catalog) }
    #expect(!dispatcher.responds(to: Self.background))
    for name in ["A", "B", "C", "D"] { #expect(!dispatcher.unregister(service: name)) }
  }

  @Test func namesResolveBeforeAnyServiceIsCreated() throws {
    let log = CallLog()
    var catalog = ServiceCatalog()
    catalog.add("A") {
      log.record("created A")
      return Named(name: "A", log: log)
    }
    let manifest = Manifest(entries: [.init(name: "A"), .init(name: "Unknown")])
    #expect(throws: ManifestError.self) { try Dispatcher().register(manifest, catalog: catalog) }
    #expect(log.entries.isEmpty)
  }

  @Test func duplicatesInAManifestBuiltInCodeAreCaught() {
    let manifest = Manifest(entries: [.init(name: "A"), .init(name: "A", isEnabled: false)])
    let error = ManifestError.duplicateEntry(index: 1, name: "A", position: nil, firstIndex: 0)
    #expect(throws: error) {
      try Dispatcher().register(manifest, catalog: catalog(CallLog(), "A"))
    }
  }
}

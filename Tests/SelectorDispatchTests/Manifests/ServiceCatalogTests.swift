import Foundation
import Testing

@testable import SelectorDispatch

@Suite struct ServiceCatalogTests {
  @Test func reflectionFindsServiceClassesOnLinuxNSObjectOrNot() throws {
    let catalog = ServiceCatalog()
    for name in ["SelectorDispatchTests.ReflectedPush", "SelectorDispatchTests.ReflectedLog"] {
      guard case .factory(let make) = catalog.resolve(name) else {
        Issue.record("\(name) did not resolve")
        continue
      }
      let service = make()
      #expect("SelectorDispatchTests." + service.name == name)
    }
  }

  struct NotServiceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let type: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    NotServiceCase(name: "Foundation.FileHandle", type: "Foundation.FileHandle"),
    NotServiceCase(
      name: "SelectorDispatchTests.NotAService", type: "SelectorDispatchTests.NotAService"),
  ])
  func classesThatAreNotServicesAreNeverCreated(_ test: NotServiceCase) {
    let before = creations.entries.filter { $0 == "NotAService" }.count
    guard case .notAService(let type) = ServiceCatalog().resolve(test.name) else {
      Issue.record("\(test.name) was not reported as not a service")
      return
    }
    #expect(type == test.type)
    #expect(creations.entries.filter { $0 == "NotAService" }.count == before)
  }

  @Test(arguments: [
    "SelectorDispatchTests.Missing", "Missing", "", "$sSiD", "a..b", "1a", "a.", ".a",
    "SelectorDispatchTests.ReflectedPush ", String(repeating: "a", count: 600),
  ])
  func unknownAndNonIdentifierNamesResolveToNothing(_ name: String) {
    guard case .unknown = ServiceCatalog().resolve(name) else {
      Issue.record("\(name) resolved")
      return
    }
  }

  @Test func bareNamesAreTriedInTheListedModules() {
    var catalog = ServiceCatalog()
    guard case .unknown = catalog.resolve("ReflectedPush") else {
      Issue.record("a bare name resolved without modules")
      return
    }
    catalog.modules = ["NoSuchModule", "SelectorDispatchTests"]
    guard case .factory(let make) = catalog.resolve("ReflectedPush") else {
      Issue.record("ReflectedPush did not resolve in SelectorDispatchTests")
      return
    }
    #expect(make().name == "ReflectedPush")
    guard case .notAService = catalog.resolve("NotAService") else {
      Issue.record("NotAService was not reported")
      return
    }
  }

  @Test func theCatalogComesFirstAndSuggestsNames() {
    var catalog = ServiceCatalog(allowsReflection: false)
    catalog.add(ReflectedPush.self)
    catalog.add("Logger") { ReflectedLog() }
    #expect(catalog.names == ["Logger", "ReflectedPush"])
    guard case .factory = catalog.resolve("ReflectedPush") else {
      Issue.record("the catalog entry did not resolve")
      return
    }
    guard case .unknown(let suggestion) = catalog.resolve("Loger") else {
      Issue.record("Loger resolved")
      return
    }
    #expect(suggestion == "Logger")
    guard case .unknown = catalog.resolve("SelectorDispatchTests.ReflectedPush") else {
      Issue.record("reflection was used although it is off")
      return
    }
  }

  @Test(arguments: [
    ("Module.Type", true), ("A", true), ("_a.b_1.C", true), ("a b", false), ("é", false),
  ])
  func classNameGrammar(_ name: String, _ valid: Bool) {
    #expect(ServiceCatalog.isClassName(name) == valid)
  }
}

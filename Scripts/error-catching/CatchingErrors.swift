// The ways an app's tests catch the package's errors, written as a user writes
// them. Scripts/check-error-catching.sh compiles and runs this file in a package
// of its own, once in the Swift 6 language mode and once in Swift 5: with typed
// throws on the public API, the first test crashed the Swift 6.3 compiler
// ("Found ownership error?!", swiftlang/swift#89577). See the Errors article.
import Foundation
import SelectorDispatch
import SelectorDispatchTesting
import Testing
import XCTest

private let background = "applicationDidEnterBackground:"

private func makeDispatcher() throws -> Dispatcher {
  let dispatcher = Dispatcher()
  try dispatcher.register(service: "s", priority: 0, handlers: [background: { _ in nil }])
  return dispatcher
}

@Test func unknownSelectorSuggestsTheRightOne() throws {
  let d = Dispatcher()
  try d.register(
    service: "s", priority: 0, handlers: ["applicationDidEnterBackground:": { _ in nil }])
  do {
    _ = try d.dispatch(selector: "applicationDidEnterBackgound:", params: [1])
    Issue.record("no error for an unknown selector")
  } catch let e as DispatchError {
    #expect(String(describing: e).contains("applicationDidEnterBackground:"))
  }
}

@Test func expectThrowsTheType() throws {
  let d = try makeDispatcher()
  #expect(throws: DispatchError.self) {
    try d.dispatch(selector: background, params: [])
  }
}

@Test func expectThrowsTheValue() throws {
  let d = try makeDispatcher()
  #expect(throws: DispatchError.arityMismatch(selector: background, expected: 1, actual: 2)) {
    try d.dispatch(selector: background, params: [1, 2])
  }
}

@Test func expectReturnsTheError() throws {
  let d = try makeDispatcher()
  let error = #expect(throws: DispatchError.self) {
    try d.dispatch(selector: "applicationDidEnterBackgound:", params: [1])
  }
  #expect(
    error
      == .unrecognizedSelector(
        selector: "applicationDidEnterBackgound:", suggestion: background))
}

@Test func requireThrows() throws {
  let error = try #require(throws: DispatchError.self) {
    try SelectorKey("two words:")
  }
  guard case .malformedSelector(let selector, _, _) = error else {
    Issue.record("not a malformed selector: \(error)")
    return
  }
  #expect(selector == "two words:")
}

@Test func catchTheCase() throws {
  let d = try makeDispatcher()
  do {
    _ = try d.dispatch(selector: "applicationDidEnterBackgound:", params: [1])
    Issue.record("no error for an unknown selector")
  } catch DispatchError.unrecognizedSelector(let selector, let suggestion) {
    #expect(selector == "applicationDidEnterBackgound:")
    #expect(suggestion == background)
  }
  do {
    try d.register(service: "s", handlers: [background: { _ in nil }])
    Issue.record("the same service registered twice")
  } catch DispatchError.duplicateService {
    #expect(!d.responds(to: "applicationWillEnterForeground:"))
  }
}

@Test func catchTheManifestError() {
  do {
    _ = try Manifest.parse(Data("{\"services\": [".utf8))
    Issue.record("a truncated manifest parsed")
  } catch let e as ManifestError {
    #expect(!e.description.isEmpty)
  } catch {
    Issue.record("not a ManifestError: \(error)")
  }
  #expect(throws: ManifestError.self) {
    try Manifest.parse(Data("not a manifest".utf8))
  }
}

@Test func catchWhileAwaiting() async throws {
  let d = try makeDispatcher()
  do {
    _ = try await d.answer(to: background, params: [])
    Issue.record("no error for a missing argument")
  } catch let e as DispatchError {
    #expect(e == .arityMismatch(selector: background, expected: 1, actual: 0))
  }
  await #expect(throws: DispatchError.self) {
    try await d.answer(to: "applicationDidEnterBackgound:", params: [1])
  }
}

@Test func catchTheTestKitsFailure() throws {
  let probe = CompletionProbe<Bool>()
  do {
    try probe.requireCalledOnce()
    Issue.record("a probe never called passed")
  } catch let e as ExpectationFailure {
    #expect(e.description.contains("never"))
  }
}

@Test func catchTheInjectedEventsError() throws {
  let injector = EventInjector()
  let trace = injector.inject(background)  // the application left out
  do {
    _ = try trace.result.get()
    Issue.record("an event without its application was dispatched")
  } catch let e as DispatchError {
    #expect(e == .arityMismatch(selector: background, expected: 1, actual: 0))
  }
}

final class CatchingErrorsXCTests: XCTestCase {
  func testAssertThrowsError() throws {
    let d = try makeDispatcher()
    XCTAssertThrowsError(try d.dispatch(selector: background, params: [])) { error in
      XCTAssertEqual(
        error as? DispatchError, .arityMismatch(selector: background, expected: 1, actual: 0))
    }
  }
}

// This file imports one module of the package, as a SwiftUI app's file does: the core's names
// come with it, through the UIKit module.
import SelectorDispatchSwiftUI
import Testing

@Suite struct OneImportSwiftUITests {
  @Test func theSwiftUIModuleBringsTheCoresNames() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(service: "s", handlers: ["open:": { _ in true }])
    #expect(try dispatcher.dispatch(selector: "open:", params: [1], fold: .any) as? Bool == true)
  }
}

// This file imports one module of the package, as an app file that uses the UIKit adapter
// does: the core's names (`Dispatcher`, `DispatchService`, `Fold`) come with it.
import SelectorDispatchUIKit
import Testing

@Suite struct OneImportUIKitTests {
  struct Greeter: DispatchService {
    let name = "greeter"
    var handlers: HandlerTable { ["greet:": { params in "hello, \(params[0])" }] }
  }

  @Test func theUIKitModuleBringsTheCoresNames() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(Greeter())
    #expect(
      try dispatcher.dispatch(selector: "greet:", params: ["app"], fold: .firstNonNil) as? String
        == "hello, app")
  }
}

import Foundation
import SelectorDispatch
import Testing

/// The README's services and manifest examples, verbatim, so they keep compiling and doing what
/// the README says.
@Suite struct ReadmeServicesTests {
  final class PushService: LoadableService {  // LoadableService: Service + init()
    init() {}
    var priority: Int { 10 }
    @HandlerTableBuilder var handlers: [String: Handler] {
      on("application:didFinishLaunchingWithOptions:") {
        (app: AnyObject, options: [String: Any]?) -> Bool in true
      }
      on("application:openURL:options:") {
        (app: AnyObject, url: URL, options: [String: Any]) -> Bool in url.scheme == "push"
      }
    }
  }

  @Test func serviceWithTypedHandlers() throws {
    let dispatcher = Dispatcher()
    try dispatcher.register(PushService())
    let url = try #require(URL(string: "push://inbox"))
    let opened = try dispatcher.dispatch(
      selector: "application:openURL:options:", params: [NSObject(), url, [String: Any]()],
      fold: .firstTrue)
    #expect(opened as? Bool == true)
  }

  @Test func manifestWithACatalog() throws {
    let dispatcher = Dispatcher()
    var catalog = ServiceCatalog()
    catalog.add(PushService.self)  // under "PushService"
    let json = """
      {"services": [{"name": "PushService", "priority": 20},
                    {"name": "MyApp.LogService", "enabled": false}]}
      """
    let manifest = try Manifest.parse(Data(json.utf8))  // or Manifest(contentsOf: url)
    #expect(try dispatcher.register(manifest, catalog: catalog) == ["PushService"])
  }
}

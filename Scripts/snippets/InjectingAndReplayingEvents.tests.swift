// The app's services that the article's test registers.
import SelectorDispatch

struct PushService: DispatchService {
  var handlers: HandlerTable { ["applicationWillTerminate:": { _ in nil }] }
}

struct AnalyticsService: DispatchService {
  var handlers: HandlerTable { ["applicationWillTerminate:": { _ in nil }] }
}

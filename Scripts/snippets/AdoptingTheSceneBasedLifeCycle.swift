// The names the article's fragments take from the app around them.
final class Player { func pause() {} }

/// A service that has not yet moved its URL handling to the scene delegate.
struct DeepLinks: DispatchService {
  var name: String { "deep-links" }
  var handlers: HandlerTable { ["application:openURL:options:": { _ in true }] }
}
let services: [any DispatchService] = [DeepLinks()]

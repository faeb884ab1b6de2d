import Foundation

/// A URL a scene is asked to open, with what UIKit says about where it came
/// from: the value `scene:openURLContexts:` carries in place of UIKit's
/// `UIOpenURLContext`, so that services, tests and event logs can build it
/// on any platform.
///
/// The selector's second argument is a `Set<OpenURLContext>`
/// (``ArgumentType/urlContexts``). A UIKit host converts UIKit's set once:
///
/// ```swift
/// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///   let opened = Set(contexts.map {
///     OpenURLContext(url: $0.url, sourceApplication: $0.options.sourceApplication)
///   })
///   _ = try? dispatcher.dispatch(selector: "scene:openURLContexts:", params: [scene, opened])
/// }
/// ```
public struct OpenURLContext: Hashable, Sendable {
  /// The URL to open.
  public let url: URL
  /// The bundle identifier of the app that asked to open it, when UIKit
  /// says (`UIScene.OpenURLOptions.sourceApplication`).
  public let sourceApplication: String?

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - sourceApplication: The bundle identifier of the app that asked, if
  ///     known.
  public init(url: URL, sourceApplication: String? = nil) {
    self.url = url
    self.sourceApplication = sourceApplication
  }
}

extension OpenURLContext: CustomStringConvertible {
  /// The URL's absolute string, the form in which an event log writes the
  /// contexts: a list of URL strings.
  public var description: String { url.absoluteString }
}

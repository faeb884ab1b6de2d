import Foundation

/// A URL a scene is asked to open, with every option UIKit gives about
/// where it came from and how to open it: the value `scene:openURLContexts:`
/// carries in place of UIKit's `UIOpenURLContext`, so that services, tests
/// and event logs can build it on any platform.
///
/// The selector's second argument is a `Set<OpenURLContext>`
/// (``ArgumentType/urlContexts``). `DispatchingSceneDelegate` converts
/// UIKit's contexts, with all their options; a host of your own converts
/// them the same way:
///
/// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
/// ```swift
/// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///   for context in contexts {
///     let opened = OpenURLContext(
///       url: context.url, sourceApplication: context.options.sourceApplication,
///       openInPlace: context.options.openInPlace, annotation: context.options.annotation,
///       eventAttribution: context.options.eventAttribution)
///     _ = try? dispatcher.dispatch(selector: "scene:openURLContexts:", params: [scene, [opened] as Set])
///   }
/// }
/// ```
///
/// **Equality.** Two contexts are equal when their URL, source application
/// and `openInPlace` are: the values that are `Sendable` and `Hashable`.
/// ``annotation`` and ``eventAttribution`` are UIKit's objects, kept as
/// given and left out of equality and hashing, as `Any` cannot be compared;
/// so a set holds one of two contexts that differ only there.
///
/// **Isolation.** UIKit's objects belong to the main actor (its
/// `UIEventAttribution` is a main-actor class): a context is made with them,
/// and they are read, on the main actor only, where UIKit gives them and
/// where the typed events' handlers run. The rest of a context, and the
/// context itself, go anywhere.
public struct OpenURLContext: Hashable, Sendable {
  /// The URL to open.
  public let url: URL
  /// The bundle identifier of the app that asked to open it, when UIKit
  /// says (`UIScene.OpenURLOptions.sourceApplication`).
  public let sourceApplication: String?
  /// Whether the URL is a document to open where it is, rather than a copy
  /// (`UIScene.OpenURLOptions.openInPlace`, set for a document provider's
  /// files and Info.plist's `LSSupportsOpeningDocumentsInPlace`).
  public let openInPlace: Bool
  // Touched on the main actor only: set by the main-actor initializer, read
  // by the main-actor properties; elsewhere a context only copies the
  // references.
  private nonisolated(unsafe) let uikitAnnotation: Any?
  private nonisolated(unsafe) let uikitEventAttribution: Any?

  /// The property list the app that asked passed with the URL
  /// (`UIScene.OpenURLOptions.annotation`, from its
  /// `UIDocumentInteractionController`), or `nil`. Not compared.
  @MainActor public var annotation: Any? { uikitAnnotation }

  /// UIKit's `UIEventAttribution` for a URL opened from an ad that measures
  /// clicks (`UIScene.OpenURLOptions.eventAttribution`, iOS 14.5), or
  /// `nil`; typed `Any` so that the context exists where UIKit does not:
  /// `context.eventAttribution as? UIEventAttribution`. Not compared.
  @MainActor public var eventAttribution: Any? { uikitEventAttribution }

  /// Creates a context, without UIKit's objects.
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - sourceApplication: The bundle identifier of the app that asked, if
  ///     known.
  ///   - openInPlace: Whether to open the document where it is.
  public init(url: URL, sourceApplication: String? = nil, openInPlace: Bool = false) {
    self.url = url
    self.sourceApplication = sourceApplication
    self.openInPlace = openInPlace
    uikitAnnotation = nil
    uikitEventAttribution = nil
  }

  /// Creates a context with UIKit's objects, on the main actor.
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - sourceApplication: The bundle identifier of the app that asked, if
  ///     known.
  ///   - openInPlace: Whether to open the document where it is.
  ///   - annotation: The asking app's property list, if any.
  ///   - eventAttribution: UIKit's `UIEventAttribution`, if any.
  @MainActor public init(
    url: URL, sourceApplication: String? = nil, openInPlace: Bool = false, annotation: Any?,
    eventAttribution: Any? = nil
  ) {
    self.url = url
    self.sourceApplication = sourceApplication
    self.openInPlace = openInPlace
    uikitAnnotation = annotation
    uikitEventAttribution = eventAttribution
  }

  /// Whether two contexts have the same URL, source application and
  /// `openInPlace`; the annotation and the attribution are not compared.
  ///
  /// - Parameters:
  ///   - lhs: A context.
  ///   - rhs: Another context.
  /// - Returns: `true` when the compared options are equal.
  public static func == (lhs: OpenURLContext, rhs: OpenURLContext) -> Bool {
    lhs.url == rhs.url && lhs.sourceApplication == rhs.sourceApplication
      && lhs.openInPlace == rhs.openInPlace
  }

  /// Hashes the URL, the source application and `openInPlace`.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(url)
    hasher.combine(sourceApplication)
    hasher.combine(openInPlace)
  }
}

extension OpenURLContext: CustomStringConvertible {
  /// The URL's absolute string, the form in which an event log writes the
  /// contexts: a list of URL strings.
  public var description: String { url.absoluteString }
}

extension Vocabulary {
  /// The iOS releases that introduced a selector and, where there is one,
  /// deprecated it, as Apple's headers declare them
  /// (`API_AVAILABLE(ios(13.0))`, `API_DEPRECATED(…, ios(13.0, 26.0))`).
  ///
  /// Versions are written as Apple writes them, such as `13.0` or `26.0`.
  ///
  /// ```swift
  /// Vocabulary.sceneDelegate[selector: "windowScene:didUpdateEffectiveGeometry:"]?
  ///   .availability?.description  // "iOS 26.0"
  /// ```
  public struct Availability: Sendable, Hashable, CustomStringConvertible {
    /// The iOS release that introduced the selector, or `nil` when the
    /// vocabulary does not record it.
    public let introduced: String?
    /// The iOS release that deprecated the selector, or `nil` when it is
    /// current.
    public let deprecated: String?

    /// Creates an availability.
    ///
    /// - Parameters:
    ///   - introduced: The iOS release that introduced the selector, such as
    ///     `13.0`, if known.
    ///   - deprecated: The iOS release that deprecated it, such as `26.0`,
    ///     or `nil` while it is current.
    public init(introduced: String?, deprecated: String? = nil) {
      self.introduced = introduced
      self.deprecated = deprecated
    }

    /// Such as `iOS 13.0`, `iOS 13.0, deprecated in 26.0` or
    /// `deprecated in iOS 26.0`.
    public var description: String {
      switch (introduced, deprecated) {
      case (let introduced?, let deprecated?): "iOS \(introduced), deprecated in \(deprecated)"
      case (let introduced?, nil): "iOS \(introduced)"
      case (nil, let deprecated?): "deprecated in iOS \(deprecated)"
      case (nil, nil): "iOS"
      }
    }
  }
}

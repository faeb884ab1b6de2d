import SelectorDispatch

/// The conversions between UIKit's values and the services', as functions
/// of raw values, so that Linux tests pin them. The UIKit classes only wrap
/// and unwrap the raw values.
enum UIKitValue {
  /// The raw value of the `UIBackgroundFetchResult` for a folded result:
  /// `newData` 0, `noData` 1, `failed` 2, as UIKit declares them.
  static func backgroundFetchRawValue(_ result: BackgroundFetchResult) -> UInt {
    switch result {
    case .newData: 0
    case .noData: 1
    case .failed: 2
    }
  }

  /// The result for a `UIBackgroundFetchResult` raw value, or `nil` for a
  /// value UIKit does not declare.
  static func backgroundFetchResult(rawValue: UInt) -> BackgroundFetchResult? {
    BackgroundFetchResult.allCases.first { backgroundFetchRawValue($0) == rawValue }
  }

  /// `UIInterfaceOrientationMask`'s bits, by the names Info.plist gives
  /// the orientations (`UISupportedInterfaceOrientations`).
  static let orientationBits: [String: UInt] = [
    "UIInterfaceOrientationPortrait": 1 << 1,
    "UIInterfaceOrientationPortraitUpsideDown": 1 << 2,
    "UIInterfaceOrientationLandscapeRight": 1 << 3,
    "UIInterfaceOrientationLandscapeLeft": 1 << 4,
  ]

  /// `UIInterfaceOrientationMask.all`.
  static let allOrientations: UInt = 0b11110
  /// `UIInterfaceOrientationMask.allButUpsideDown`.
  static let allButUpsideDown: UInt = 0b11010

  /// The orientations UIKit uses when the app delegate does not answer:
  /// those Info.plist lists for the device (`~ipad` first on an iPad), or
  /// UIKit's own default when it lists none it knows (every orientation on
  /// an iPad, all but upside down elsewhere).
  ///
  /// - Parameters:
  ///   - infoDictionary: The main bundle's Info.plist.
  ///   - isPad: Whether the device is an iPad.
  /// - Returns: A `UIInterfaceOrientationMask` raw value, never 0.
  static func defaultOrientations(infoDictionary: [String: Any], isPad: Bool) -> UInt {
    let keys =
      isPad
      ? ["UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations"]
      : ["UISupportedInterfaceOrientations~iphone", "UISupportedInterfaceOrientations"]
    for key in keys {
      guard let names = infoDictionary[key] as? [String] else { continue }
      let mask = names.reduce(UInt(0)) { $0 | (orientationBits[$1] ?? 0) }
      if mask != 0 { return mask }
    }
    return isPad ? allOrientations : allButUpsideDown
  }

  /// The orientations the app delegate answers: the services' folded mask,
  /// or `fallback` when they allowed none in common (UIKit raises on an empty
  /// mask) or none answered.
  static func orientations(folded: Any?, fallback: UInt) -> UInt {
    guard let mask = folded as? UInt, mask != 0 else { return fallback }
    return mask
  }
}

/// The outcome of a background fetch, with the raw values of UIKit's
/// `UIBackgroundFetchResult`.
///
/// The completion of `application:performFetchWithCompletionHandler:` and
/// `application:didReceiveRemoteNotification:fetchCompletionHandler:` in
/// ``Vocabulary/applicationDelegate`` has the type
/// `(BackgroundFetchResult) -> Void`. An Apple-platform host converts with
/// `UIBackgroundFetchResult(rawValue: UInt(result.rawValue))` (UIKit's raw
/// type is `UInt`; the initializer returns an optional).
///
/// The services' results fold to ``newData`` if any service had new data,
/// else ``failed`` if any failed, else ``noData`` (also the answer when no
/// service handles the event).
public enum BackgroundFetchResult: Int, Sendable, CaseIterable, CustomStringConvertible {
  /// New data was downloaded.
  case newData = 0
  /// There was no new data.
  case noData = 1
  /// The fetch failed.
  case failed = 2

  /// The case name, such as `newData`.
  public var description: String {
    switch self {
    case .newData: "newData"
    case .noData: "noData"
    case .failed: "failed"
    }
  }

  /// Combines two services' results: new data wins over a failure, which
  /// wins over no data.
  ///
  /// - Parameter other: Another service's result.
  /// - Returns: The combined result.
  func combined(with other: BackgroundFetchResult) -> BackgroundFetchResult {
    if self == .newData || other == .newData { return .newData }
    if self == .failed || other == .failed { return .failed }
    return .noData
  }
}

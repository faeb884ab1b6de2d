/// The hand-written baseline's services, in a module of their own.
///
/// The benchmark sees only the public protocol and an opaque factory: the
/// conforming classes are internal here, so the optimiser compiling the
/// benchmark cannot know every conformer and cannot devirtualise the calls
/// (in one module it turned each call into a direct, inlined one: 7.4 ns
/// for one service, less than calling one closure). This is what an
/// AppDelegate forwarding to services from other modules pays.
public protocol AppService: AnyObject {
  /// Answers the launch event.
  ///
  /// - Parameters:
  ///   - app: Stands in for `UIApplication`.
  ///   - options: The launch options.
  /// - Returns: Whether the service handled the launch.
  func didFinishLaunching(_ app: AnyObject, _ options: [String: Any]) -> Bool

  /// Answers the background event.
  ///
  /// - Parameter app: Stands in for `UIApplication`.
  func didEnterBackground(_ app: AnyObject)
}

extension AppService {
  /// Not handled: answers `false`.
  ///
  /// - Parameters:
  ///   - app: Stands in for `UIApplication`.
  ///   - options: The launch options.
  /// - Returns: `false`.
  public func didFinishLaunching(_ app: AnyObject, _ options: [String: Any]) -> Bool { false }

  /// Not handled: does nothing.
  ///
  /// - Parameter app: Stands in for `UIApplication`.
  public func didEnterBackground(_ app: AnyObject) {}
}

/// Makes `counters.count` services, alternately of two classes; service
/// `i` counts its launches in `counters[i]` and answers whether that
/// counter wrapped around to zero (so, `false`).
///
/// - Parameter counters: One counter per service.
/// - Returns: The services, behind the existential.
@inline(never)
public func makeAppServices(counters: [UnsafeMutablePointer<Int>]) -> [any AppService] {
  counters.indices.map { index in
    index % 2 == 0
      ? PushService(counter: counters[index]) as any AppService
      : AnalyticsService(counter: counters[index])
  }
}

final class PushService: AppService {
  let counter: UnsafeMutablePointer<Int>
  init(counter: UnsafeMutablePointer<Int>) { self.counter = counter }
  func didFinishLaunching(_ app: AnyObject, _ options: [String: Any]) -> Bool {
    counter.pointee &+= 1
    return counter.pointee == 0
  }
}

final class AnalyticsService: AppService {
  let counter: UnsafeMutablePointer<Int>
  init(counter: UnsafeMutablePointer<Int>) { self.counter = counter }
  func didFinishLaunching(_ app: AnyObject, _ options: [String: Any]) -> Bool {
    counter.pointee &+= 1
    return counter.pointee == 0
  }
  func didEnterBackground(_ app: AnyObject) { counter.pointee &+= 1 }
}

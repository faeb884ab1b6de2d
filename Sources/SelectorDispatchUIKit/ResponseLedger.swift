import SelectorDispatch

/// The notification responses already forwarded, so that a response UIKit
/// gives twice reaches the services once.
///
/// UIKit gives the response that opened a scene in the scene's connection
/// options, and also to the notification centre's delegate when that was set
/// before launch finished, as the adapter sets it. Whichever comes first is
/// forwarded; the other is not, and its completion (UIKit's, for the
/// centre's) runs once the services have completed the first: at once if
/// they have.
///
/// A response is known by its request's identifier, its action and its
/// notification's date (``key(request:action:date:)``). The ledger keeps the
/// last ``capacity`` responses the services have completed, for a later
/// delivery however many come, and every one they have not: each of those
/// completes by the dispatcher's deadline.
final class ResponseLedger: Sendable {
  private struct Entry {
    let key: String
    var isFinished = false
    var waiting: [@Sendable () -> Void] = []
  }

  /// How many completed responses are kept for a later delivery.
  static let capacity = 16

  private let entries = Locked<[Entry]>([])

  /// The key of a response.
  ///
  /// - Parameters:
  ///   - request: Its notification request's identifier.
  ///   - action: Its action identifier.
  ///   - date: Its notification's delivery date, in seconds since 2001.
  /// - Returns: A key that another delivery of the same response shares.
  static func key(request: String, action: String, date: Double) -> String {
    "\(request)\u{0}\(action)\u{0}\(date)"
  }

  /// Records a delivery of the response `key`.
  ///
  /// - Parameters:
  ///   - key: The response's ``key(request:action:date:)``.
  ///   - completion: Runs, if this is a later delivery, once the services
  ///     have completed the first.
  /// - Returns: `true` for the first delivery, which the caller forwards
  ///   and then passes to ``finish(_:)`` once the services have completed;
  ///   `false` for a later one, which the caller drops.
  func claim(_ key: String, completion: @escaping @Sendable () -> Void) -> Bool {
    enum Outcome { case first, waits, completesNow }
    let outcome = entries.withLock { entries -> Outcome in
      guard let index = entries.firstIndex(where: { $0.key == key }) else {
        entries.append(Entry(key: key))
        while entries.count > Self.capacity,
          let oldest = entries.firstIndex(where: \.isFinished)
        {
          entries.remove(at: oldest)
        }
        return .first
      }
      guard entries[index].isFinished else {
        entries[index].waiting.append(completion)
        return .waits
      }
      return .completesNow
    }
    if outcome == .completesNow { completion() }
    return outcome == .first
  }

  /// Marks the services' handling of the response `key` complete, and runs
  /// the completions of its later deliveries, if any came meanwhile.
  ///
  /// - Parameter key: The key a first ``claim(_:completion:)`` returned
  ///   `true` for.
  func finish(_ key: String) {
    let waiting = entries.withLock { entries -> [@Sendable () -> Void] in
      guard let index = entries.firstIndex(where: { $0.key == key && !$0.isFinished }) else {
        return []
      }
      let waiting = entries[index].waiting
      entries[index].isFinished = true
      entries[index].waiting = []
      return waiting
    }
    for completion in waiting { completion() }
  }
}

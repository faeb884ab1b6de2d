@testable import SelectorDispatch

/// Records which handlers ran, in order, from any thread.
final class CallLog: Sendable {
  private let calls = Locked<[String]>([])

  var entries: [String] { calls.withLock { $0 } }

  func record(_ name: String) { calls.withLock { $0.append(name) } }

  /// A handler that records `name` and answers `answer`.
  func handler(_ name: String, answer: Any? = nil) -> SelectorHandler {
    { _ in
      self.record(name)
      return answer
    }
  }
}

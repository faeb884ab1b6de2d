@testable import SelectorDispatch

/// A gate an async handler waits at until the test opens it, so that tests
/// can act while a handler is running, deterministically and without
/// sleeping.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var arrived = 0
    var passers: [CheckedContinuation<Void, Never>] = []
    var watchers: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Arrives, then waits until the gate is open.
  func pass() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let (open, watchers) = state.withLock { state in
        state.arrived += 1
        defer { state.watchers = [] }
        if !state.isOpen { state.passers.append(continuation) }
        return (state.isOpen, state.watchers)
      }
      for watcher in watchers { watcher.resume() }
      if open { continuation.resume() }
    }
  }

  /// An async handler that passes the gate, then answers `answer`.
  ///
  /// - Parameter answer: What the handler returns once the gate is open.
  /// - Returns: The handler, to register under a selector.
  func handler(answering answer: Any?) -> AsyncSelectorHandler {
    { _ in
      await self.pass()
      return answer
    }
  }

  /// Returns once something has arrived at the gate.
  func arrival() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let arrived = state.withLock { state in
        if state.arrived == 0 { state.watchers.append(continuation) }
        return state.arrived > 0
      }
      if arrived { continuation.resume() }
    }
  }

  /// Opens the gate for everything waiting and everything to come.
  func open() {
    let passers = state.withLock { state in
      state.isOpen = true
      defer { state.passers = [] }
      return state.passers
    }
    for passer in passers { passer.resume() }
  }
}

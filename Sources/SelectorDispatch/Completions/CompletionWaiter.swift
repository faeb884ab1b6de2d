/// The completion an `await` dispatch gives its join: it holds the joined
/// value until the dispatch awaits it, or resumes the waiting dispatch.
final class CompletionWaiter: Sendable {
  private enum State {
    case waiting
    case delivered(UncheckedBox<Any>)
    case awaiting(CheckedContinuation<UncheckedBox<Any>, any Error>)
    case cancelled
  }

  private let state = Locked(State.waiting)

  /// The join's value: called once, by the join.
  func deliver(_ value: Any) {
    let box = UncheckedBox(value: value)
    let continuation = state.withLock {
      state -> CheckedContinuation<UncheckedBox<Any>, any Error>? in
      switch state {
      case .waiting:
        state = .delivered(box)
        return nil
      case .awaiting(let continuation):
        state = .delivered(box)
        return continuation
      case .delivered, .cancelled:
        return nil
      }
    }
    continuation?.resume(returning: box)
  }

  /// Waits for the value; throws `CancellationError` at once if the task is
  /// (or becomes) cancelled first.
  nonisolated(nonsending) func value() async throws -> Any {
    let box = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let ready = state.withLock { state -> Result<UncheckedBox<Any>, any Error>? in
          switch state {
          case .waiting:
            state = .awaiting(continuation)
            return nil
          case .delivered(let box): return .success(box)
          case .cancelled, .awaiting: return .failure(CancellationError())
          }
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let continuation = state.withLock {
        state -> CheckedContinuation<UncheckedBox<Any>, any Error>? in
        switch state {
        case .awaiting(let continuation):
          state = .cancelled
          return continuation
        case .waiting:
          state = .cancelled
          return nil
        case .delivered, .cancelled:
          return nil
        }
      }
      continuation?.resume(throwing: CancellationError())
    }
    return box.value
  }
}

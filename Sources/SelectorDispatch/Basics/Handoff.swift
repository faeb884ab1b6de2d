/// A value handed over once, from whoever produces it to the one task that
/// waits for it, whose wait ends at once when that task is cancelled: the
/// state machine for a value or a cancellation with which an awaited
/// dispatch waits for its completion join's value.
///
/// The states, under one lock:
///
/// | state | means |
/// |---|---|
/// | `empty` | nothing handed over, nobody waiting |
/// | `waiting` | the task waits |
/// | `delivered` | handed over, not yet taken |
/// | `closed` | taken, or the wait given up: a later value is dropped |
///
/// `@unchecked Sendable`: the value is not `Sendable` (a completion
/// value); it travels by design from its producer to the one
/// task that takes it, under the lock, and nothing else reads it.
struct Handoff<Value>: @unchecked Sendable {
  /// Resumed with the value boxed: the value is not `Sendable` (see above).
  private typealias Waiter = UnsafeContinuation<
    Result<UncheckedBox<Value>, CancellationError>, Never
  >

  private enum State {
    case empty
    case waiting(Waiter)
    case delivered(Value)
    case closed
  }

  private let state = Locked(State.empty)

  /// Hands `value` over: resumes the waiting task, or keeps the value until
  /// a task waits; drops it once the wait was given up. The first call
  /// counts.
  func deliver(_ value: Value) {
    let waiter = state.withLockUnchecked { state -> Waiter? in
      switch state {
      case .empty:
        state = .delivered(value)
        return nil
      case .waiting(let waiter):
        state = .closed
        return waiter
      case .delivered, .closed:
        return nil
      }
    }
    waiter?.resume(returning: .success(UncheckedBox(value: value)))
  }

  /// Waits for the value, and takes it.
  ///
  /// - Returns: The value handed over.
  /// - Throws: `CancellationError`, at once, when the task is (or becomes)
  ///   cancelled before the value is handed over.
  nonisolated(nonsending) func value() async throws(CancellationError) -> Value {
    let result = await withTaskCancellationHandler {
      await withUnsafeContinuation { (waiter: Waiter) in
        let ready = state.withLockUnchecked {
          state -> Result<UncheckedBox<Value>, CancellationError>? in
          switch state {
          case .empty:
            state = .waiting(waiter)
            return nil
          case .delivered(let value):
            state = .closed
            return .success(UncheckedBox(value: value))
          case .waiting, .closed:
            // Closed: the wait was given up before it began.
            return .failure(CancellationError())
          }
        }
        if let ready { waiter.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLockUnchecked { state -> Waiter? in
        switch state {
        case .waiting(let waiter):
          state = .closed
          return waiter
        case .empty:
          state = .closed
          return nil
        case .delivered, .closed:
          return nil
        }
      }
      waiter?.resume(returning: .failure(CancellationError()))
    }
    switch result {
    case .success(let box): return box.value
    case .failure(let error): throw error
    }
  }
}

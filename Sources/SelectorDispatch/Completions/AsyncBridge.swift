import Dispatch

/// Where the async handlers that a *synchronous* dispatch starts run: a
/// global actor whose executor is one serial dispatch queue.
///
/// A synchronous caller has no isolation to lend its handlers, so a
/// `nonisolated(nonsending)` ``AsyncHandler`` runs on this actor; one that
/// names its own actor (`{ @MainActor params in … }`) hops there. A queue of
/// its own, rather than the cooperative pool, lets a synchronous test tool
/// (the test kit's event injector) wait for the handlers without occupying
/// a thread those handlers need: see ``settle()``.
@globalActor
actor AsyncBridge {
  static let shared = AsyncBridge()

  private static let executor = QueueExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  /// Tasks created but not yet running on the bridge.
  private static let starting = Locked(0)

  /// Starts `body` on the bridge. Counted from this call, so that
  /// ``settle()`` waits for a task even before it first runs.
  static func start(_ body: UncheckedBox<@AsyncBridge () async -> Void>) {
    starting.withLock { $0 += 1 }
    Task { @AsyncBridge in
      starting.withLock { $0 -= 1 }
      await body.value()
    }
  }

  /// Blocks until the bridge has nothing left to run: every task it started
  /// has either finished or is suspended waiting for something outside the
  /// bridge. Never call it on the bridge itself.
  static func settle() {
    while true {
      executor.queue.sync {}
      if executor.isIdle, starting.withLock({ $0 }) == 0 { return }
    }
  }
}

/// Runs jobs one at a time on a serial dispatch queue, counting them.
private final class QueueExecutor: SerialExecutor {
  let queue = DispatchQueue(label: "SelectorDispatch.AsyncBridge")
  /// Jobs enqueued and not yet run to their end.
  private let outstanding = Locked(0)

  /// Whether no job is queued or running.
  var isIdle: Bool { outstanding.withLock { $0 == 0 } }

  func enqueue(_ job: UnownedJob) {
    outstanding.withLock { $0 += 1 }
    let executor = asUnownedSerialExecutor()
    queue.async { [outstanding] in
      job.runSynchronously(on: executor)
      outstanding.withLock { $0 -= 1 }
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

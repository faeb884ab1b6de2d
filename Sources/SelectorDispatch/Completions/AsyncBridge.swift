import Dispatch

/// Where the async handlers that one *synchronous* dispatch starts run: an
/// actor whose executor is a serial dispatch queue of its own, made for
/// that dispatch.
///
/// A synchronous caller has no isolation to lend its handlers, so a
/// `nonisolated(nonsending)` ``AsyncSelectorHandler`` runs on this actor; one that
/// has an actor of its own (written in main-actor code, or a main-actor
/// completion event's) hops there.
///
/// **One per dispatch.** A handler that blocks its thread or loops holds
/// only its own dispatch's queue: the async handlers of every other
/// dispatch, of this dispatcher or another, run on theirs. A queue rather
/// than the cooperative pool, whose threads are as few as the cores, keeps
/// such a handler from starving every other task of the process, and lets
/// a synchronous caller (the test kit's event injector, even from inside
/// another bridge's handler) block while it waits, without occupying a
/// thread the handlers need.
actor AsyncBridge {
  private let executor = QueueExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// The async handlers that one synchronous dispatch left for later, and
  /// the join their replies go to.
  ///
  /// `@unchecked Sendable`: it is made by the dispatch and then used only
  /// by its bridge's task; the join locks what it shares.
  struct Work: @unchecked Sendable {
    /// The handlers, in order, with their indices in the dispatch (and its join).
    let handlers: [(index: Int, handler: AsyncSelectorHandler)]
    /// Their parameters: the dispatch's, less the completion.
    let params: [Any]
    /// The dispatch's join, which the dispatch holds (`hold()`) for the
    /// bridge until its last handler has returned.
    let join: CompletionJoin
    /// Receives a handler's failure, which no fold is left to throw.
    let failed: (_ index: Int, DispatchError) -> Void
  }

  /// Runs `work` on a new bridge, nested inside the dispatch that calls
  /// this (see `Nesting`), counted by the caller's `BridgeWatch` (if any)
  /// from this call until its last handler returned.
  static func start(_ work: Work) {
    let watch = BridgeWatch.current.get()
    watch?.begin()
    let bridge = AsyncBridge()
    // The task inherits the depth from the binding. It starts on the
    // launcher, not the cooperative pool, whose threads a synchronous
    // caller may be blocking while it waits (see the type).
    Nesting.carried.withValue(Nesting.TaskDepth(depth: Nesting.current)) {
      Task { @Launcher in
        await bridge.run(work)
        watch?.end()
      }
    }
  }

  /// The bridge's one loop: calls the handlers one after another, on this
  /// actor, each through the join, then releases the join.
  private func run(_ work: Work) async {
    for (index, handler) in work.handlers {
      if let failure = await work.join.call(handler, at: index, with: work.params) {
        work.failed(index, failure)
      }
    }
    work.join.release()
  }

  /// Where a bridge's task starts and ends: it only hops to the bridge
  /// and back, so no handler ever holds it.
  @globalActor private actor Launcher {
    static let shared = Launcher()
    private static let executor = QueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
      Self.executor.asUnownedSerialExecutor()
    }
  }

}

/// Runs jobs one at a time on a serial dispatch queue.
private final class QueueExecutor: SerialExecutor {
  private let queue = DispatchQueue(label: "SelectorDispatch.AsyncBridge")

  func enqueue(_ job: UnownedJob) {
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// The handlers of an awaited dispatch, run in a task of their own so that
/// cancelling the dispatch ends its wait at once.
///
/// An async handler isolated to the main actor, awaited from elsewhere
/// while nothing serves the main actor (its thread blocked), never starts:
/// the task that awaits it waits in the main actor's queue, and cancelling
/// the task cannot take it out of there. So such a dispatch does not await
/// its handlers itself: they run in a task made for the dispatch, on the
/// caller's isolation, with the caller's priority and task-local values (the
/// nesting depth and the test kit's event among them), and the dispatch
/// waits for that task's outcome. When the dispatch's task is cancelled, the
/// handlers' task is cancelled too (no further handler starts) and the
/// dispatch throws `CancellationError` at once; a handler already running or
/// waiting for its actor finishes on its own, and its answer is dropped.
///
/// Awaited on the main actor, no handler can wait for it, and the dispatch
/// does not come here (`dispatchAwaiting`): the handlers run in the
/// caller's task, as they always did. A cancelled dispatch then throws when
/// the running handler returns, and that handler, sharing the task, sees
/// the cancellation itself. The task would buy only an earlier return, at
/// its cost (about 8,000 instructions and 7 allocations, BENCHMARKS.md) on
/// every main-actor dispatch.
///
/// Where the runtime has `Task.immediate` (Swift 6.2: Linux, and the Apple
/// platforms from their 26 releases) the task starts on the caller's thread,
/// and handlers that do not suspend have answered before the dispatch waits
/// for anything; elsewhere the task is enqueued on the caller's isolation.
enum HandlerChainTask {
  /// What the task runs: a prepared dispatch's handlers, at its depth.
  ///
  /// `@unchecked Sendable`: it holds the caller's non-`Sendable`
  /// parameters, and crosses into the task for that task alone to call the
  /// handlers with, on the caller's isolation, while the caller only waits.
  /// A struct captured by the task's closure, so that the chain costs the
  /// task no allocation of its own (BENCHMARKS.md).
  struct Chain: @unchecked Sendable {
    let dispatcher: Dispatcher
    let snapshot: Dispatcher.Snapshot
    let params: [Any]
    let fold: Fold
    let depth: Int
  }

  #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.0)
    /// Runs `chain`, the handlers of an awaited dispatch with async
    /// handlers, in a task of its own on `isolation`, the caller's, and
    /// waits for its outcome or for the calling task's cancellation.
    ///
    /// - Throws: What the handlers throw, or `CancellationError` when the
    ///   calling task is (or becomes) cancelled before they return.
    ///
    /// Never inlined: inlined into `answer(to:)`, its task and its
    /// `Handoff` made every awaited dispatch, with sync handlers too,
    /// allocate four more async frames, about 800 instructions
    /// (BENCHMARKS.md).
    @inline(never)
    static func run(
      isolation: isolated (any Actor)? = #isolation, _ chain: Chain
    ) async throws -> Any? {
      try Task.checkCancellation()
      let handoff = Handoff<Outcome>()
      let task = start(chain, handingOverTo: handoff, on: isolation)
      // Handlers that did not suspend have answered already; otherwise
      // the wait ends on `isolation`, this function's.
      let outcome: Outcome
      if let ready = handoff.take() {
        outcome = ready
      } else {
        outcome = try await handoff.value(onCancel: { task.cancel() })
      }
      return try outcome.get()
    }

    /// Starts the task that runs `chain` on `isolation` and hands its
    /// outcome to `handoff`, which drops it if the dispatch has given up.
    private static func start(
      _ chain: Chain, handingOverTo handoff: Handoff<Outcome>,
      on isolation: isolated (any Actor)?
    ) -> Task<Void, Never> {
      #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
          return Task.immediate {
            _ = isolation  // isolates the closure to it
            handoff.deliver(await chain.outcome())
          }
        }
      #endif
      return Task {
        _ = isolation  // isolates the closure to it
        handoff.deliver(await chain.outcome())
      }
    }
  #else
    /// Runs `chain` in the caller's task.
    ///
    /// `#isolation` is Swift 6.0's. The MacOSX 13.3 SDK that CI type-checks
    /// against has Swift 5.8's standard library, with which the package
    /// cannot be built (it needs Swift 6.2): this is for the type-check.
    nonisolated(nonsending) static func run(_ chain: Chain) async throws -> Any? {
      try await chain.outcome().get()
    }
  #endif

  /// The chain's folded result, or what it threw.
  typealias Outcome = Result<Any?, any Error>
}

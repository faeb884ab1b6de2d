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
/// waits for that task's answer. When the dispatch's task is cancelled, the
/// handlers' task is cancelled too (no further handler starts) and the
/// dispatch throws `CancellationError` at once; a handler already running or
/// waiting for its actor finishes on its own, and its answer is dropped.
///
/// Awaited on the main actor, no handler can wait for it, and the handlers
/// run in the caller's task, as they always did: a cancelled dispatch then
/// throws when the running handler returns, and that handler, sharing the
/// task, sees the cancellation itself. The task would buy only an earlier
/// return, at its cost on every main-actor dispatch.
///
/// Where the runtime has `Task.immediate` (Swift 6.2: Linux, and the Apple
/// platforms from their 26 releases) the task starts on the caller's thread,
/// and handlers that do not suspend have answered before the dispatch waits
/// for anything; elsewhere the task is enqueued on the caller's isolation.
enum HandlerChainTask {
  /// The handler chain: it runs on the isolation of whoever awaits it.
  typealias Body = nonisolated(nonsending) () async throws -> Any?

  #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.0)
    /// Runs `body`, the handlers of an awaited dispatch with async
    /// handlers, in a task of its own on `isolation`, the caller's, and
    /// waits for its answer or for the calling task's cancellation; on the
    /// main actor, runs it in the caller's task.
    ///
    /// - Throws: What `body` throws, or `CancellationError` when the calling
    ///   task is (or becomes) cancelled before `body` returns.
    ///
    /// Never inlined: inlined into `answer(to:)`, its task and its
    /// `Handoff` made every awaited dispatch, with sync handlers too,
    /// allocate four more async frames, about 800 instructions
    /// (BENCHMARKS.md).
    @inline(never)
    static func run(
      isolation: isolated (any Actor)? = #isolation, _ body: @escaping Body
    ) async throws -> Any? {
      guard isolation !== MainActor.shared else { return try await body() }
      try Task.checkCancellation()
      let handoff = Handoff<Outcome>()
      let task = start(body, handingOverTo: handoff, on: isolation)
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

    /// Starts the task that runs `body` on `isolation` and hands its
    /// outcome to `handoff`.
    private static func start(
      _ body: @escaping Body, handingOverTo handoff: Handoff<Outcome>,
      on isolation: isolated (any Actor)?
    ) -> Task<Void, Never> {
      // A box, because the task's closure is `sending` and `body` holds
      // the caller's non-`Sendable` parameters: the task is the only one to
      // call it, on the caller's isolation, while the caller only waits.
      let body = UncheckedBox(value: body)
      #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
          return Task.immediate {
            _ = isolation  // isolates the closure to it
            await perform(body.value, handingOverTo: handoff)
          }
        }
      #endif
      return Task {
        _ = isolation  // isolates the closure to it
        await perform(body.value, handingOverTo: handoff)
      }
    }

    /// Runs the chain and hands its outcome over; the dispatch drops it if
    /// it has given up.
    private nonisolated(nonsending) static func perform(
      _ body: Body, handingOverTo handoff: Handoff<Outcome>
    ) async {
      do {
        handoff.deliver(.success(try await body()))
      } catch {
        handoff.deliver(.failure(error))
      }
    }
  #else
    /// Runs `body` in the caller's task.
    ///
    /// `#isolation` is Swift 6.0's. The MacOSX 13.3 SDK that CI type-checks
    /// against has Swift 5.8's standard library, with which the package
    /// cannot be built (it needs Swift 6.2): this is for the type-check.
    nonisolated(nonsending) static func run(_ body: @escaping Body) async throws -> Any? {
      try await body()
    }
  #endif

  /// The chain's answer, or what it threw.
  typealias Outcome = Result<Any?, any Error>
}

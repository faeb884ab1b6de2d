import CSelectorDispatch

/// The nesting depth of the logical chain a dispatch runs in, counted
/// against `Dispatcher.maximumNestingDepth` whatever way the chain took:
/// a handler that dispatches synchronously, an async handler that awaits a
/// dispatch, a synchronous dispatch whose async handlers run later on the
/// bridge (see `AsyncBridge`), and a caller's completion that a service's
/// completion handler calls from another thread or a deadline calls from
/// the clock.
///
/// **Two carriers, one count.** A synchronous dispatch never suspends, so
/// it keeps its depth in the thread-local `csd_depth` (`CSelectorDispatch`):
/// a load and two stores. Async code moves between threads, so an awaited
/// dispatch and a bridge task carry the depth in the task-local `carried`,
/// which the handlers they run inherit, and so do the tasks those handlers
/// create. Wherever a dispatch starts, it counts from the deeper of the
/// two, so a chain that goes back and forth between them (a synchronous
/// handler that runs a task on its own thread with `Task.immediate`, whose
/// awaited dispatch calls synchronous handlers on that thread) counts each
/// level once. A
/// completion join remembers the depth of the dispatch that made it and
/// calls the caller's completion at that depth.
///
/// **What reading the task costs.** A task-local read is a call into the
/// runtime, a tenth of a typed dispatch. A
/// synchronous dispatch skips it while no `TaskDepth` exists anywhere in the
/// process, which a relaxed atomic load tells: an app whose delegate
/// callbacks dispatch synchronously pays for it only while some awaited
/// dispatch or bridge task is under way.
enum Nesting {
  /// How many dispatches may run one inside another in one chain: the
  /// value of `Dispatcher.maximumNestingDepth`, kept here so that the
  /// bottom folder needs nothing above it.
  static let maximumDepth = 64

  /// A task's depth, as the task-local holds it: a class, so that the
  /// process can count those alive, those that tasks inherited included.
  final class TaskDepth: Sendable {
    let depth: Int

    init(depth: Int) {
      self.depth = depth
      csd_task_depths_add(1)
    }

    deinit { csd_task_depths_add(-1) }
  }

  /// The depth of the awaited dispatch (or bridge task) whose handlers the
  /// current task is running; `nil` outside any.
  ///
  /// A `let`, not `@TaskLocal static var`: in the standard library of older
  /// Apple SDKs (such as macOS 13.3's) `@TaskLocal` is a property wrapper,
  /// whose storage is a mutable global that Swift 6 refuses.
  static let carried = TaskLocal<TaskDepth?>(wrappedValue: nil)

  /// The depth of the current task's chain; 0 outside any.
  static var taskDepth: Int {
    csd_task_depths_exist() == 0 ? 0 : carried.get()?.depth ?? 0
  }

  /// The depth of the dispatch the caller is running in; 0 outside any.
  ///
  /// The deeper of the two carriers: a synchronous handler that starts a
  /// task on its own thread (`Task.immediate`) runs it inside the thread's
  /// dispatch, and the task's awaited dispatch is deeper than that; the
  /// task's synchronous handlers, still on that thread, must count from
  /// the task's depth, or a loop through `Task.immediate` would count every
  /// level as the same one and recurse until the stack ran out.
  static var current: Int {
    max(csd_depth_get(), taskDepth)
  }

  /// Runs `body`, the handlers of an awaited dispatch (or of a bridge task)
  /// at `depth`: the synchronous and awaited dispatches they make, and the
  /// tasks they create, nest inside it.
  ///
  /// `body` runs on the caller's isolation, as the awaited dispatch's
  /// handlers must, also after it suspends. That needs `isolation`:
  /// `withValue`'s closure, written in a `nonisolated(nonsending)`
  /// function, would be nonisolated, and `body` would go on on the global
  /// executor after its first suspension.
  #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.0)
    static func carrying<Result>(
      _ depth: Int, isolation: isolated (any Actor)? = #isolation,
      _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
      try await carried.withValue(TaskDepth(depth: depth)) {
        _ = isolation  // isolates the closure to it
        return try await body()
      }
    }
  #else
    // `#isolation` is Swift 6.0's. The MacOSX 13.3 SDK that CI type-checks
    // against has Swift 5.8's standard library, with which the package
    // cannot be built (it needs Swift 6.2): this is for the type-check.
    nonisolated(nonsending) static func carrying<Result>(
      _ depth: Int, _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
      try await carried.withValue(TaskDepth(depth: depth)) { try await body() }
    }
  #endif

  /// The depth of a dispatch the caller makes now: awaited, or (through
  /// `enter(_:)`) synchronous.
  ///
  /// - Throws: ``DispatchError/nestingTooDeep(selector:limit:)`` past the
  ///   limit, after reporting ``Diagnostic/nestingTooDeep(selector:depth:)``.
  @inline(__always)
  static func next(
    _ selector: @autoclosure () -> String, environment: @autoclosure () -> DispatchEnvironment
  ) throws(DispatchError) -> Int {
    // `&+`: a chain's depth never passes the limit, so it cannot overflow.
    // Both this and `environment` as an autoclosure (read only to refuse)
    // keep work off every dispatch.
    let depth = current &+ 1
    guard depth <= maximumDepth else {
      throw refuse(selector(), depth: depth, environment: environment())
    }
    return depth
  }

  /// Enters a synchronous dispatch on this thread at `depth`, from
  /// `next(_:environment:)`; returns what `leave(to:)` restores.
  @inline(__always)
  static func enter(_ depth: Int) -> Int {
    let outer = csd_depth_get()
    csd_depth_set(depth)
    return outer
  }

  /// Leaves the synchronous dispatch that `enter(_:)` entered.
  @inline(__always)
  static func leave(to outer: Int) {
    csd_depth_set(outer)
  }

  /// Runs a callback that belongs to a dispatch at `depth`, such as the
  /// caller's completion, wherever it is called from: dispatches it makes
  /// nest inside that dispatch, or inside the caller's own chain when that
  /// is deeper.
  static func callBack<Result>(at depth: Int, _ body: () -> Result) -> Result {
    let outer = csd_depth_get()
    csd_depth_set(max(current, depth))
    defer { csd_depth_set(outer) }
    return body()
  }

  /// The error for a dispatch past the limit, reported first: the handler
  /// that dispatched cannot throw it on, so it is often dropped.
  private static func refuse(
    _ selector: String, depth: Int, environment: DispatchEnvironment
  ) -> DispatchError {
    environment.report(.nestingTooDeep(selector: selector, depth: depth))
    return .nestingTooDeep(selector: selector, limit: maximumDepth)
  }
}

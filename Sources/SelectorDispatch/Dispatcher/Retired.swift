/// What a change to a dispatcher's table took out of it, kept until the
/// lock is released.
///
/// Dropping the last reference to a handler, a snapshot or a contract runs
/// user code: the `deinit` of whatever the closure captured. That code may
/// call the dispatcher again (even ``Dispatcher/responds(to:)``), and under
/// the dispatcher's lock it would deadlock. So every change made under the
/// lock moves what it replaces or removes into a `Retired`, which
/// `Dispatcher/changeTable(_:)` drops after unlocking.
///
/// `@unchecked Sendable`: it carries what the table held (handlers,
/// snapshots, contracts) out of the lock, to be released and never used.
struct Retired: @unchecked Sendable {
  private var items: [Any] = []

  /// Keeps `item` alive until the lock is released.
  mutating func keep(_ item: Any) {
    items.append(item)
  }
}

extension Dispatcher {
  /// Runs `body` under the lock with a `Retired` for whatever it removes,
  /// and drops what was retired only after unlocking: the one way to change
  /// the table. The table's invariants are checked after `body`, whether it
  /// returned or threw (see `InternalChecks`).
  func changeTable<Result, Failure: Error>(
    _ body: (inout State, inout Retired) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var retired = Retired()
    // Runs after `withLock` has returned, so after the unlock: the retired
    // values are released here, with no lock held.
    defer { withExtendedLifetime(retired) {} }
    return try state.withLock { (state) throws(Failure) in
      defer { state.checkInvariants() }
      return try body(&state, &retired)
    }
  }
}

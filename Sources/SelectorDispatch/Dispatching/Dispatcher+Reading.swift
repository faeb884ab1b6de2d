import CSelectorDispatch

/// How a synchronous dispatch holds the snapshot it runs: counted among the
/// snapshot's readers instead of retained.
///
/// The snapshot must outlive the dispatch's handlers even when a change
/// retires it meanwhile (another thread unregisters a service, or one of the
/// handlers does). Retaining it would cost a `swift_retain` and a
/// `swift_release` per dispatch, a large part of a typed dispatch's fixed
/// cost. Instead, under the lock the dispatch finds it, adds itself
/// to the snapshot's `readers` (`csd_readers_t`) and keeps an unretained
/// reference; when it ends, it takes itself off with one atomic subtraction.
///
/// A change that retires a snapshot (`State/unpublish(_:into:)`) marks it
/// retired in the same atomic word. If no dispatch is reading it, the change
/// drops it, as before; otherwise it moves it to `State/retiredWhileRead`.
/// The last reader to end its reading of a retired snapshot sees both the
/// retired mark and its count fall to zero in the one word it subtracted
/// from, so exactly one of the two drops it: then the reader drops every
/// snapshot in `retiredWhileRead` whose readers are gone, under the lock,
/// and releases them after it (see `Retired`). Such a snapshot is kept
/// exactly as long as a retained one would have been: until the last
/// dispatch reading it ends.
///
/// Only synchronous dispatches read this way, because their reading ends
/// before they return. The awaited dispatch retains its snapshot, and
/// whatever keeps a snapshot past its dispatch (async handlers that a
/// synchronous dispatch starts on the bridge, a completion join) captures,
/// and so retains, it.
extension Dispatcher {
  /// Runs the snapshot of `key` (`run(_:params:fold:)` given a snapshot),
  /// read as a synchronous dispatch reads it: what the synchronous entry
  /// points by key do.
  ///
  /// - Throws: ``DispatchError/unrecognizedSelector(selector:suggestion:)``,
  ///   or what the dispatch throws.
  @inline(__always)
  func run(_ key: SelectorKey, params: [Any], fold: Fold?) throws(DispatchError) -> Folded {
    try reading(beginReading(key), orThrow: unrecognized(key.description)) {
      (snapshot) throws(DispatchError) in try run(snapshot, params: params, fold: fold)
    }
  }

  /// The same as the `run(_:params:fold:)` above, for a selector's text.
  ///
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``,
  ///   ``DispatchError/unrecognizedSelector(selector:suggestion:)``, or
  ///   what the dispatch throws.
  @inline(__always)
  func run(_ selector: String, params: [Any], fold: Fold?) throws(DispatchError) -> Folded {
    try reading(beginReading(selector), orThrow: notFound(selector)) {
      (snapshot) throws(DispatchError) in try run(snapshot, params: params, fold: fold)
    }
  }

  /// Runs `body` with the snapshot that `begun` reads, then ends the
  /// reading; throws `notFound` when there is none.
  ///
  /// - Parameters:
  ///   - begun: What `beginReading(_:)`, given a key or a text, returned.
  ///   - notFound: The error for an unknown selector.
  ///   - body: The dispatch; the snapshot is valid only inside it.
  /// - Returns: What `body` returned.
  /// - Throws: `notFound`, or what `body` threw.
  @inline(__always)
  func reading(
    _ begun: Unmanaged<Snapshot>?, orThrow notFound: @autoclosure () -> DispatchError,
    _ body: (Snapshot) throws(DispatchError) -> Folded
  ) throws(DispatchError) -> Folded {
    guard let begun else { throw notFound() }
    let readers = begun._withUnsafeGuaranteedRef { $0.readers.unsafelyUnwrapped }
    defer { if csd_readers_end(readers) != 0 { dropRetiredSnapshots() } }
    // `_withUnsafeGuaranteedRef` rethrows untyped errors, and `body`
    // throws only `DispatchError`, so the first `catch` takes every error
    // (a `Result` carried across instead would be copied out).
    do {
      return try begun._withUnsafeGuaranteedRef { snapshot in try body(snapshot) }
    } catch let error as DispatchError {
      throw error
    } catch {
      preconditionFailure("unreachable")
    }
  }

  /// The published snapshot of `key`, which the caller now reads and must
  /// end reading through `reading(_:orThrow:_:)`; `nil` when `key` is not
  /// known here.
  @inline(__always)
  func beginReading(_ key: SelectorKey) -> Unmanaged<Snapshot>? {
    state.read { state in
      guard let slot = state.slots.slot(of: key.id) else { return nil }
      return state.beginReading(slot)
    }
  }

  /// The same as the `beginReading(_:)` above, for a selector's text, found
  /// byte for byte.
  func beginReading(_ selector: String) -> Unmanaged<Snapshot>? {
    withSlot(of: selector) { state, slot in state.beginReading(slot) }
  }
}

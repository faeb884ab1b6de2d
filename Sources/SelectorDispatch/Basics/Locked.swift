import CSelectorDispatch

/// A value guarded by a lock (`csd_lock_t` in `CSelectorDispatch`), with the
/// `sending` discipline of the standard library's `Mutex`.
///
/// `@unchecked Sendable`, as `Mutex` is: the value is reached only under the
/// lock, and `withLock(_:)` takes and returns `sending` values.
///
/// `Synchronization.Mutex` would do the same job but needs iOS 18 and
/// macOS 15. On Linux the lock is one word taken with an inlined
/// compare-and-swap and slept on with a futex when contended: taking and
/// giving back a free lock costs a few instructions instead of two calls
/// into `pthread_mutex_lock` and `_unlock`. Elsewhere it is a `pthread_mutex_t`.
/// The lock and the value share one allocation.
package struct Locked<Value>: @unchecked Sendable {
  private let storage: Storage

  package init(_ value: consuming sending Value) {
    storage = Storage.make(value)
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// As `Mutex.withLock` does, `body` gets the value as `inout sending` and
  /// returns a `sending` result: what it stores comes from its own region,
  /// and what it returns may not alias the value. Values whose non-`Sendable`
  /// parts are shared across threads on purpose say so in their type (the
  /// dispatch table's `State`, a `CompletionJoin`'s answers) or use
  /// `withLockUnchecked(_:)`.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    // The pointer and the result cross `locked` in unchecked boxes, because
    // it knows nothing of regions. That is safe for the reason `Mutex` is:
    // the value is reached only here, under the lock, and `body`'s own
    // signature keeps what it stores and returns apart from it.
    try locked { (value) throws(Failure) in
      let value = UncheckedBox(value: value)
      return UncheckedBox(value: try body(&value.value.pointee))
    }.value
  }

  /// Runs `body` with exclusive access to the value, inlined, with nothing
  /// between the lock, `body` and the unlock: for the hot path, a
  /// dispatch's look-up of its snapshot (which builds and publishes it
  /// after a change). Without `sending`, so `body` must keep nothing of the
  /// value anywhere but in its `Sendable` result; it costs a dispatch less
  /// than `withLock(_:)` made inline.
  @inline(__always)
  package func read<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    storage.withUnsafeMutablePointers { value, lock in
      csd_lock(lock)
      defer { csd_unlock(lock) }
      return body(&value.pointee)
    }
  }

  /// Runs `body` with exclusive access to the value, without `sending`: as
  /// `OSAllocatedUnfairLock.withLockUnchecked` does, for a value whose
  /// non-`Sendable` parts are shared across threads on purpose. Each caller
  /// says why that is safe.
  package func withLockUnchecked<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try locked { (value) throws(Failure) in try body(&value.pointee) }
  }

  /// Runs `body` with the value's address, under the lock.
  private func locked<Result, Failure: Error>(
    _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // `withUnsafeMutablePointers` rethrows `any Error`: the error crosses it
    // as a value, so that its type survives.
    let outcome = storage.withUnsafeMutablePointers { value, lock in
      csd_lock(lock)
      defer { csd_unlock(lock) }
      do throws(Failure) {
        return Swift.Result<Result, Failure>.success(try body(value))
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let result): return result
    case .failure(let error): throw error
    }
  }

  /// The single allocation holding the value (header) and the lock (element).
  private final class Storage: ManagedBuffer<Value, csd_lock_t> {
    static func make(_ value: Value) -> Storage {
      let buffer = Storage.create(minimumCapacity: 1) { _ in value }
      let storage = unsafeDowncast(buffer, to: Storage.self)
      storage.withUnsafeMutablePointerToElements { csd_lock_init($0) }
      return storage
    }

    deinit {
      withUnsafeMutablePointerToElements { csd_lock_destroy($0) }
    }
  }
}

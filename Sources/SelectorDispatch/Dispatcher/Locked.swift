import Foundation  // pthread: re-exported from Darwin, Glibc or Musl

/// A value guarded by a `pthread_mutex_t`, the same code on every platform,
/// with the `sending` discipline of the standard library's `Mutex`.
///
/// `@unchecked Sendable`, as `Mutex` is: the value is reached only under the
/// lock, and ``withLock(_:)`` takes and returns `sending` values.
///
/// `Synchronization.Mutex` would do the same job but needs iOS 18 and
/// macOS 15. `os_unfair_lock` is cheaper on Apple platforms but
/// would be a branch that no machine here compiles or measures (see
/// PLATFORMS.md). The lock and the value share one allocation.
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
  /// ``withLockUnchecked(_:)``.
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
      Self.lock(lock)
      defer { Self.unlock(lock) }
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

  private static func initialize(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
    let status = pthread_mutex_init(lock, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  private static func lock(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
    let status = pthread_mutex_lock(lock)
    precondition(status == 0, "pthread_mutex_lock failed: \(status)")
  }

  private static func unlock(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
    let status = pthread_mutex_unlock(lock)
    precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
  }

  private static func destroy(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
    pthread_mutex_destroy(lock)
  }

  /// The single allocation holding the value (header) and the lock (element).
  private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
    static func make(_ value: Value) -> Storage {
      let buffer = Storage.create(minimumCapacity: 1) { _ in value }
      let storage = unsafeDowncast(buffer, to: Storage.self)
      storage.withUnsafeMutablePointerToElements { Locked.initialize($0) }
      return storage
    }

    deinit {
      withUnsafeMutablePointerToElements { Locked.destroy($0) }
    }
  }
}

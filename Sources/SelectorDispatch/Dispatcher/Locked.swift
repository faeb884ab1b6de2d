import Foundation  // pthread: re-exported from Darwin, Glibc or Musl

/// A value guarded by a `pthread_mutex_t`, the same code on every platform.
///
/// `Synchronization.Mutex` would do the same job but needs iOS 18 and
/// macOS 15, and refuses the non-`Sendable` handler closures that the
/// dispatch table holds. `os_unfair_lock` is cheaper on Apple platforms but
/// would be a branch that no machine here compiles or measures (see
/// PLATFORMS.md). The lock and the value share one allocation.
package struct Locked<Value>: @unchecked Sendable {
  private let storage: Storage

  package init(_ value: Value) {
    storage = Storage.make(value)
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // `withUnsafeMutablePointers` rethrows `any Error`; the error crosses it
    // as a value so that its type survives.
    let outcome = storage.withUnsafeMutablePointers {
      value, lock -> Swift.Result<Result, Failure> in
      Self.lock(lock)
      defer { Self.unlock(lock) }
      do throws(Failure) {
        return .success(try body(&value.pointee))
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

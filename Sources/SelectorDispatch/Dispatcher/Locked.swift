#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value guarded by a lock: `os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` elsewhere.
///
/// `Synchronization.Mutex` would do the same job but needs iOS 18 and
/// macOS 15, and refuses the non-`Sendable` handler closures that the
/// dispatch table holds. The lock and the value share one allocation.
package struct Locked<Value>: @unchecked Sendable {
  private let storage: Storage

  package init(_ value: Value) {
    storage = Storage.make(value)
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { value, lock in
      Self.lock(lock)
      defer { Self.unlock(lock) }
      return try body(&value.pointee)
    }
  }

  #if canImport(Darwin)
    private typealias PlatformLock = os_unfair_lock
    private static func initialize(_ lock: UnsafeMutablePointer<PlatformLock>) {
      lock.initialize(to: os_unfair_lock())
    }
    private static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
      os_unfair_lock_lock(lock)
    }
    private static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
      os_unfair_lock_unlock(lock)
    }
    private static func destroy(_ lock: UnsafeMutablePointer<PlatformLock>) {}
  #else
    private typealias PlatformLock = pthread_mutex_t
    private static func initialize(_ lock: UnsafeMutablePointer<PlatformLock>) {
      let status = pthread_mutex_init(lock, nil)
      precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }
    private static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
      let status = pthread_mutex_lock(lock)
      precondition(status == 0, "pthread_mutex_lock failed: \(status)")
    }
    private static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
      let status = pthread_mutex_unlock(lock)
      precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
    }
    private static func destroy(_ lock: UnsafeMutablePointer<PlatformLock>) {
      pthread_mutex_destroy(lock)
    }
  #endif

  /// The single allocation holding the value (header) and the lock (element).
  private final class Storage: ManagedBuffer<Value, PlatformLock> {
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

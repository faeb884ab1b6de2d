import CSelectorDispatch

/// The typed entry point's reusable `[Any]`, one per thread, so that a
/// typed dispatch makes no heap allocation for its parameters.
///
/// A dispatch takes the thread's buffer, fills it, hands it to the handlers
/// and empties it again, keeping its capacity. A handler that keeps `params`
/// keeps its own copy: the array is copy-on-write, so emptying the buffer
/// afterwards copies instead (one allocation, that time) and the kept
/// parameters stay as they were. A typed dispatch nested inside a handler
/// finds the buffer in use and allocates a buffer of its own, freed when it
/// ends. The thread's buffer is freed when the thread exits; a typed
/// dispatch from a thread-exit destructor that runs after that (another
/// library's, or an autorelease pool draining) finds no buffer and makes
/// one of its own, freed when it ends.
@usableFromInline
enum ParamsBuffer {
  /// This thread's buffer, empty, or a new one when it is in use.
  @inlinable
  static func take() -> UnsafeMutablePointer<[Any]> {
    if let spare = csd_take_spare() { return spare.assumingMemoryBound(to: [Any].self) }
    return make()
  }

  /// Empties `params`, the array moved out of `buffer`, puts it back in
  /// `buffer`, and makes `buffer` the thread's spare again, or frees it if it
  /// was made for a nested dispatch.
  @inline(__always)
  static func giveBack(_ buffer: UnsafeMutablePointer<[Any]>, emptying params: consuming [Any]) {
    // One `removeLast()` per argument: cheaper than `removeAll(keepingCapacity:)`,
    // which goes through the generic `replaceSubrange`.
    while !params.isEmpty { params.removeLast() }
    buffer.initialize(to: params)
    if csd_give_back(buffer) == 0 { destroy(buffer) }
  }

  @usableFromInline
  static func make() -> UnsafeMutablePointer<[Any]> {
    let buffer = UnsafeMutablePointer<[Any]>.allocate(capacity: 1)
    var params: [Any] = []
    params.reserveCapacity(4)
    buffer.initialize(to: params)
    if csd_has_home() == 0 {
      csd_adopt_home(buffer) { raw in
        ParamsBuffer.destroy(raw.assumingMemoryBound(to: [Any].self))
      }
    }
    return buffer
  }

  @usableFromInline
  static func destroy(_ buffer: UnsafeMutablePointer<[Any]>) {
    buffer.deinitialize(count: 1)
    buffer.deallocate()
  }
}

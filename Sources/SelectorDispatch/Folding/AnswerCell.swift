/// Looks at a handler's answer where it lies, without a dynamic cast, a
/// copy or a destroy, for the answers the hot path sees most: a `Bool` and
/// `()`.
///
/// `as? Bool` on an `Any` is a call into the runtime's cast machinery, and
/// every copy or destroy of an `Any?` goes through its type's value
/// witnesses: together several hundred instructions per handler. Instead a
/// fold has the handler write its answer into a scratch cell and reads the
/// cell's type word.
///
/// This relies on the layout of an `Any` (an opaque existential container,
/// documented in the Swift ABI's TypeLayout.rst): three words of value
/// buffer, then the type metadata pointer. `Optional<Any>` adds no storage.
/// A `Bool` is stored inline at the start of the buffer, and `()` takes no
/// bytes. When the type word is exactly `Bool`'s or `()`'s metadata the
/// cell holds such a value; anything else — `nil`, an Optional-wrapped
/// `Bool`, a bridged `NSNumber`, any other type — is moved out and takes
/// the general path, which casts. `Bool` and `()` are trivial values, so a
/// cell holding one may be overwritten without being deinitialized.
enum AnswerCell {
  /// Whether `Any?` has the layout this type reads; checked, not assumed.
  private static var layoutIsKnown: Bool {
    MemoryLayout<Any?>.size == 4 * MemoryLayout<UnsafeRawPointer>.size
      && MemoryLayout<Any?>.alignment == MemoryLayout<UnsafeRawPointer>.alignment
  }

  private static let typeWordOffset = 3 * MemoryLayout<UnsafeRawPointer>.size

  /// Runs `body` with an uninitialized cell on the stack. `body` must leave
  /// the cell uninitialized or holding a trivial value (see `isTrivial(_:)`).
  ///
  /// The cell is not guarded by a stack protector: no code writes to it
  /// but the handlers' answers, each an `Any?` of the cell's exact size.
  /// Guarded, as `withUnsafeTemporaryAllocation` guards it, every dispatch
  /// would pay to set the canary and check it.
  @inline(__always)
  static func withCell(_ body: (UnsafeMutablePointer<Any?>) -> Void) {
    #if os(Linux) || os(Windows) || os(Android) || canImport(Swift, _version: 6.0)
      _withUnprotectedUnsafeTemporaryAllocation(of: Any?.self, capacity: 1) { buffer in
        body(buffer.baseAddress.unsafelyUnwrapped)
      }
    #else
      // The MacOSX 13.3 SDK that CI type-checks against has Swift 5.8's
      // standard library, which has no unprotected form: this is for the
      // type-check (see PLATFORMS.md).
      withUnsafeTemporaryAllocation(of: Any?.self, capacity: 1) { buffer in
        body(buffer.baseAddress.unsafelyUnwrapped)
      }
    #endif
  }

  /// The type metadata pointer of the value in `cell`.
  @inline(__always)
  private static func typeWord(_ cell: UnsafeMutablePointer<Any?>) -> UnsafeRawPointer? {
    UnsafeRawPointer(cell).load(fromByteOffset: typeWordOffset, as: UnsafeRawPointer?.self)
  }

  @inline(__always)
  private static func metadata(_ type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The cell's `Bool`, or `nil` when it does not hold exactly a `Bool`. A
  /// cell holding a `Bool` may be overwritten without being deinitialized.
  @inline(__always)
  static func peekBool(_ cell: UnsafeMutablePointer<Any?>) -> Bool? {
    guard layoutIsKnown, typeWord(cell) == metadata(Bool.self) else { return nil }
    let bool = UnsafeRawPointer(cell).load(as: Bool.self)
    assert(cell.pointee as? Bool == bool, "AnswerCell misread a Bool")
    return bool
  }

  /// Whether the cell holds exactly a `Bool` or `()`: values with nothing
  /// to destroy, which may be overwritten without being deinitialized.
  @inline(__always)
  static func isTrivial(_ cell: UnsafeMutablePointer<Any?>) -> Bool {
    guard layoutIsKnown else { return false }
    let type = typeWord(cell)
    return type == metadata(Bool.self) || type == metadata(Void.self)
  }
}

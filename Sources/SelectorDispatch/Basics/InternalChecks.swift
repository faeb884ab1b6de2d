/// The library's checks of its own state: after each change to a
/// dispatcher's table and each transition of a completion join, the new
/// state is checked against the invariants that ARCHITECTURE.md states (see
/// `Dispatcher.State.checkInvariants()` and
/// `CompletionJoin.State.checkInvariants()`), and a broken one stops the
/// process, naming what broke.
///
/// Compiled only under `SELECTOR_DISPATCH_INTERNAL_CHECKS`, which
/// Package.swift defines for debug builds: `swift test` and the sanitizer
/// runs check every change their tests make, and a release build has no
/// trace of the checks (its instruction counts are those of a build
/// without them). As swift-collections' `COLLECTIONS_INTERNAL_CHECKS`.
enum InternalChecks {
  /// Whether this build checks.
  static var areOn: Bool {
    #if SELECTOR_DISPATCH_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Stops the process when `violation` names a broken invariant of
  /// `subject`; nothing (and `violation` is not evaluated) when the checks
  /// are off.
  @inline(__always)
  static func check(_ violation: @autoclosure () -> String?, of subject: StaticString) {
    #if SELECTOR_DISPATCH_INTERNAL_CHECKS
      if let violation = violation() {
        fatalError("internal check failed: \(subject): \(violation)")
      }
    #endif
  }
}

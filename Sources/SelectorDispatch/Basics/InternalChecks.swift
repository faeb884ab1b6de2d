/// The library's checks of its own state: after each change to a
/// dispatcher's table and each transition of a completion join, the new
/// state is checked against the invariants that ARCHITECTURE.md states (see
/// `Dispatcher.State.checkInvariants()` and
/// `CompletionJoin.State.checkInvariants()`), and a broken one stops the
/// process, naming what broke.
///
/// Compiled only under `SELECTOR_DISPATCH_INTERNAL_CHECKS`, which
/// Package.swift defines for debug builds when the environment variable of
/// that name is `1` as the manifest is read: `.ci/run` sets it, so the
/// package's own `swift test` and sanitizer runs check every change their
/// tests make, while an app that depends on the package never compiles the
/// checks, and a release build has no trace of them (its instruction counts
/// are those of a build without them). Opt-in, as swift-collections'
/// `COLLECTIONS_INTERNAL_CHECKS`.
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

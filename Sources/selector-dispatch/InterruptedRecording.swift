import Foundation

/// Keeps what was recorded when the tool is stopped by a signal, as
/// `tail -f app.log | selector-dispatch replay - --record session.jsonl` is
/// with Ctrl-C.
///
/// A recording to a regular file goes to a temporary file that replaces the
/// destination when the run ends. Every event is flushed as it is
/// dispatched, so on any signal whose default is to end the process (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM,
/// SIGPROF, SIGXCPU) the handler moves the temporary file into place with
/// `rename(2)` (async-signal-safe) and lets the signal end the process as it
/// would have. After a write failed, or on SIGXFSZ (a write went past the
/// file size limit), it removes the temporary file instead, leaving the
/// destination as it was. SIGKILL and SIGSTOP cannot be caught: the next
/// recording to the same destination removes what a killed run left (see
/// ``Recording``).
enum InterruptedRecording {
  // `nonisolated(unsafe)`: a signal handler can take no lock and await
  // nothing, so these are plain globals. The tool's recording thread is
  // their only writer (`watch`, `markFailed`, `stop`); the handler only reads
  // them. Nothing orders the two, which is accepted: `watch` sets the paths
  // before installing the handler, and `stop` clears them before freeing
  // them, so a signal outside the few instructions of `stop` itself finds
  // either both paths or nothing to move.

  /// The two paths as C strings, owned here; `nil` when nothing is pending.
  nonisolated(unsafe) private static var temporary: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) private static var destination: UnsafeMutablePointer<CChar>?
  /// Whether every write so far succeeded.
  nonisolated(unsafe) private static var intact: sig_atomic_t = 1

  /// The signals that end the process by default and can be caught; on
  /// SIGXFSZ the recording is cut short, and is removed instead.
  private static let signals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ,
  ]

  /// Starts watching for the signals on behalf of one temporary file. A
  /// signal the tool was started with ignored (as by `nohup`) stays
  /// ignored.
  ///
  /// - Parameters:
  ///   - temporary: The temporary file being written.
  ///   - destination: The path it replaces.
  static func watch(temporary: String, destination: String) {
    self.temporary = strdup(temporary)
    self.destination = strdup(destination)
    intact = 1
    for number in signals {
      let previous = signal(number) { number in
        if let temporary = InterruptedRecording.temporary {
          if InterruptedRecording.intact != 0, number != SIGXFSZ,
            let destination = InterruptedRecording.destination
          {
            rename(temporary, destination)
          } else {
            unlink(temporary)
          }
        }
        signal(number, SIG_DFL)
        raise(number)
      }
      keepIgnored(number, previous)
    }
  }

  /// Makes SIGQUIT (Ctrl-\) end the tool at once, as its default does:
  /// the Swift runtime's backtracer otherwise catches it (even when the tool
  /// was started with it ignored, as a shell's background job is) and, on
  /// Linux, can hang for minutes before the process ends. With the
  /// backtracer off (`SWIFT_BACKTRACE=enable=no`) an ignored SIGQUIT stays
  /// ignored.
  static func quitAtOnce() {
    keepIgnored(SIGQUIT, signal(SIGQUIT, SIG_DFL))
  }

  /// Sets `number` back to ignored if `previous`, the handler `signal(3)`
  /// returned (its type differs between C libraries), was `SIG_IGN`.
  private static func keepIgnored<Handler>(_ number: Int32, _ previous: Handler) {
    if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
      signal(number, SIG_IGN)
    }
  }

  /// Records that a write failed: an interruption now removes the
  /// temporary file.
  static func markFailed() {
    intact = 0
  }

  /// Stops watching: the run is finishing the recording itself.
  static func stop() {
    let (pendingTemporary, pendingDestination) = (temporary, destination)
    // Cleared first: a signal from here on finds nothing to move.
    temporary = nil
    destination = nil
    free(pendingTemporary)
    free(pendingDestination)
  }
}

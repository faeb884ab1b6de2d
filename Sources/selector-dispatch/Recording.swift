import Foundation

/// Where `--record` writes the dispatched events, chosen so that it never
/// replaces anything but a regular file, and never the file being read.
///
/// - `-` is standard output.
/// - A regular file, or a path that does not exist yet, is written to a new
///   temporary file in the same directory, which replaces it at the end
///   with `rename(2)`: a failed run leaves the old recording as it was, and
///   a run stopped by a signal keeps every event dispatched (see
///   ``InterruptedRecording``). The temporary file is `flock(2)`ed while
///   the run lasts; one that no process holds, left by a run killed with
///   SIGKILL, is removed by the next recording to the same destination. An
///   existing file keeps its mode and owner (the tool refuses, before
///   dispatching anything, when it cannot keep the owner). A file with more
///   than one hard link is rewritten in place instead, so the links stay
///   together.
/// - A symbolic link is followed: the file it points to is written as above
///   and the link itself is kept. A link to nothing is refused.
/// - A FIFO, a character device (such as /dev/null or a terminal) or a
///   socket is written through, in place, never replaced.
/// - A directory or a block device is refused, as is the event log being
///   replayed or the manifest, compared by device and inode.
struct Recording {
  /// The output the events go to.
  var output: FileOutput
  /// The name used in messages.
  let name: String
  /// The temporary file and the path it replaces at the end, if any.
  private let replacement: (temporary: String, destination: String)?
  /// Temporary files that runs killed while recording to the same
  /// destination had left, removed when this one started.
  private(set) var removedLeftovers: [String] = []

  /// Why `--record` was refused.
  struct Refusal: Error {
    /// The sentence, without the path.
    let description: String
  }

  /// Whether the recording goes to standard output.
  var isStandardOutput: Bool { output.descriptor == STDOUT_FILENO }

  /// Opens the recording.
  ///
  /// - Parameters:
  ///   - path: The `--record` path, or `-`.
  ///   - standardOutput: The tool's standard output, for `-`.
  ///   - protected: Files that must not be written, with what they are,
  ///     such as "the event log being replayed".
  /// - Throws: ``Refusal`` saying why the path cannot be recorded to.
  init(path: String, standardOutput: FileOutput, protected: [(FileIdentity, String)])
    throws(Refusal)
  {
    name = path == "-" ? "<stdout>" : path
    if path == "-" {
      output = standardOutput
      replacement = nil
      return
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      var link = stat()
      if code == ENOENT, lstat(path, &link) == 0 {
        throw Refusal(description: "it is a symbolic link to a file that does not exist")
      }
      guard code == ENOENT else { throw Refusal(description: describeErrno(code)) }
      let mask = umask(0)
      umask(mask)
      let temporary = try Self.temporaryFile(for: path, mode: 0o666 & ~mask, owner: nil)
      output = FileOutput(temporary.descriptor)
      replacement = (temporary.path, path)
      removedLeftovers = temporary.removed
      InterruptedRecording.watch(temporary: temporary.path, destination: path)
      return
    }
    if let match = protected.first(where: { $0.0 == FileIdentity(status) }) {
      throw Refusal(description: "it is \(match.1); record to another file")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG where status.st_nlink > 1:
      output = FileOutput(try Self.openInPlace(path, flags: O_WRONLY | O_TRUNC))
      replacement = nil
    case S_IFREG:
      let destination = try Self.resolved(path)
      let temporary = try Self.temporaryFile(
        for: destination, mode: status.st_mode & 0o7777, owner: (status.st_uid, status.st_gid))
      output = FileOutput(temporary.descriptor)
      replacement = (temporary.path, destination)
      removedLeftovers = temporary.removed
      InterruptedRecording.watch(temporary: temporary.path, destination: destination)
    case S_IFIFO, S_IFCHR, S_IFSOCK:
      output = FileOutput(try Self.openInPlace(path, flags: O_WRONLY))
      replacement = nil
    case S_IFDIR:
      throw Refusal(description: "it is a directory")
    default:
      throw Refusal(
        description: "it is a block device or another special file; refusing to write it")
    }
  }

  /// Writes the buffered lines; after a failure, an interruption removes
  /// the temporary file rather than move it into place.
  mutating func flush() {
    output.flush()
    if output.failure != nil { InterruptedRecording.markFailed() }
  }

  /// Writes the buffered lines, closes the file and, for a regular file,
  /// moves the temporary file into place.
  ///
  /// - Returns: `nil`, or the error that kept the recording from being
  ///   complete; the file the path names is then left as it was.
  mutating func finish() -> String? {
    defer { InterruptedRecording.stop() }
    output.flush()
    if let failure = output.failure {
      abandon()
      return "cannot write the recording: \(describeErrno(failure))"
        + (replacement == nil ? "" : "; the file was left as it was")
    }
    guard let replacement else {
      if !isStandardOutput { _ = close(output.descriptor) }
      return nil
    }
    guard close(output.descriptor) == 0 else {
      let reason = describeErrno(errno)
      _ = unlink(replacement.temporary)
      return "cannot write the recording: \(reason); the file was left as it was"
    }
    guard rename(replacement.temporary, replacement.destination) == 0 else {
      let reason = describeErrno(errno)
      _ = unlink(replacement.temporary)
      return "cannot replace the recording: \(reason); the file was left as it was"
    }
    return nil
  }

  /// Closes the file and removes the temporary file, if any.
  func abandon() {
    InterruptedRecording.stop()
    guard !isStandardOutput else { return }
    _ = close(output.descriptor)
    if let replacement { _ = unlink(replacement.temporary) }
  }

  private static func openInPlace(_ path: String, flags: Int32) throws(Refusal) -> Int32 {
    var descriptor: Int32
    repeat {
      descriptor = open(path, flags | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw Refusal(description: describeErrno(errno)) }
    return descriptor
  }

  /// The path with every symbolic link resolved.
  private static func resolved(_ path: String) throws(Refusal) -> String {
    guard let real = realpath(path, nil) else { throw Refusal(description: describeErrno(errno)) }
    defer { free(real) }
    return String(cString: real)
  }

  /// Creates `.NAME.selector-dispatch-XXXXXX` next to `destination`, with
  /// `mode` and `owner`, locked with `flock(2)` for as long as this process
  /// keeps it open; first removes the ones no process holds.
  ///
  /// - Returns: The open file, its path, and the leftovers removed.
  private static func temporaryFile(
    for destination: String, mode: mode_t, owner: (uid_t, gid_t)?
  ) throws(Refusal) -> (descriptor: Int32, path: String, removed: [String]) {
    let url = URL(fileURLWithPath: destination)
    let directory = url.deletingLastPathComponent().path
    let prefix = ".\(url.lastPathComponent).selector-dispatch-"
    let removed = removeLeftovers(in: directory, prefix: prefix)
    var template = Array("\(directory)/\(prefix)XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      throw Refusal(description: "cannot create a file in \(directory): \(describeErrno(errno))")
    }
    // Cannot fail on a new file this process alone has open; if the file
    // system has no locks, a later run may take the file for a leftover.
    _ = flock(descriptor, LOCK_EX | LOCK_NB)
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    if let owner, owner != (geteuid(), getegid()), fchown(descriptor, owner.0, owner.1) != 0 {
      failure = "cannot keep its owner (\(owner.0):\(owner.1)): \(describeErrno(errno))"
    } else if fchmod(descriptor, mode) != 0 {
      failure = "cannot keep its mode: \(describeErrno(errno))"
    }
    if let failure {
      _ = close(descriptor)
      _ = unlink(path)
      throw Refusal(description: failure + "; refusing to replace it")
    }
    return (descriptor, path, removed)
  }

  /// Removes the files in `directory` named `prefix` and six characters, as
  /// ``temporaryFile(for:mode:owner:)`` names them, that are regular files
  /// of this user that no process holds locked: a run killed by SIGKILL
  /// left them, as its lock ended with it.
  ///
  /// - Returns: The paths removed.
  private static func removeLeftovers(in directory: String, prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var removed: [String] = []
    for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
      let path = "\(directory)/\(name)"
      let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { _ = close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        status.st_uid == geteuid(), flock(descriptor, LOCK_EX | LOCK_NB) == 0
      else { continue }
      if unlink(path) == 0 { removed.append(path) }
    }
    return removed
  }
}

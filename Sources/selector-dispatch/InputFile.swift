import Foundation

/// An event log opened for reading with `open(2)` and read with `read(2)`:
/// a regular file, a pipe, a FIFO, `/dev/stdin`, a process substitution
/// (`<(…)`) or a character device all work the same, and nothing is read
/// before it is needed.
struct InputFile {
  /// The open descriptor.
  let descriptor: Int32
  /// The name used in messages: the path, or `<stdin>`.
  let name: String
  private let ownsDescriptor: Bool

  /// An I/O failure: the `errno` and what the tool was doing.
  struct Failure: Error, CustomStringConvertible {
    /// The `errno`.
    let code: Int32
    /// Why, when `errno`'s text would mislead.
    var reason: String?
    /// A sentence that says what failed, without the file name.
    var description: String {
      "cannot read the event log: \(reason ?? describeErrno(code))"
    }
  }

  /// Opens `path` for reading, or standard input for `-`.
  ///
  /// - Parameters:
  ///   - path: A path, or `-`.
  ///   - inputWasClosed: Whether standard input was closed at start.
  /// - Throws: ``Failure`` when the file cannot be opened.
  init(path: String, inputWasClosed: Bool) throws(Failure) {
    if path == "-" {
      guard !inputWasClosed else {
        throw Failure(code: EBADF, reason: "standard input is closed")
      }
      descriptor = STDIN_FILENO
      name = "<stdin>"
      ownsDescriptor = false
      return
    }
    var opened: Int32
    repeat { opened = open(path, O_RDONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
    guard opened >= 0 else { throw Failure(code: errno) }
    descriptor = opened
    name = path
    ownsDescriptor = true
  }

  /// The device and inode of the open file.
  var identity: FileIdentity? { FileIdentity(descriptor: descriptor) }

  /// Reads the next bytes into `buffer`, retrying `EINTR`.
  ///
  /// - Parameter buffer: Where to put them.
  /// - Returns: How many bytes were read; `0` at the end.
  /// - Throws: ``Failure`` for any other error, such as `EISDIR`.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
    while true {
      let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw Failure(code: errno) }
    }
  }

  /// Closes the file, unless it is standard input.
  func close() {
    if ownsDescriptor { _ = Foundation.close(descriptor) }
  }
}

/// A file's device and inode: two paths, or a path and an open descriptor,
/// name the same file exactly when these are equal.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64

  /// The identity of an open descriptor, or `nil` if `fstat(2)` fails.
  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The identity of the file a path names, following symbolic links, or
  /// `nil` if `stat(2)` fails.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  init(_ status: stat) {
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
  }
}

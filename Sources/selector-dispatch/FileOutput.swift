import Foundation
import SelectorDispatch

/// Text written to a file descriptor with `write(2)`, checking every call.
///
/// Foundation's `FileHandle.write(_:)` traps on any error (a full disk, a
/// closed descriptor, a broken pipe when SIGPIPE is ignored). This type
/// keeps the first error instead, drops what is written after it, and lets
/// the tool report it and exit with ``SelectorDispatchTool/ioFailure``.
///
/// Every line is escaped with `escapedForDisplay` on the way out, so nothing
/// read from a log, a manifest or the command line can forge a line or act
/// on a terminal.
struct FileOutput: TextOutputStream {
  /// The descriptor written to.
  let descriptor: Int32
  /// The `errno` of the first failed write; `EBADF` once something is
  /// written to a descriptor that was closed when the tool started.
  private(set) var failure: Int32?
  private let wasClosed: Bool
  /// Whether a line break inside one `write` is data to escape (messages,
  /// one per `print`) rather than layout (traces, tables).
  private let escapesLineBreaks: Bool
  private var pending: [UInt8] = []

  /// Creates an output on `descriptor`.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - isClosed: Whether the descriptor was closed when the tool started
  ///     (it now holds /dev/null): every write then fails with `EBADF`, as
  ///     it would have, but a run that writes nothing there is fine.
  ///   - escapesLineBreaks: Whether each `print` is one line, so that a
  ///     line break inside it is escaped, as in a message quoting a file
  ///     name; otherwise line breaks are kept and each line is escaped.
  init(_ descriptor: Int32, isClosed: Bool = false, escapesLineBreaks: Bool = false) {
    self.descriptor = descriptor
    wasClosed = isClosed
    self.escapesLineBreaks = escapesLineBreaks
  }

  /// Buffers text escaped for display, so that `print(_:to:)` works as
  /// usual: one message per `print` when line breaks are escaped, otherwise
  /// each line escaped and the line breaks kept.
  ///
  /// - Parameter text: The text.
  mutating func write(_ text: String) {
    if escapesLineBreaks && text != "\n" {
      append(text.escapedForDisplay.utf8)
    } else {
      writeLines(text)
    }
  }

  /// Buffers text whose line breaks are layout, such as the usage, each
  /// line escaped.
  ///
  /// - Parameter text: Text, possibly several lines.
  mutating func writeLines(_ text: String) {
    var first = true
    // Split on the byte, not on `Character`s: much faster on long lines.
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if !first { pending.append(UInt8(ascii: "\n")) }
      first = false
      // Only a byte outside printable ASCII can start something to escape.
      if line.contains(where: { $0 < 0x20 || $0 >= 0x7F }),
        let text = String(line), text.unicodeScalars.contains(where: String.needsEscape)
      {
        append(text.escapedForDisplay.utf8)
      } else {
        append(line)  // no copy of a long line that needs no escape
      }
    }
  }

  /// Buffers bytes as they are, such as a recorded event-log line.
  ///
  /// - Parameter bytes: The bytes.
  mutating func bytes(_ bytes: some Collection<UInt8>) {
    append(bytes)
  }

  /// Buffers `bytes`, writing when 64 KiB are buffered; a longer run is
  /// written from where it is, after what is buffered, so a long line is
  /// never copied into the buffer.
  private mutating func append(_ bytes: some Collection<UInt8>) {
    guard bytes.count >= 64 << 10 else {
      pending.append(contentsOf: bytes)
      if pending.count >= 64 << 10 { flush() }
      return
    }
    flush()
    guard failure == nil else { return }
    guard !wasClosed else {
      failure = EBADF
      return
    }
    let descriptor = descriptor
    failure =
      bytes.withContiguousStorageIfAvailable {
        Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
      }
      ?? Array(bytes).withUnsafeBytes { Self.writeAll($0, to: descriptor) }
  }

  /// Writes everything buffered; after a failure, drops it.
  mutating func flush() {
    defer { pending.removeAll(keepingCapacity: true) }
    guard failure == nil, !pending.isEmpty else { return }
    guard !wasClosed else {
      failure = EBADF
      return
    }
    failure = pending.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
  }

  /// Writes all of `bytes`, retrying short writes and `EINTR`.
  ///
  /// - Returns: `nil`, or the `errno` of the failure.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(
        descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}

/// The text of an `errno`, such as "No space left on device".
func describeErrno(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// `write(2)`, out of reach of ``FileOutput/write(_:)``'s name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

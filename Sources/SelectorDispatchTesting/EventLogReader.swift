/// Reads an event log line by line from any source of bytes — a file, a
/// pipe, a terminal — in memory bounded by the longest line allowed, however
/// long the log is: what `selector-dispatch replay` reads with.
///
/// <!-- snippet: not compiled -- the package's own API, which a package that depends on it cannot see -->
/// ```swift
/// var reader = EventLogReader { buffer in
///   read(descriptor, buffer.baseAddress, buffer.count)  // 0 at the end
/// }
/// while let line = try reader.next() {
///   switch line {
///   case .success(let event): _ = injector.inject(event)
///   case .failure(let problem): print(problem)
///   }
/// }
/// ```
///
/// `next()` returns each line as soon as its newline (or the end of the
/// input) has been read, and reads again only when no complete line is
/// buffered, so a line written to a pipe is returned while the writer keeps
/// the pipe open. The lines are those of `EventScript`: blank lines and
/// `#` comments are skipped, `\r\n` ends a line as `\n` does, and a UTF-8
/// byte order mark at the very start of the log is ignored.
///
/// A line longer than `maximumLineLength` bytes (not counting its line
/// break) is not kept: it becomes one `EventScript.Problem` as soon as it
/// passes the limit, the rest of it is read and dropped, and the lines after
/// it are read as usual. So is a line of more than
/// `maximumValuesPerLine` JSON values.
package struct EventLogReader {
  /// The longest line read by default: 16 MiB, as the largest manifest.
  package static let defaultMaximumLineLength = 16 << 20

  /// The most JSON values one line may hold: 65,536, counting every scalar,
  /// array and object, the event object itself included. A line with more
  /// is a problem at the value past the limit, and is not dispatched.
  ///
  /// Each value costs memory many times its size in the line (a `1,` of
  /// 2 bytes becomes a parsed value, then a Swift `Any` of 32 bytes, then its
  /// trace), so a line of tiny values near `defaultMaximumLineLength`
  /// would take gigabytes; with this limit it takes a few megabytes. A real
  /// event holds far fewer: a push notification's payload is at most 4 KB.
  package static let maximumValuesPerLine = 1 << 16

  /// The longest line, in bytes without its line break, that becomes an
  /// event; a longer one is a problem.
  package let maximumLineLength: Int

  /// What `next()` throws when the `read` closure returns a count it
  /// cannot have written: a negative one, such as the `-1` by which
  /// `read(2)` reports an error, or one larger than the buffer.
  package struct InvalidReadCount: Error, Equatable, CustomStringConvertible {
    /// What the closure returned.
    package let count: Int
    /// The size of the buffer it was given.
    package let bufferSize: Int

    /// Says what was returned and what was expected.
    package var description: String {
      let hint =
        count < 0
        ? "; read(2) returns -1 on an error: throw the error (errno) from the closure instead"
        : ""
      return "the event log's read closure returned \(count), but it must return how many "
        + "bytes it wrote, from 0 (the end of the log) to \(bufferSize), the size of the "
        + "buffer it was given\(hint)"
    }
  }

  private let read: (UnsafeMutableRawBufferPointer) throws -> Int
  private let chunkSize: Int
  /// Bytes read and not yet returned; the current line starts at `start`.
  private var buffer: [UInt8] = []
  private var start = 0
  /// How far `buffer` has been searched for a newline.
  private var searched = 0
  /// The 1-based number of the current line.
  private var lineNumber = 1
  /// Whether the current line passed the limit and is being dropped.
  private var dropping = false
  private var atEnd = false

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - maximumLineLength: The longest line that becomes an event, in
  ///     bytes without its `\n`; at least 1.
  ///   - chunkSize: How many bytes to ask `read` for at a time; at least 1.
  ///   - read: Fills the start of the buffer it is given with the next bytes
  ///     of the log and returns how many it wrote, `0` at the end of the log.
  ///     It may return fewer bytes than asked for at any time. An error it
  ///     throws is thrown by `next()`, and so is `InvalidReadCount` for
  ///     a count outside `0...buffer.count`.
  package init(
    maximumLineLength: Int = EventLogReader.defaultMaximumLineLength, chunkSize: Int = 64 << 10,
    read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int
  ) {
    precondition(maximumLineLength > 0 && chunkSize > 0, "limits must be positive")
    self.maximumLineLength = maximumLineLength
    self.chunkSize = chunkSize
    self.read = read
  }

  /// Creates a reader of a log held in memory.
  ///
  /// - Parameters:
  ///   - bytes: The whole log.
  ///   - maximumLineLength: The longest line that becomes an event, in
  ///     bytes without its `\n`; at least 1.
  package init(
    bytes: some Collection<UInt8>,
    maximumLineLength: Int = EventLogReader.defaultMaximumLineLength
  ) {
    let all = Array(bytes)
    var offset = 0
    self.init(maximumLineLength: maximumLineLength, chunkSize: max(1, all.count)) { buffer in
      let count = min(buffer.count, all.count - offset)
      buffer.copyBytes(from: all[offset..<offset + count])
      offset += count
      return count
    }
  }

  /// Returns the next line that is not blank or a comment, reading only as
  /// much as it needs.
  ///
  /// - Returns: The next event or problem, or `nil` at the end of the log.
  /// - Throws: What the `read` closure throws, or `InvalidReadCount`
  ///   when it returns a count it cannot have written; the reader can be
  ///   asked again afterwards, and resumes where it was.
  /// - Complexity: O(*n*) in the bytes read, amortized.
  package mutating func next() throws -> Result<EventScript.Event, EventScript.Problem>? {
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        let number = lineNumber
        lineNumber += 1
        let line = buffer[start..<newline]
        start = newline + 1
        searched = start
        if dropping {
          dropping = false
          continue
        }
        if line.count > maximumLineLength { return tooLong(number) }
        if let result = EventScript.parse(line: line, number: number) { return result }
        continue
      }
      searched = buffer.count
      if dropping {
        discardBuffer()
      } else if buffer.count - start > maximumLineLength {
        // Past the limit with no newline yet: report it once, drop the rest.
        dropping = true
        discardBuffer()
        return tooLong(lineNumber)
      }
      if atEnd {
        defer {
          discardBuffer()
          dropping = false
        }
        guard !dropping, start < buffer.count else { return nil }
        let number = lineNumber
        lineNumber += 1
        return EventScript.parse(line: buffer[start...], number: number)
      }
      try fill()
    }
  }

  private func tooLong(_ number: Int) -> Result<EventScript.Event, EventScript.Problem> {
    .failure(
      EventScript.Problem(
        line: number, column: maximumLineLength + 1,
        message: "the line is longer than \(maximumLineLength) bytes, the limit for one event; "
          + "it was skipped"))
  }

  private mutating func discardBuffer() {
    buffer.removeAll(keepingCapacity: true)
    start = 0
    searched = 0
  }

  /// Drops the lines already returned, then reads one chunk onto the end of
  /// the buffer.
  private mutating func fill() throws {
    if start > 0 {
      buffer.removeSubrange(..<start)
      searched -= start
      start = 0
    }
    let end = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunkSize))
    var count = 0
    defer { buffer.removeLast(chunkSize - count) }
    let returned = try buffer.withUnsafeMutableBytes { bytes in
      try read(UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
    }
    guard (0...chunkSize).contains(returned) else {
      throw InvalidReadCount(count: returned, bufferSize: chunkSize)
    }
    count = returned
    if count == 0 { atEnd = true }
  }
}

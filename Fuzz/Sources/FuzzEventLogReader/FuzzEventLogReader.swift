@testable import SelectorDispatchTesting

/// libFuzzer entry point for the replay loop's streaming reader: the first
/// byte sets the line limit, the second seeds the chunk sizes `read` hands
/// out (1 to 16 bytes, changing every call), and the rest is the log.
///
/// Streaming must never change the lines: the reader fed in those chunks
/// returns exactly what ``EventScript`` returns for the whole input at once,
/// lines in order with real positions, and a line over the limit is a
/// problem at column limit + 1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLogReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = UnsafeBufferPointer(start: start, count: count)
  guard input.count >= 2 else { return 0 }
  let limit = 1 + Int(input[0])
  var state = UInt32(input[1]) | 0x100
  let log = Array(input.dropFirst(2))
  var offset = 0
  var reader = EventLogReader(maximumLineLength: limit, chunkSize: 1 + Int(input[1] % 32)) {
    buffer in
    state = state &* 1_103_515_245 &+ 12_345
    let want = 1 + Int((state >> 16) % 16)
    let given = min(want, buffer.count, log.count - offset)
    buffer.copyBytes(from: log[offset..<offset + given])
    offset += given
    return given
  }
  var streamed: [Result<EventScript.Event, EventScript.Problem>] = []
  // The read closure never throws.
  while let line = try? reader.next() { streamed.append(line) }
  precondition(offset == log.count, "the whole log was read")
  let whole = EventScript(log, maximumLineLength: limit).lines
  precondition(streamed == whole, "chunking changed the lines")

  let lineCount = log.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  var previous = 0
  for line in streamed {
    let number: Int
    switch line {
    case .success(let event):
      number = event.line
      precondition(event.selectorColumn >= 1 && event.selectorColumn <= limit)
    case .failure(let problem):
      number = problem.line
      precondition(problem.column >= 1 && problem.column <= limit + 1)
    }
    precondition(number > previous && number <= lineCount, "lines in order, each once")
    previous = number
  }
  return 0
}

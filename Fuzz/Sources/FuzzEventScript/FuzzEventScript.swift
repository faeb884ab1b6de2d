@testable import SelectorDispatchTesting

/// libFuzzer entry point: any bytes, as an event log, must parse into events
/// and problems without crashing; every event and problem has a real
/// position, in line order, and no message holds a raw line break, control or
/// bidirectional character, whatever the log's keys (repeated ones included)
/// and strings hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventScript(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let script = EventScript(bytes)
  let lineCount = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  for problem in script.problems {
    precondition((1...lineCount).contains(problem.line) && problem.column >= 1)
  }
  // `JSONValue` is `package` access, which this separate package cannot
  // see; check the public positions instead.
  var previousLine = 0
  for line in script.lines {
    let number: Int
    switch line {
    case .success(let event):
      number = event.line
      // The selector is not checked here (replay reports a malformed one).
      precondition(event.selectorColumn >= 1 && event.paramsColumn >= 1)
    case .failure(let problem):
      number = problem.line
      precondition(!problem.message.isEmpty)
      precondition(
        !problem.description.unicodeScalars.contains(where: actsOnATerminal),
        "a message must not start a line or act on a terminal")
    }
    precondition(number > previousLine && number <= lineCount, "lines in order, each once")
    previousLine = number
  }
  return 0
}

/// A C0 or C1 control, DEL, a line or paragraph separator, or a
/// bidirectional format character: what messages must print escaped.
func actsOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
  default: false
  }
}

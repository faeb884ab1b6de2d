import SelectorDispatchTesting

/// libFuzzer entry point: any bytes, as an event log, must parse into events
/// and problems without crashing; every event and problem has a real
/// position, in line order.
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
    }
    precondition(number > previousLine && number <= lineCount, "lines in order, each once")
    previousLine = number
  }
  return 0
}

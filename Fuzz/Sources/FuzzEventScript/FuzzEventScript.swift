import SelectorDispatchTesting

/// libFuzzer entry point: any bytes, as an event log, must parse into events
/// and problems without crashing; every problem has a real position.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventScript(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let script = EventScript(bytes)
  let lineCount = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  for problem in script.problems {
    precondition((1...lineCount).contains(problem.line) && problem.column >= 1)
  }
  for event in script.events {
    if let text = try? JSONValue.parse(Array(event.selector.utf8)) { _ = text.value.jsonText }
  }
  return 0
}

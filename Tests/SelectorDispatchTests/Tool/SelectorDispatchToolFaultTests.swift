import Foundation
import Testing

/// End to end through the built binary: every I/O fault is an error with a
/// message and a status below 128 (3, an input/output error), never a trap,
/// and replay reads whatever Unix tools read, line by line as it arrives.
@Suite struct SelectorDispatchToolFaultTests {
  static let event = #"{"selector": "applicationWillTerminate:", "params": ["app"]}"#

  struct Fault: Sendable, CustomTestStringConvertible {
    let script: String
    let status: Int32
    let stderr: String
    var testDescription: String { script }
  }

  @Test(arguments: [
    Fault(
      script: #""$TOOL" > /dev/full"#, status: 3,
      stderr: "error: cannot write the output: No space left on device\n"),
    Fault(
      script: #"exec "$TOOL" >&-"#, status: 3,
      stderr: "error: cannot write the output: Bad file descriptor\n"),
    Fault(script: #"exec "$TOOL" replay /nonexistent 2>&-"#, status: 3, stderr: ""),
    Fault(script: #"exec "$TOOL" --json 2>&- >/dev/null"#, status: 0, stderr: ""),
    Fault(
      script: #"exec "$TOOL" replay - <&-"#, status: 3,
      stderr: "<stdin>: error: cannot read the event log: standard input is closed\n"),
    Fault(
      script: #"exec "$TOOL" replay - --json < /"#, status: 3,
      stderr: "<stdin>: error: cannot read the event log: Is a directory\n"),
    Fault(
      script: #"exec "$TOOL" replay "$DIR" --json"#, status: 3,
      stderr: "DIR: error: cannot read the event log: Is a directory\n"),
    Fault(
      script: #"exec "$TOOL" --record /dev/full >/dev/null"#, status: 3,
      stderr: "/dev/full: error: cannot write the recording: No space left on device\n"),
    Fault(
      script: #"exec "$TOOL" --manifest /dev/zero"#, status: 1,
      stderr: "/dev/zero: error: the manifest is more than 16777216 bytes; "
        + "manifests larger than 16777216 bytes are refused\n"),
  ])
  func ioFaultsAreMessagesAndAnExitStatusNeverATrap(_ fault: Fault) throws {
    let outcome = try ToolProcess.run(fault.script)
    #expect(outcome.reason == .exit, "no trap, no signal")
    #expect(outcome.status == fault.status)
    let stderr = outcome.stderr.replacingOccurrences(
      of: FileManager.default.temporaryDirectory.path, with: "/tmp")
    #expect(
      stderr.replacingOccurrences(
        of: #"/tmp/selector-dispatch-faults-[^:]*"#, with: "DIR",
        options: .regularExpression) == fault.stderr)
  }

  @Test func aClosedStderrNeverSendsMessagesIntoTheRecording() throws {
    let log = Data((Self.event + "\nnot json\n" + Self.event + "\n").utf8)
    let outcome = try ToolProcess.run(
      #"exec "$TOOL" replay events.jsonl --record out.jsonl >/dev/null 2>&-"#,
      files: ["events.jsonl": log])
    #expect(outcome.status == 3, "a message could not be written")
    let recorded = String(decoding: outcome.files["out.jsonl"] ?? Data(), as: UTF8.self)
    #expect(!recorded.contains("error"))
  }

  /// A pipe whose reader is gone before the tool writes.
  func runIntoABrokenPipe(_ signalHandling: String) throws -> ToolProcess.Outcome {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    return try ToolProcess.run(
      #"exec /usr/bin/env \#(signalHandling)=PIPE "$TOOL" --json"#, stdout: pipe)
  }

  @Test func aBrokenPipeWithSIGPIPEIgnoredIsAnError() throws {
    let outcome = try runIntoABrokenPipe("--ignore-signal")
    #expect(outcome.reason == .exit)
    #expect(outcome.status == 3)
    #expect(outcome.stderr == "error: cannot write the output: Broken pipe\n")
  }

  @Test func aBrokenPipeWithSIGPIPEDefaultEndsTheToolQuietlyAsItDoesCat() throws {
    let outcome = try runIntoABrokenPipe("--default-signal")
    #expect(outcome.reason == .uncaughtSignal)
    #expect(outcome.status == SIGPIPE)
    #expect(outcome.stderr.isEmpty, "no trap, no backtrace")
  }

  @Test(arguments: [
    #""$TOOL" replay /dev/stdin --json < events.jsonl"#,
    #""$TOOL" replay - --json < events.jsonl"#,
    #"cat events.jsonl | "$TOOL" replay - --json"#,
    #"mkfifo fifo && { cat events.jsonl > fifo & "$TOOL" replay fifo --json; }"#,
    #""$TOOL" replay <(cat events.jsonl) --json"#,
  ])
  func replayReadsPipesFIFOsDevicesAndProcessSubstitution(_ script: String) throws {
    let outcome = try ToolProcess.run(
      script, files: ["events.jsonl": Data((Self.event + "\n").utf8)], shell: "/bin/bash")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix(#"{"line":1,"selector":"applicationWillTerminate:""#))
  }

  @Test func aCharacterDeviceIsALogToo() throws {
    let outcome = try ToolProcess.run(#""$TOOL" replay /dev/null --json"#)
    #expect(outcome.status == 0)
    #expect(outcome.stdout.isEmpty && outcome.stderr.isEmpty)
  }

  @Test func eachLineIsDispatchedAsItArrives() throws {
    let process = Process()
    process.executableURL = SelectorDispatchToolTests.executable
    process.arguments = ["replay", "-", "--json"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // If the tool waited for the end of its input, the reads below would
    // block: a watchdog ends it, so the test fails instead of hanging.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    func nextLine() -> String {
      var bytes = Data()
      while !bytes.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        bytes += chunk
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    for (number, selector) in [
      (1, "applicationDidBecomeActive:"), (2, "applicationWillTerminate:"),
    ] {
      input.fileHandleForWriting.write(
        Data((#"{"selector": "\#(selector)", "params": ["app"]}"# + "\n").utf8))
      let line = nextLine()
      #expect(line.hasPrefix(#"{"line":\#(number),"selector":"\#(selector)""#), "\(line)")
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }

  @Test func aLineOverTheLimitIsReportedAndTheNextStillDispatched() throws {
    let limit = 16 << 20
    var log = Data(#"{"selector": "applicationDidBecomeActive:", "params": [""#.utf8)
    log += Data(repeating: UInt8(ascii: "x"), count: limit)
    log += Data(("\"]}\n" + Self.event + "\n").utf8)
    let outcome = try ToolProcess.run(
      #"exec "$TOOL" replay big.jsonl --json"#, files: ["big.jsonl": log])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.hasSuffix(
        "big.jsonl:1:\(limit + 1): error: the line is longer than \(limit) bytes, "
          + "the limit for one event; it was skipped\n"))
    #expect(outcome.stdout.hasPrefix(#"{"line":2,"selector":"applicationWillTerminate:""#))
  }

  @Test func anEndlessDeviceIsOneTooLongLine() throws {
    let outcome = try ToolProcess.run(#"exec "$TOOL" replay /dev/zero --strict"#)
    #expect(outcome.status == 1)
    #expect(outcome.stderr.hasPrefix("/dev/zero:1:16777217: error: the line is longer than"))
  }
}

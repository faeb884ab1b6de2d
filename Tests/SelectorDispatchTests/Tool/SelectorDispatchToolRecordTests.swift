import Foundation
import Testing

@testable import selector_dispatch

/// End to end through the built binary: `--record` never replaces what is
/// not a regular file, never writes the file being read, keeps a file's
/// mode, and records losslessly; messages are escaped.
@Suite struct SelectorDispatchToolRecordTests {
  static let event = #"{"selector": "applicationWillTerminate:", "params": ["app"]}"#
  /// Computed: a `Data` kept in a global is reported as a leak by
  /// LeakSanitizer, which cannot see through its packed representation.
  static var log: Data { Data((event + "\n").utf8) }

  func mode(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
  }

  @Test func aSymbolicLinkIsFollowedAndKeptAndTheTargetKeepsItsMode() throws {
    let outcome = try ToolProcess.run(
      """
      chmod 640 target.jsonl && ln -s target.jsonl link.jsonl &&
      "$TOOL" replay events.jsonl --record link.jsonl >/dev/null &&
      test -L link.jsonl && stat -c %a target.jsonl > mode.txt
      """, files: ["events.jsonl": Self.log, "target.jsonl": Data("old\n".utf8)])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.files["mode.txt"] == Data("640\n".utf8))
    #expect(
      outcome.files["target.jsonl"]
        == Data(#"{"selector":"applicationWillTerminate:","params":["app"]}"#.utf8 + [0x0A]))
  }

  /// Giving a file away needs root; as another user the tool's refusal to
  /// replace a file it cannot keep the owner of is what applies.
  @Test(.enabled(if: getuid() == 0))
  func anExistingFileKeepsItsOwnerAndMode() throws {
    let outcome = try ToolProcess.run(
      """
      chown 65534:65534 out.jsonl && chmod 604 out.jsonl &&
      "$TOOL" replay events.jsonl --record out.jsonl >/dev/null &&
      stat -c '%u:%g %a' out.jsonl > owner.txt
      """, files: ["events.jsonl": Self.log, "out.jsonl": Data("old\n".utf8)])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.files["owner.txt"] == Data("65534:65534 604\n".utf8))
    #expect(outcome.files["out.jsonl"]?.starts(with: Data("{".utf8)) == true)
  }

  @Test func aFileWithHardLinksIsRewrittenInPlaceSoTheLinksStayTogether() throws {
    let outcome = try ToolProcess.run(
      #"ln out.jsonl other.jsonl && "$TOOL" replay events.jsonl --record out.jsonl >/dev/null"#,
      files: ["events.jsonl": Self.log, "out.jsonl": Data("old\n".utf8)])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.files["out.jsonl"]?.starts(with: Data("{".utf8)) == true)
    #expect(outcome.files["other.jsonl"] == outcome.files["out.jsonl"])
  }

  /// Every signal that ends a process by default and can be caught keeps
  /// the recording, and ends the tool as it would have. The tool reads a FIFO
  /// that stays open, as with `tail -f`; once its trace of the first event
  /// is read back, it is stopped. SIGQUIT used to hang
  /// in the runtime's backtracer: `timeout` bounds the wait, and SIGKILL
  /// then ends the tool with another status. `env --default-signal` undoes
  /// the shell's ignoring SIGINT and SIGQUIT in a background job.
  @Test(arguments: [
    ("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("USR1", SIGUSR1),
    ("USR2", SIGUSR2),
    ("ALRM", SIGALRM), ("PIPE", SIGPIPE), ("XCPU", SIGXCPU),
  ])
  func aRecordingStoppedByAnyCatchableSignalKeepsEveryEvent(
    _ name: String, _ number: Int32
  ) throws {
    let outcome = try ToolProcess.run(
      """
      ulimit -c 0
      mkfifo in traces
      /usr/bin/env --default-signal "$TOOL" replay in --json --record out.jsonl > traces &
      pid=$!
      exec 4< traces
      exec 3> in
      cat events.jsonl >&3
      read -r line <&4
      kill -\(name) $pid
      timeout 20 tail --pid=$pid -f /dev/null || kill -KILL $pid
      wait $pid
      echo $? > status.txt
      ls -A > files.txt
      """, files: ["events.jsonl": Self.log])
    #expect(outcome.files["status.txt"] == Data("\(128 + number)\n".utf8), "ended by SIG\(name)")
    #expect(
      outcome.files["out.jsonl"]
        == Data(#"{"selector":"applicationWillTerminate:","params":["app"]}"#.utf8 + [0x0A]))
    let files = String(decoding: outcome.files["files.txt"] ?? Data(), as: UTF8.self)
    #expect(!files.contains(".out.jsonl."), "no temporary file is left: \(files)")
  }

  /// SIGKILL cannot be caught: the next recording to the same file removes
  /// the temporary file the killed run left, and says so, but never one that
  /// a running recording holds.
  @Test func theNextRecordingRemovesWhatAKilledOneLeftButNotARunningOnes() throws {
    let outcome = try ToolProcess.run(
      """
      mkfifo in traces in2 traces2
      "$TOOL" replay in --json --record out.jsonl > traces &
      killed=$!
      exec 4< traces
      exec 3> in
      cat events.jsonl >&3
      read -r line <&4
      kill -KILL $killed
      wait $killed
      ls -A > killed.txt
      "$TOOL" replay in2 --json --record out.jsonl > traces2 2> running.err &
      running=$!
      exec 6< traces2
      exec 5> in2
      cat events.jsonl >&5
      read -r line <&6
      ls -A > running.txt
      "$TOOL" replay events.jsonl --record out.jsonl > /dev/null 2> next.err
      echo $? > status.txt
      ls -A > after.txt
      exec 5>&-
      wait $running
      ls -A > end.txt
      """, files: ["events.jsonl": Self.log])
    func names(_ file: String) -> [String] {
      String(decoding: outcome.files[file] ?? Data(), as: UTF8.self).split(separator: "\n")
        .map(String.init).filter { $0.hasPrefix(".out.jsonl.") }
    }
    let left = names("killed.txt")
    #expect(left.count == 1, "the killed run left its temporary file")
    let note = String(decoding: outcome.files["running.err"] ?? Data(), as: UTF8.self)
    #expect(
      note.hasPrefix("/")
        && note.hasSuffix(
          "/\(left.first ?? "?"): note: removed; a recording to out.jsonl left it when killed\n"),
      "the killed run's file, by its full path: \(note)")
    let running = names("running.txt")
    #expect(running.count == 1 && running != left, "only the running one's file: \(running)")
    #expect(outcome.files["status.txt"] == Data("0\n".utf8))
    #expect(outcome.files["next.err"] == Data(), "nothing to remove: the running one's is held")
    #expect(names("after.txt") == running, "the running one's is kept")
    #expect(names("end.txt").isEmpty, "the running one moved its file into place")
    #expect(
      outcome.files["out.jsonl"]
        == Data(#"{"selector":"applicationWillTerminate:","params":["app"]}"#.utf8 + [0x0A]))
  }

  @Test func aFIFOAndADeviceAreWrittenInPlaceNeverReplaced() throws {
    let outcome = try ToolProcess.run(
      """
      mkfifo fifo && { cat fifo > from-fifo.jsonl & } &&
      "$TOOL" replay events.jsonl --record fifo >/dev/null && wait &&
      test -p fifo && "$TOOL" replay events.jsonl --record /dev/null >/dev/null &&
      test -c /dev/null
      """, files: ["events.jsonl": Self.log])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.files["from-fifo.jsonl"]?.count ?? 0 > 10)
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    let script: String
    let message: String
    var testDescription: String { script }
  }

  @Test(arguments: [
    Refusal(
      script: #"ln -s events.jsonl other && "$TOOL" replay events.jsonl --record other"#,
      message: "other: error: refusing to record here: it is the event log being replayed; "
        + "record to another file\n"),
    Refusal(
      script: #""$TOOL" replay - --record events.jsonl < events.jsonl"#,
      message: "events.jsonl: error: refusing to record here: it is the event log being "
        + "replayed; record to another file\n"),
    Refusal(
      script: #"ln m.json m2 && "$TOOL" replay events.jsonl --manifest m.json --record m2"#,
      message: "m2: error: refusing to record here: it is the manifest; record to another file\n"),
    Refusal(
      script: #""$TOOL" replay events.jsonl --record ."#,
      message: ".: error: refusing to record here: it is a directory\n"),
    Refusal(
      script: #"ln -s nowhere dangling && "$TOOL" replay events.jsonl --record dangling"#,
      message: "dangling: error: refusing to record here: it is a symbolic link to a file that "
        + "does not exist\n"),
  ])
  func recordingRefusesTheLogTheManifestAndWhatItCannotWrite(_ refusal: Refusal) throws {
    let manifest = Data(#"["deep-links"]"#.utf8)
    let outcome = try ToolProcess.run(
      refusal.script, files: ["events.jsonl": Self.log, "m.json": manifest])
    #expect(outcome.status == 3)
    #expect(outcome.stderr == refusal.message)
    #expect(outcome.stdout.isEmpty, "nothing is dispatched")
    #expect(outcome.files["events.jsonl"] == Self.log, "the log is untouched")
    #expect(outcome.files["m.json"] == manifest, "the manifest is untouched")
  }

  @Test func recordDashIsStandardOutputAlone() throws {
    let outcome = try ToolProcess.run(#""$TOOL" --record -"#)
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n")
    let events = DemoApp.script.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(lines.count == events.count)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"selector":""#) })
  }

  @Test func nullStaysNullInTheRecordingAndTheJSONTrace() throws {
    let event = #"{"selector":"application:didFinishLaunchingWithOptions:","params":["app",null]}"#
    let outcome = try ToolProcess.run(
      #""$TOOL" replay events.jsonl --json --record out.jsonl"#,
      files: ["events.jsonl": Data((event + "\n").utf8)])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.files["out.jsonl"] == Data((event + "\n").utf8))
    #expect(outcome.stdout.contains(#""params":["app",null]"#))
    #expect(!outcome.stdout.contains("nil"))
  }

  @Test func aReplayedRecordingRecordsTheSameLines() throws {
    let outcome = try ToolProcess.run(
      #""$TOOL" --record one.jsonl > /dev/null && "$TOOL" replay one.jsonl --record two.jsonl"#)
    #expect(outcome.status == 0)
    #expect(outcome.files["one.jsonl"]?.isEmpty == false)
    #expect(outcome.files["one.jsonl"] == outcome.files["two.jsonl"])
  }

  @Test func aByteOrderMarkStartsALogWithoutAProblem() throws {
    let outcome = try ToolProcess.run(
      #""$TOOL" replay events.jsonl --json"#,
      files: ["events.jsonl": Data([0xEF, 0xBB, 0xBF]) + Self.log])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    #expect(outcome.stdout.hasPrefix(#"{"line":1,"#))
  }

  @Test func messagesEscapeWhatCouldForgeALineOrColourTheTerminal() throws {
    let hostile = #"{"selector": "\u001b[31mred\nx:1:1: error: forged:", "params": [1]}"#
    let outcome = try ToolProcess.run(
      #""$TOOL" replay events.jsonl; "$TOOL" replay "$(printf 'no\033[2Jsuch\nfile')""#,
      files: ["events.jsonl": Data((hostile + "\n").utf8)])
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(outcome.stderr)")
    #expect(!outcome.stderr.unicodeScalars.contains("\u{1B}"))
    #expect(lines.first?.contains(#"\u001B[31mred\nx:1:1: error: forged:"#) == true)
    #expect(lines.last?.hasPrefix(#"no\u001B[2Jsuch\nfile: error: cannot read"#) == true)
  }

  @Test func aURLThatIsNotOneIsQuotedInTheMessage() throws {
    let event = #"{"selector": "application:openURL:options:", "params": ["app", "", {}]}"#
    let outcome = try ToolProcess.run(
      #""$TOOL" replay events.jsonl"#, files: ["events.jsonl": Data((event + "\n").utf8)])
    #expect(
      outcome.stderr.contains(#"must be a URL string, but the event has "", which is not a URL"#))
  }
}

import Foundation
import SelectorDispatch
import Testing

@testable import selector_dispatch

/// Foundation has no `Process` on iOS, tvOS, watchOS or visionOS, so there
/// the suite is disabled and `run` is compiled without it (PLATFORMS.md).
#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
  let canRunProcesses = false
#else
  let canRunProcesses = true
#endif

/// End-to-end tests of the `selector-dispatch` executable: each runs the
/// built binary with `Process` and checks stdout, stderr and the exit code.
///
/// A class, so that each test's scratch directory is removed when the test
/// ends (Swift Testing makes one instance per test).
@Suite(.enabled(if: canRunProcesses, "Foundation has no Process here"))
final class SelectorDispatchToolTests: Sendable {
  struct Run {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static let executable: URL = {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for directory in [products, products.deletingLastPathComponent()] {
      let candidate = directory.appendingPathComponent("selector-dispatch")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return URL(fileURLWithPath: ".build/debug/selector-dispatch")
  }()

  /// This test's files, removed with it.
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("selector-dispatch-tests-\(UUID().uuidString)")

  deinit { try? FileManager.default.removeItem(at: scratch) }

  func temporaryFile(_ contents: Data, _ name: String = "events.jsonl") throws -> URL {
    let directory = scratch.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try contents.write(to: url)
    return url
  }

  func run(_ arguments: [String], stdin: Data? = nil) throws -> Run {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      throw CocoaError(.featureUnsupported)  // not reached: the suite is disabled
    #else
      let process = Process()
      process.executableURL = Self.executable
      process.arguments = arguments
      let out = try temporaryFile(Data(), "stdout")
      let err = try temporaryFile(Data(), "stderr")
      process.standardOutput = try FileHandle(forWritingTo: out)
      process.standardError = try FileHandle(forWritingTo: err)
      let input = Pipe()
      process.standardInput = input
      try process.run()
      if let stdin { input.fileHandleForWriting.write(stdin) }
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      #expect(process.terminationReason == .exit, "the tool must never crash")
      return Run(
        status: process.terminationStatus,
        stdout: try String(contentsOf: out, encoding: .utf8),
        stderr: try String(contentsOf: err, encoding: .utf8))
    #endif
  }

  /// The output with timings masked, so runs can be compared.
  func untimed(_ text: String) -> String {
    text.replacingOccurrences(
      of: #" *\d+\.\d{3} ms"#, with: " #.### ms", options: .regularExpression
    )
    .replacingOccurrences(
      of: #""nanoseconds":\d+"#, with: #""nanoseconds":#"#, options: .regularExpression
    )
    .replacingOccurrences(of: #"slowest service: .*"#, with: "", options: .regularExpression)
  }

  @Test func theDemoTracesEveryEventAndProfilesEveryService() throws {
    let result = try run([])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    for selector in [
      "application:didFinishLaunchingWithOptions:",
      "application:configurationForConnectingSceneSession:options:",
      "application:performFetchWithCompletionHandler:", "applicationWillTerminate:",
    ] {
      #expect(result.stdout.contains("\n\(selector)\n  fold "), "\(selector)")
    }
    #expect(result.stdout.contains("\n  completion: newData (newData if any service's reply is"))
    #expect(result.stdout.contains("    2. deep-links        (0)    true "))
    let untimedOutput = untimed(result.stdout)
    // Each completion's value comes from the services' replies, printed as their answers; a
    // broadcast has no folded answer to print.
    #expect(
      untimedOutput.contains(
        """
        windowScene:performActionForShortcutItem:completionHandler:  scene "main"
          fold broadcast: every service runs; no answer is returned
            1. analytics         (0)    false #.### ms
            2. deep-links        (0)    true #.### ms
          completion: true (true if any service's reply is true)
        """))
    #expect(
      untimedOutput.contains(
        """
        application:didReceiveRemoteNotification:fetchCompletionHandler:
          fold broadcast: every service runs; no answer is returned
            1. push              (50)   newData #.### ms
            2. background-fetch  (0)    noData #.### ms
          completion: newData (newData if any service's reply is newData, else failed if any is, else noData)
        """))
    #expect(result.stdout.contains("How to read an event:"), "the output explains itself")
    #expect(!result.stdout.contains("null"), "no JSON null in the readable trace")
    // Crash reporting runs first at launch (its service's 100) and last at termination (its
    // handler's own -100).
    #expect(
      untimedOutput.contains(
        """
        applicationWillTerminate:
          fold broadcast: every service runs; no answer is returned
            1. logging           (90)   no opinion #.### ms
            2. crash-reporting   (-100) no opinion #.### ms
        """))
    for service in [
      "crash-reporting", "logging", "push", "scene-sessions", "analytics", "deep-links",
      "background-fetch",
    ] {
      #expect(result.stdout.contains("\n\(service) "), "\(service) is in the profile")
    }
    // The profile's priority column: each row's handler's priority.
    let profile = try #require(result.stdout.components(separatedBy: "\nProfile: ").last)
    #expect(profile.contains(" priority calls "))
    for (service, selector, priority) in [
      ("crash-reporting", "application:didFinishLaunchingWithOptions:", 100),
      ("crash-reporting", "applicationWillTerminate:", -100),
      ("logging", "applicationWillTerminate:", 90),
    ] {
      #expect(
        profile.range(
          of: "\n\(service) +\(selector) +\(priority) +1 ", options: .regularExpression) != nil,
        "\(service) \(selector) at \(priority)")
    }
    #expect(result.stdout.contains("slowest service: "))
    #expect(untimed(try run([]).stdout) == untimed(result.stdout), "deterministic but for timings")
  }

  @Test func theDemoRunsTwoScenesAndDeliversEachSceneEventOncePerScene() throws {
    let output = untimed(try run([]).stdout)
    for scene in ["main", "second"] {
      for selector in [
        "scene:willConnectToSession:options:", "sceneWillEnterForeground:",
        "sceneDidBecomeActive:", "sceneWillResignActive:", "sceneDidEnterBackground:",
        "sceneDidDisconnect:",
      ] {
        let header = "\n\(selector)  scene \"\(scene)\"\n  fold broadcast: "
        #expect(
          output.components(separatedBy: header).count == 2, "\(selector) once for \(scene)")
      }
      #expect(output.contains("2. scene-sessions    (60)   \"released \(scene)\""))
      #expect(
        output.contains(
          "scene \"\(scene)\"\n  fold broadcast: every service runs; no answer is returned\n"
            + "    1. logging           (90)   no opinion #.### ms\n"
            + "    2. scene-sessions    (60)   \"activation 1\" #.### ms"),
        "each scene counts its own activation")
    }
    // The per-scene state: the second scene connects while the first is
    // still there, and each counts its own activation.
    #expect(
      output.contains(
        "scene \"main\"\n  fold broadcast: every service runs; no answer is returned\n"
          + "    1. logging           (90)   no opinion #.### ms\n"
          + "    2. scene-sessions    (60)   \"1 scene connected\" #.### ms"
      ))
    #expect(
      output.contains(
        "scene \"second\"\n  fold broadcast: every service runs; no answer is returned\n"
          + "    1. logging           (90)   no opinion #.### ms\n"
          + "    2. scene-sessions    (60)   \"2 scenes connected\" #.### ms"
      ))
    #expect(!output.contains("\napplicationDidBecomeActive:"), "the demo has adopted scenes")
  }

  @Test func replayDeliversSceneEventsWithURLContexts() throws {
    let log = try temporaryFile(
      Data(
        """
        {"selector": "scene:willConnectToSession:options:", "params": ["left", "s1", {}]}
        {"selector": "scene:openURLContexts:", "params": ["left", ["demo://product/7", "demo://product/3", "https://example.com/x"]]}
        {"selector": "scene:openURLContexts:", "params": ["left", "demo://product/7"]}
        {"selector": "scene:openURLContexts:", "params": ["left", ["demo://product/7", 4]]}
        {"selector": "sceneDidBecomeActive:", "params": [42]}
        {"selector": "sceneDidDisconnect:", "params": ["left"]}
        """.utf8))
    let result = try run(["replay", log.path, "--json"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines[1].hasPrefix(
        #"{"line":2,"selector":"scene:openURLContexts:","#
          + #""params":["left",["demo://product/3","demo://product/7","https://example.com/x"]]"#))
    #expect(lines[1].contains(#""service":"analytics","priority":0,"answer":false"#))
    #expect(lines[1].contains(#""service":"deep-links","priority":0,"answer":true"#))
    #expect(lines[2].contains(#""answer":"released left""#))
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.count == 3)
    #expect(
      errors[0].hasPrefix(
        "\(log.path):3:59: error: argument 1 of `scene:openURLContexts:` must be an array of "
          + "URL strings, but the event has a string"))
    #expect(
      errors[1].hasPrefix(
        "\(log.path):4:80: error: argument 1 of `scene:openURLContexts:` must be an array of "
          + "URL strings, but an element is a number"))
    #expect(
      errors[2].hasPrefix(
        "\(log.path):5:50: error: argument 0 of `sceneDidBecomeActive:` must be a string "
          + "naming the scene"))
  }

  @Test func noNameFromTheInputStartsALineOrActsOnTheTerminal() throws {
    // A scene's name and the log's own name, each with a line feed that would
    // forge a result line and an escape sequence that would clear the screen.
    let log = try temporaryFile(
      Data(
        #"""
        {"selector": "scene:willConnectToSession:options:", "params": ["main\n  = true\u001B[2J", "s1", {}]}
        {"selector": "sceneDidDisconnect:", "params": ["main\n  = true\u001B[2J"]}
        """#.utf8), "events\n  = forged\u{1B}[2J.jsonl")
    for arguments in [["replay", log.path], ["replay", log.path, "--json"]] {
      let result = try run(arguments)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stdout.contains("\u{1B}"), "an escape sequence reached the terminal")
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(!lines.contains { $0.hasPrefix("  = true") || $0.hasPrefix("  = forged") })
      #expect(result.stdout.contains(#"\n"#), "the line feed is printed escaped")
      if arguments.contains("--json") {
        #expect(lines.filter { !$0.isEmpty }.count == 2, "one JSON line per event")
      } else {
        #expect(lines.filter { $0.hasPrefix("  fold ") }.count == 2, "one fold line per event")
        #expect(lines.contains { $0.contains(#"scene "main\n  = true\u001B[2J""#) })
        #expect(lines[0].contains(#"events\n  = forged\u001B[2J.jsonl"#))
      }
    }
  }

  @Test func theDemoShowsADeviceTokenAsLowerCaseHex() throws {
    #expect(Data([0x00, 0x0F, 0xA0, 0xFF, 0x5C]).lowercaseHex == "000fa0ff5c")
    #expect(Data().lowercaseHex == "")
    let token = Data((0...255).map { UInt8($0) })
    #expect(token.lowercaseHex == token.map { String(format: "%02x", $0) }.joined())
  }

  @Test func jsonPrintsOneObjectPerEvent() throws {
    let result = try run(["--json"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 22)
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["selector"] is String)
      #expect(object["calls"] is [Any])
    }
    #expect(
      lines[7].hasPrefix(
        #"{"line":10,"selector":"scene:openURLContexts:","#
          + #""params":["main",["demo://product/42?campaign=spring"]],"fold":"firstTrue","#))
    #expect(
      lines[7].contains(#""service":"deep-links","priority":0,"answer":true,"nanoseconds":"#))
    #expect(lines[7].hasSuffix(#""result":true}"#), "deep-links claimed the link")
    #expect(lines[8].contains(#""completion":true"#), "the shortcut: one service succeeded")
  }

  @Test func replayReportsEachBadLineAndDispatchesTheRest() throws {
    let log = try temporaryFile(
      Data(
        """
        {"selector": "applicationDidBecomeActive:", "params": ["app"]}
        not json
        {"selector": "applicationDidEnterBackground:", "params": []}
        {"selector": "applicationDidEnterBackgound:", "params": ["app"]}
        {"selector": "application:openURL:options:", "params": ["app", 42, {}]}
        {"selector": "application:didFinish", "params": ["app"]}
        {"selector": "applicationWillTerminate:", "params": ["app"]}
        """.utf8))
    let result = try run(["replay", log.path])
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.count == 5)
    #expect(errors[0].hasPrefix("\(log.path):2:1: error: not JSON"))
    #expect(
      errors[1].hasPrefix(
        "\(log.path):3:58: error: `applicationDidEnterBackground:` takes 1 argument"))
    #expect(errors[2].hasPrefix("\(log.path):4:14: error: unrecognized selector"))
    #expect(errors[2].hasSuffix("did you mean `applicationDidEnterBackground:`?"))
    #expect(
      errors[3].hasPrefix(
        "\(log.path):5:64: error: argument 1 of `application:openURL:options:` must be a URL string"
      ))
    #expect(errors[4].hasPrefix("\(log.path):6:14: error: malformed selector"))
    #expect(result.stdout.contains("\napplicationDidBecomeActive:\n  fold "))
    #expect(
      result.stdout.contains("\napplicationWillTerminate:\n  fold "),
      "nothing after a bad line is lost")
  }

  @Test func strictStopsAtTheFirstError() throws {
    let log = try temporaryFile(
      Data(
        """
        {"selector": "applicationDidBecomeActive:", "params": ["app"]}
        {"selector": "nope:", "params": [1]}
        {"selector": "applicationWillTerminate:", "params": ["app"]}
        """.utf8))
    let result = try run(["replay", log.path, "--strict"])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.contains("applicationDidBecomeActive:"))
    #expect(!result.stdout.contains("applicationWillTerminate:"))
  }

  @Test func replayReadsStandardInput() throws {
    let result = try run(
      ["replay", "-", "--json"],
      stdin: Data(#"{"selector": "applicationWillTerminate:", "params": ["app"]}"#.utf8))
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix(#"{"line":1,"selector":"applicationWillTerminate:""#))
  }

  @Test func aRecordedSessionReplaysToTheSameTrace() throws {
    let recording = try temporaryFile(Data(), "session.jsonl")
    let original = try run(["--record", recording.path])
    #expect(original.status == 0)
    let replayed = try run(["replay", recording.path])
    #expect(replayed.status == 0)
    let body = { (text: String) in self.untimed(text).split(separator: "\n").dropFirst(4) }
    #expect(body(replayed.stdout) == body(original.stdout))
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 22)
    #expect(
      lines[2]
        == #"{"selector":"application:didRegisterForRemoteNotificationsWithDeviceToken:","params":["app","3q2+7w=="]}"#
    )
    #expect(
      lines[7]
        == #"{"selector":"scene:openURLContexts:","params":["main",["demo://product/42?campaign=spring"]]}"#,
      "URL contexts are recorded as a list of URL strings")
  }

  @Test func aManifestChoosesTheServices() throws {
    let manifest = try temporaryFile(
      Data(#"{"services": [{"name": "deep-links"}, {"name": "logging", "priority": 5}]}"#.utf8),
      "services.json")
    let result = try run(["--manifest", manifest.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("the services of \(manifest.path)"))
    #expect(!result.stdout.contains("crash-reporting"))
    #expect(result.stdout.contains("    1. deep-links        (0)    true "))

    let bad = try temporaryFile(Data(#"{"services": [{"name": "pushh"}]}"#.utf8), "bad.json")
    let failed = try run(["--manifest", bad.path])
    #expect(failed.status == 1)
    #expect(failed.stderr.hasPrefix("\(bad.path): error: "))
    #expect(failed.stderr.contains("pushh"))
    #expect(failed.stdout.isEmpty, "nothing is dispatched with a broken manifest")
  }

  @Test func selectorsListsTheVocabularyAndFiltersByDomain() throws {
    let all = try run(["selectors"])
    #expect(all.status == 0)
    #expect(all.stdout.hasPrefix("applicationDelegate: 55 selectors\n"))
    #expect(all.stdout.contains("\n\nsceneDelegate: 19 selectors\n"))
    #expect(all.stdout.contains("application:openURL:options:"))
    #expect(all.stdout.contains("(deprecated in iOS 26.0: use scene:openURLContexts:)"))
    #expect(all.stdout.contains("(deprecated in iOS 9.0: use scene:openURLContexts:)"))
    for entry in Vocabulary.sceneDelegate.entries {
      #expect(all.stdout.contains("\n\(entry.selector) "), "\(entry.selector) is listed")
    }
    let urls = try run(["selectors", "--domain", "urlResourceOpening"])
    #expect(urls.status == 0)
    let rows = urls.stdout.split(separator: "\n").filter {
      $0.contains(":") && !$0.hasPrefix("selector ") && !$0.contains(" selectors")
    }
    #expect(rows.count == 6, "four app-delegate and two scene-delegate selectors")
    #expect(rows.allSatisfy { $0.hasSuffix("URL resource opening") || $0.contains("(deprecated") })
    #expect(urls.stdout.contains("\nscene:openURLContexts: "))
    #expect(urls.stdout.contains("\nwindowScene:userDidAcceptCloudKitShareWithMetadata: "))
    #expect(!urls.stdout.contains("applicationDidBecomeActive:"))
    let lifeCycle = try run(["selectors", "--domain", "scene life cycle"])
    #expect(lifeCycle.status == 0)
    #expect(!lifeCycle.stdout.contains("applicationDelegate"), "no empty section")
    #expect(lifeCycle.stdout.contains("\nsceneDidBecomeActive: "))
    let unknown = try run(["selectors", "--domain", "nowhere"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown domain 'nowhere'"))
  }

  @Test func helpVersionAndUsageErrors() throws {
    let help = try run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("USAGE: selector-dispatch"))
    let version = try run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("selector-dispatch "))
    let unknown = try run(["--frobnicate"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("error: unknown option '--frobnicate'"))
    #expect(unknown.stderr.contains("USAGE:"))
    #expect(unknown.stdout.isEmpty)
  }

  @Test func hostileFilesNeverCrashTheTool() throws {
    let missing = try run(["replay", "/nonexistent/events.jsonl"])
    #expect(missing.status == 3, "an input/output error")
    #expect(missing.stderr.hasPrefix("/nonexistent/events.jsonl: error: cannot read the event log"))

    let empty = try run(["replay", try temporaryFile(Data()).path])
    #expect(empty.status == 0)
    #expect(empty.stderr.isEmpty)

    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let garbage = Data(
      (0..<200_000).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1
        return UInt8(truncatingIfNeeded: state >> 56)
      })
    let binary = try run(["replay", try temporaryFile(garbage).path])
    #expect(binary.status == 1)
    #expect(binary.stderr.contains(": error: "))

    let huge =
      #"{"selector": "applicationWillTerminate:", "params": [""#
      + String(repeating: "x", count: 10 << 20) + "\"]}\n"
      + #"{"selector": "applicationDidBecomeActive:", "params": ["app"]}"#
    let big = try run(["replay", try temporaryFile(Data(huge.utf8)).path, "--json"])
    #expect(big.status == 0, "the 10 MB param is the application stand-in: any value will do")
    #expect(big.stdout.split(separator: "\n").count == 2)
  }
}

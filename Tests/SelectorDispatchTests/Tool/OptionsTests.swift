import Testing

@testable import selector_dispatch

@Suite struct OptionsTests {
  struct Good: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let check: @Sendable (Options) -> Bool
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Good(arguments: []) { $0 == Options() },
    Good(arguments: ["demo", "--json"]) { $0.command == .demo && $0.json },
    Good(arguments: ["replay", "events.jsonl"]) { $0.command == .replay(path: "events.jsonl") },
    Good(arguments: ["replay", "-", "--strict"]) { $0.command == .replay(path: "-") && $0.strict },
    Good(arguments: ["--manifest", "m.json", "--record", "out.jsonl"]) {
      $0.manifest == "m.json" && $0.record == "out.jsonl"
    },
    Good(arguments: ["--manifest=m.plist"]) { $0.manifest == "m.plist" },
    Good(arguments: ["replay", "-", "--record", "-"]) {
      $0.command == .replay(path: "-") && $0.record == "-"
    },
    Good(arguments: ["selectors", "--domain", "urlOpening"]) {
      $0.command == .selectors && $0.domain == "urlOpening"
    },
    Good(arguments: ["--help"]) { $0.command == .help },
    Good(arguments: ["-h"]) { $0.command == .help },
    Good(arguments: ["help"]) { $0.command == .help },
    Good(arguments: ["selectors", "--version"]) { $0.command == .version },
  ])
  func parses(_ good: Good) throws {
    #expect(good.check(try Options.parse(good.arguments)))
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Bad(arguments: ["--bogus"], message: "unknown option '--bogus'"),
    Bad(arguments: ["frobnicate"], message: "unknown command 'frobnicate'"),
    Bad(arguments: ["replay"], message: "replay needs a FILE (or - for stdin)"),
    Bad(arguments: ["replay", "--json"], message: "replay needs a FILE (or - for stdin)"),
    Bad(arguments: ["--manifest"], message: "option '--manifest' needs a value FILE"),
    Bad(arguments: ["--json=yes"], message: "option '--json' takes no value"),
    Bad(
      arguments: ["selectors", "--json"], message: "option '--json' does not apply to 'selectors'"),
    Bad(arguments: ["--domain", "x"], message: "option '--domain' does not apply to 'demo'"),
    Bad(
      arguments: ["replay", "a", "b"], message: "unexpected argument 'b'; replay takes one FILE"),
    Bad(
      arguments: ["demo", "-"], message: "unexpected argument '-'; 'demo' takes no other arguments"),
    Bad(arguments: ["--manifest="], message: "option '--manifest' needs a value FILE, not ''"),
    Bad(arguments: ["--record", ""], message: "option '--record' needs a value FILE, not ''"),
  ])
  func rejects(_ bad: Bad) {
    #expect(throws: Options.UsageError(description: bad.message)) {
      try Options.parse(bad.arguments)
    }
  }

  @Test func usageListsEveryOption() {
    for option in [
      "--manifest FILE", "--json", "--record FILE", "--strict", "--domain NAME", "--help",
      "--version",
    ] {
      #expect(Options.usage.contains(option))
    }
  }
}

import Foundation
import SelectorDispatchTesting
import Testing

/// The runnable examples print their events in the demo's format (`Transcript`): a selector,
/// its fold and what the fold does, what the services did, the folded answer.
@Suite(.enabled(if: canRunProcesses, "Foundation has no Process here"), .timeLimit(.minutes(1)))
struct ExampleOutputTests {
  static let examples = [
    "ModuleManagerExample", "SelectorForwardingExample", "BaseClassForwardingExample",
    "DomainDelegatesExample", "AsyncServicesExample",
  ]

  @Test(arguments: examples) func printsEventsInTheDemosFormat(_ example: String) throws {
    let printed = try Self.run(example: example)
    let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var events = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("  fold ") {
      events += 1
      let fold = String(line.dropFirst("  fold ".count).prefix { $0 != ":" })
      #expect(line == Transcript.fold(fold), "\(example): \(line)")
      let header = index > 0 ? lines[index - 1] : ""
      let selector = #"^[A-Za-z_][A-Za-z0-9_:]*:( +scene "[^"]*")?$"#
      #expect(
        header.range(of: selector, options: .regularExpression) != nil,
        "\(example): a selector heads each event, not \(header)")
    }
    #expect(events >= 3, "\(example) prints its events")
    for old in ["[fold:", "= nil", "null", "Optional("] {
      #expect(!printed.contains(old), "\(example) prints \(old)")
    }
    // A folded answer or a completion's value belongs to the event whose fold line is above
    // it, with no blank line between.
    var inEvent = false
    for line in lines {
      if line.isEmpty { inEvent = false }
      if line.hasPrefix("  fold ") { inEvent = true }
      if line.hasPrefix("  = ") || line.hasPrefix("  completion: ") {
        #expect(inEvent, "\(example): \(line) has no event above it")
      }
    }
  }

  /// Runs a built example and returns what it printed, expecting it to exit with 0.
  ///
  /// - Parameter example: The example's executable.
  /// - Returns: Its standard output.
  /// - Throws: When the process cannot start.
  static func run(example: String) throws -> String {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      throw CocoaError(.featureUnsupported)  // not reached: the suites that run it are disabled
    #else
      let process = Process()
      process.executableURL = SelectorDispatchToolTests.executable.deletingLastPathComponent()
        .appendingPathComponent(example)
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(example) exits with 0")
      return printed
    #endif
  }
}

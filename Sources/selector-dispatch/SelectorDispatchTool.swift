import Foundation
import SelectorDispatch
import SelectorDispatchTesting

/// The `selector-dispatch` command: parses the arguments, runs, and maps the
/// outcome to an exit code (0 success, 1 an event or the manifest failed,
/// 2 usage, 3 an input or output error).
@main
enum SelectorDispatchTool {
  static let version = "selector-dispatch 0.1.0"

  /// Some event, or the manifest, failed.
  static let failure: Int32 = 1
  /// The command line is wrong.
  static let usageError: Int32 = 2
  /// A file could not be read or written: the event log, the manifest,
  /// standard output or error, or the recording.
  static let ioFailure: Int32 = 3

  static func main() {
    InterruptedRecording.quitAtOnce()
    let standard = StandardDescriptors.secure()
    var output = FileOutput(STDOUT_FILENO, isClosed: standard.outputWasClosed)
    var errors = FileOutput(
      STDERR_FILENO, isClosed: standard.errorWasClosed, escapesLineBreaks: true)
    var status = run(
      Array(CommandLine.arguments.dropFirst()), standard: standard, output: &output,
      errors: &errors)
    output.flush()
    if let code = output.failure {
      print("error: cannot write the output: \(describeErrno(code))", to: &errors)
      status = ioFailure
    }
    errors.flush()
    if errors.failure != nil { status = ioFailure }
    exit(status)
  }

  /// Runs the command.
  static func run(
    _ arguments: [String], standard: StandardDescriptors, output: inout FileOutput,
    errors: inout FileOutput
  ) -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      print("error: \(error)", to: &errors)
      errors.writeLines("\n" + Options.usage + "\n")
      return usageError
    }
    switch options.command {
    case .help:
      print(Options.usage, to: &output)
      return 0
    case .version:
      print(version, to: &output)
      return 0
    case .selectors:
      return listSelectors(domain: options.domain, output: &output, errors: &errors)
    case .demo:
      return play(
        EventLogReader(bytes: Array(DemoApp.script.utf8)), file: "<demo script>", identity: nil,
        options: options, output: &output,
        errors: &errors)
    case .replay(let path):
      let input: InputFile
      do {
        input = try InputFile(path: path, inputWasClosed: standard.inputWasClosed)
      } catch {
        print("\(path == "-" ? "<stdin>" : path): error: \(error.description)", to: &errors)
        return ioFailure
      }
      defer { input.close() }
      let reader = EventLogReader { buffer in try input.read(into: buffer) }
      return play(
        reader, file: input.name, identity: input.identity, options: options, output: &output,
        errors: &errors)
    }
  }

  /// Lists both vocabularies, each under its name: selector, arity, fold,
  /// the iOS release that introduced it, domain and deprecation.
  private static func listSelectors(
    domain: String?, output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    let vocabularies = [Vocabulary.applicationDelegate, .sceneDelegate]
    let all = vocabularies.flatMap(\.entries)
    func squash(_ text: String) -> String { text.lowercased().filter { $0.isLetter } }
    var match: Domain?
    if let domain {
      var domains: [Domain] = []
      for entry in all where !domains.contains(entry.domain) { domains.append(entry.domain) }
      match = domains.first { squash($0.name) == squash(domain) }
      guard match != nil else {
        let known = domains.map(\.name).joined(separator: ", ")
        print("error: unknown domain '\(domain)'; the domains are: \(known)", to: &errors)
        return 2
      }
    }
    let shown = all.filter { match == nil || $0.domain == match }
    let width = max(44, shown.map(\.selector.count).max() ?? 0) + 2
    let foldWidth = shown.map(\.fold.description.count).max() ?? 0
    var first = true
    for vocabulary in vocabularies {
      let entries = vocabulary.entries.filter { match == nil || $0.domain == match }
      guard !entries.isEmpty else { continue }
      print((first ? "" : "\n") + "\(vocabulary.name): \(entries.count) selectors", to: &output)
      first = false
      print(
        "selector".padded(to: width) + "arity".padded(to: 6) + "fold".padded(to: foldWidth + 2)
          + "iOS".padded(to: 6) + "domain",
        to: &output)
      for entry in entries {
        var line =
          entry.selector.padded(to: width) + String(entry.arity).padded(to: 6)
          + entry.fold.description.padded(to: foldWidth + 2)
          + (entry.availability?.introduced ?? "").padded(to: 6) + entry.domain.name
        if let replacement = entry.replacement {
          let release = entry.availability?.deprecated.map { " in iOS \($0)" } ?? ""
          line += "  (deprecated\(release): use \(replacement))"
        }
        print(line, to: &output)
      }
    }
    return 0
  }

  /// Registers the services, then dispatches each line as the reader
  /// returns it, printing its trace and flushing before reading the next.
  private static func play(
    _ reader: EventLogReader, file: String, identity: FileIdentity?, options: Options,
    output: inout FileOutput, errors: inout FileOutput
  ) -> Int32 {
    var reader = reader
    let injector: EventInjector
    do {
      injector = EventInjector(vocabulary: try DemoApp.vocabulary())
    } catch {
      print("error: \(error)", to: &errors)
      return 1
    }
    do {
      if let path = options.manifest {
        let manifest = try Manifest(contentsOf: URL(fileURLWithPath: path))
        try injector.dispatcher.register(manifest, catalog: DemoApp.catalog)
      } else {
        try injector.dispatcher.register(contentsOf: DemoApp.services)
      }
    } catch let error as ManifestError {
      print("\(options.manifest ?? "manifest"): error: \(error)", to: &errors)
      if case .unreadableFile = error { return ioFailure }
      return failure
    } catch {
      print("error: \(error)", to: &errors)
      return failure
    }
    var recording: Recording?
    if let path = options.record {
      var protected: [(FileIdentity, String)] = []
      if let identity { protected.append((identity, "the event log being replayed")) }
      if let manifest = options.manifest, let identity = FileIdentity(path: manifest) {
        protected.append((identity, "the manifest"))
      }
      do {
        recording = try Recording(path: path, standardOutput: output, protected: protected)
        for leftover in recording?.removedLeftovers ?? [] {
          print(
            "\(leftover): note: removed; a recording to \(path) left it when killed", to: &errors)
        }
      } catch {
        print("\(path): error: refusing to record here: \(error.description)", to: &errors)
        return ioFailure
      }
    }
    // With `--record -` standard output carries the recording alone.
    let traces = recording?.isStandardOutput != true
    if traces && !options.json { print(introduction(file: file, options: options), to: &output) }
    var profile = Profile()
    var failed = false
    var status: Int32 = 0
    while true {
      let next: Result<EventScript.Event, EventScript.Problem>?
      do {
        next = try reader.next()
      } catch {
        print("\(file): error: \(error)", to: &errors)
        status = ioFailure
        break
      }
      guard let line = next else { break }
      switch line.flatMap(injector.inject) {
      case .failure(let problem):
        print("\(file):\(problem)", to: &errors)
        failed = true
      case .success(let trace):
        profile.add(trace.calls)
        recording?.output.bytes(
          EventScript.line(selector: trace.selector, params: trace.params).utf8)
        recording?.output.bytes(CollectionOfOne(UInt8(ascii: "\n")))
        if traces {
          let completion = injector.vocabulary[selector: trace.selector]?.completion
          print(
            options.json
              ? trace.json().jsonText
              : "\n" + trace.readable(completionKind: completion),
            to: &output)
        }
        if case .failure(let error) = trace.result {
          print("\(file):\(trace.line ?? 0):1: error: \(error)", to: &errors)
          failed = true
        }
      }
      // The trace has this event's diagnostics; keep memory flat on long logs.
      injector.diagnostics.removeAll()
      // Flush each event before reading the next, so a reader of a pipe sees
      // it at once; stop at the first write that fails.
      // The recording first: whoever sees the trace can rely on it.
      recording?.flush()
      output.flush()
      errors.flush()
      if output.failure != nil || errors.failure != nil || recording?.output.failure != nil {
        status = ioFailure
        break
      }
      if failed && options.strict { break }
    }
    if traces && !options.json && status == 0 {
      print("\nProfile: time each service spent in its handlers\n" + profile.table, to: &output)
    }
    if var finished = recording {
      if status == 0 || finished.output.failure != nil {
        if let problem = finished.finish() {
          print("\(finished.name): error: \(problem)", to: &errors)
          status = ioFailure
        }
      } else {
        finished.abandon()
      }
    }
    return status != 0 ? status : failed ? failure : 0
  }

  private static func introduction(file: String, options: Options) -> String {
    let source =
      options.manifest.map { "the services of \($0.escapedForDisplay)" }
      ?? "the demo app's \(DemoApp.services.count) services"
    return """
      Dispatching the events of \(file.escapedForDisplay) to \(source) as they are read, as UIKit
      would call the app's delegates.

      """ + Transcript.legend
        + (options.manifest == nil
          ? """


          Where no answer is returned (fold broadcast), the demo's services answer a note of what
          they did, which the trace shows and the fold drops.
          """ : "")
  }
}

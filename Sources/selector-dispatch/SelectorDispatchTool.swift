import Foundation
import SelectorDispatch
import SelectorDispatchTesting

/// The `selector-dispatch` command: parses the arguments, runs, and maps the
/// outcome to an exit code (0 success, 1 an event or file failed, 2 usage).
@main
enum SelectorDispatchTool {
  static let version = "selector-dispatch 0.1.0"

  static func main() {
    var output = StandardStream(FileHandle.standardOutput)
    var errors = StandardStream(FileHandle.standardError)
    let status = run(
      Array(CommandLine.arguments.dropFirst()), output: &output, errors: &errors,
      readInput: { FileHandle.standardInput.readDataToEndOfFile() })
    exit(status)
  }

  /// Runs the command; everything but the process itself is injected.
  static func run(
    _ arguments: [String], output: inout some TextOutputStream,
    errors: inout some TextOutputStream, readInput: () -> Data
  ) -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      print("error: \(error)\n\n\(Options.usage)", to: &errors)
      return 2
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
        Data(DemoApp.script.utf8), file: "<demo script>", options: options, output: &output,
        errors: &errors)
    case .replay(let path):
      let data: Data
      if path == "-" {
        data = readInput()
      } else {
        do {
          data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
          print("\(path): error: cannot read the event log: \(reason(error))", to: &errors)
          return 1
        }
      }
      return play(
        data, file: path == "-" ? "<stdin>" : path, options: options, output: &output,
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

  private static func play(
    _ data: Data, file: String, options: Options, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
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
      return 1
    } catch {
      print("error: \(error)", to: &errors)
      return 1
    }
    var recording: FileHandle?
    if let path = options.record {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else {
        print("\(path): error: cannot create the event log", to: &errors)
        return 1
      }
      recording = handle
    }
    defer { try? recording?.close() }

    let script = EventScript(data)
    if !options.json {
      print(introduction(options: options, events: script.events.count), to: &output)
    }
    var profile = Profile()
    var failed = false
    for line in script.lines {
      let outcome = line.flatMap(injector.inject)
      switch outcome {
      case .failure(let problem):
        print("\(file):\(problem)", to: &errors)
        failed = true
      case .success(let trace):
        profile.add(trace.calls)
        recording?.write(Data((record(trace) + "\n").utf8))
        print(options.json ? trace.json().jsonText : "\n" + trace.readable, to: &output)
        if case .failure(let error) = trace.result {
          print("\(file):\(trace.line ?? 0):1: error: \(error)", to: &errors)
          failed = true
        }
      }
      if failed && options.strict { break }
    }
    if !options.json {
      print("\nProfile: time each service spent in its handlers\n" + profile.table, to: &output)
    }
    return failed ? 1 : 0
  }

  private static func introduction(options: Options, events: Int) -> String {
    let source =
      options.manifest.map { "the services of \($0)" }
      ?? "the demo app's \(DemoApp.services.count) services"
    return """
      Dispatching \(events) events to \(source).
      Each event shows its selector and fold, then every service that handled it, in call
      order (higher priority first), with its answer and time, then the folded result (=).
      null means "no opinion". Completions show the one value the caller's completion got.
      """
  }

  /// The event as a replayable event-log line.
  private static func record(_ trace: Trace) -> String {
    let params = JSONValue(encoding: trace.params)
    return JSONValue.object([
      ("selector", .init(.string(trace.selector), at: 0)), ("params", .init(params, at: 0)),
    ]).jsonText
  }

  private static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}

/// Writes text to a file handle.
struct StandardStream: TextOutputStream {
  let handle: FileHandle
  init(_ handle: FileHandle) { self.handle = handle }
  mutating func write(_ string: String) { handle.write(Data(string.utf8)) }
}

import SelectorDispatchTesting

/// The command line of `selector-dispatch`, parsed by hand from a table
/// (no package can be fetched for argument parsing).
struct Options: Equatable {
  /// What the tool does.
  enum Command: Equatable {
    /// Run the built-in demo app on the built-in event script.
    case demo
    /// Replay an event log (JSON Lines) from a file, or stdin for `-`.
    case replay(path: String)
    /// List the vocabulary.
    case selectors
    /// Print usage.
    case help
    /// Print the version.
    case version
  }

  var command: Command = .demo
  var manifest: String?
  var json = false
  var record: String?
  var strict = false
  var domain: String?

  /// A command-line mistake: printed with the usage, exit code 2.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// One option: its spelling, whether it takes a value, which commands
  /// accept it, and what it sets.
  private struct Spec: Sendable {
    let name: String
    let value: String?
    let commands: Set<String>
    let help: String
    let apply: @Sendable (inout Options, String) -> Void
  }

  private static let runCommands: Set<String> = ["demo", "replay"]

  private static let specs: [Spec] = [
    Spec(
      name: "--manifest", value: "FILE", commands: runCommands,
      help: "build the services from a manifest (JSON or plist) instead of the demo app"
    ) { $0.manifest = $1 },
    Spec(
      name: "--json", value: nil, commands: runCommands,
      help: "print one JSON object per event instead of the readable trace"
    ) { options, _ in options.json = true },
    Spec(
      name: "--record", value: "FILE", commands: runCommands,
      help: "write every dispatched event to FILE as JSON Lines, for replay (- = stdout)"
    ) { $0.record = $1 },
    Spec(
      name: "--strict", value: nil, commands: runCommands,
      help: "stop at the first bad line"
    ) { options, _ in options.strict = true },
    Spec(
      name: "--domain", value: "NAME", commands: ["selectors"],
      help: "only list the selectors of one domain"
    ) { $0.domain = $1 },
  ]

  /// Parses the arguments after the program name.
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` for an unknown command or option, a missing
  ///   value, or an option the command does not take.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var commandName = "demo"
    var rest = arguments[...]
    if let first = rest.first, !first.hasPrefix("-") || first == "-" {
      rest = rest.dropFirst()
      switch first {
      case "demo": break
      case "replay":
        guard let path = rest.first, !path.hasPrefix("-") || path == "-" else {
          throw UsageError(description: "replay needs a FILE (or - for stdin)")
        }
        rest = rest.dropFirst()
        options.command = .replay(path: path)
      case "selectors": options.command = .selectors
      case "help": options.command = .help
      default: throw UsageError(description: "unknown command '\(first)'")
      }
      commandName = first
    }
    while let argument = rest.popFirst() {
      if !argument.hasPrefix("-") || argument == "-" {
        let takes =
          commandName == "replay"
          ? "replay takes one FILE" : "'\(commandName)' takes no other arguments"
        throw UsageError(description: "unexpected argument '\(argument)'; \(takes)")
      }
      switch argument {
      case "--help", "-h":
        options.command = .help
        continue
      case "--version":
        options.command = .version
        continue
      default: break
      }
      let (name, inlineValue) = split(argument)
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw UsageError(description: "unknown option '\(argument)'")
      }
      guard spec.commands.contains(commandName) else {
        throw UsageError(description: "option '\(name)' does not apply to '\(commandName)'")
      }
      var value = ""
      if let placeholder = spec.value {
        if let inlineValue {
          value = inlineValue
        } else if let next = rest.first, !next.hasPrefix("--") {
          value = next
          rest = rest.dropFirst()
        } else {
          throw UsageError(description: "option '\(name)' needs a value \(placeholder)")
        }
        guard !value.isEmpty else {
          throw UsageError(description: "option '\(name)' needs a value \(placeholder), not ''")
        }
      } else if inlineValue != nil {
        throw UsageError(description: "option '\(name)' takes no value")
      }
      spec.apply(&options, value)
    }
    return options
  }

  /// Splits `--name=value` into its parts.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The usage text, generated from the option table.
  static var usage: String {
    var lines = [
      "USAGE: selector-dispatch [demo] [options]       run the demo app on its event script",
      "       selector-dispatch replay FILE [options]  replay a JSON Lines event log (- = stdin)",
      "       selector-dispatch selectors [--domain NAME]  list the app and scene delegates' selectors",
      "       selector-dispatch --help | --version",
      "",
      "OPTIONS:",
    ]
    for spec in specs {
      let flag = spec.name + (spec.value.map { " \($0)" } ?? "")
      lines.append("  " + flag.padded(to: 18) + spec.help)
    }
    lines.append("  " + "--help, -h".padded(to: 18) + "show this help")
    lines.append("  " + "--version".padded(to: 18) + "show the version")
    lines += [
      "",
      "EVENT LOG: one event per line, {\"selector\": \"...\", \"params\": [...]};",
      "blank lines and lines starting with # are ignored. Params are converted to the",
      "types the vocabulary declares (a string for a URL, base64 for Data, a list of URL",
      "strings for URL contexts); a scene event names its scene, such as [\"main\"]. Each line",
      "is dispatched as soon as it is read; a line longer than 16 MiB is reported and skipped.",
      "",
      "RECORD: --record - writes the recording to stdout instead of the trace. A regular",
      "file is replaced when the run ends, keeping its mode and owner; a symbolic link is",
      "followed; a FIFO or device is written in place. The event log and the manifest are",
      "refused.",
      "",
      "EXIT: 0 success, 1 some event or the manifest failed, 2 usage error,",
      "      3 input/output error (cannot read the log or manifest, or write the output,",
      "        the messages or the recording).",
    ]
    return lines.joined(separator: "\n")
  }
}

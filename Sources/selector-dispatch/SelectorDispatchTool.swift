import Foundation

/// The `selector-dispatch` command: parses the arguments, runs, and maps the
/// outcome to an exit code.
@main
enum SelectorDispatchTool {
  static func main() {
    let options: Options
    do {
      options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n\n\(Options.usage)\n".utf8))
      exit(2)
    }
    switch options.command {
    case .help: print(Options.usage)
    case .version: print("selector-dispatch 0.1.0")
    default: print("not yet")
    }
  }
}

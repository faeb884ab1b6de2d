import Foundation

/// Runs the built `selector-dispatch` through a shell script, so a test can
/// close descriptors, redirect to devices or build pipelines. The script
/// finds the tool in `$TOOL` and a scratch directory in `$DIR`, which is
/// removed afterwards.
struct ToolProcess {
  struct Outcome {
    /// The exit status, or the signal that ended the process.
    let status: Int32
    let reason: Process.TerminationReason
    let stdout: String
    let stderr: String
    /// The scratch directory's files, read before it was removed.
    let files: [String: Data]
  }

  /// Runs `script` with `/bin/sh` (or `bash` for `<(...)`).
  ///
  /// - Parameters:
  ///   - script: The script; `"$TOOL"` is the tool.
  ///   - files: Files to create in `$DIR` first.
  ///   - shell: The shell.
  ///   - stdout: Where standard output goes; a temporary file by default.
  ///   - setUp: Runs on the scratch directory before the script.
  /// - Returns: The status, the output, and the scratch directory's regular
  ///   files.
  /// - Throws: When the scratch directory or the process cannot be set up.
  static func run(
    _ script: String, files: [String: Data] = [:], shell: String = "/bin/sh",
    stdout: Pipe? = nil, setUp: (URL) throws -> Void = { _ in }
  ) throws -> Outcome {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("selector-dispatch-faults-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, contents) in files {
      try contents.write(to: directory.appendingPathComponent(name))
    }
    try setUp(directory)
    let out = directory.appendingPathComponent(".stdout")
    let err = directory.appendingPathComponent(".stderr")
    try Data().write(to: out)
    try Data().write(to: err)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = ["-c", script]
    var environment = ProcessInfo.processInfo.environment
    environment["TOOL"] = SelectorDispatchToolTests.executable.path
    environment["DIR"] = directory.path
    process.environment = environment
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try stdout ?? FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where !name.hasPrefix(".") {
      let path = directory.appendingPathComponent(name).path
      // Never open a FIFO here: reading one with no writer blocks.
      let type = try FileManager.default.attributesOfItem(atPath: path)[.type]
      if type as? FileAttributeType == .typeRegular {
        contents[name] = FileManager.default.contents(atPath: path)
      }
    }
    return Outcome(
      status: process.terminationStatus, reason: process.terminationReason,
      stdout: try String(contentsOf: out, encoding: .utf8),
      stderr: try String(contentsOf: err, encoding: .utf8), files: contents)
  }
}

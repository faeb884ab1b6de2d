import Foundation
import SelectorDispatch
import Testing

@Suite struct ManifestTests {
  typealias Entry = Manifest.Entry
  typealias Position = Manifest.Position

  static let seedPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
      <string>AppModulePush</string>
      <string>MyApp.AppModuleShare</string>
    </array>
    </plist>
    """

  static let richPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>services</key>
      <array>
        <dict>
          <key>name</key><string>PushService</string>
          <key>priority</key><integer>10</integer>
          <key>enabled</key><true/>
        </dict>
        <dict>
          <key>name</key><string>LogService</string>
          <key>enabled</key><false/>
        </dict>
      </array>
    </dict>
    </plist>
    """

  static let richJSON = """
    {"services": [
      {"name": "PushService", "priority": 10, "enabled": true},
      {"name": "LogService", "enabled": false},
      "Analytics"
    ]}
    """

  @Test func moduleManagerPlistOfClassNames() throws {
    let manifest = try Manifest.parse(Data(Self.seedPlist.utf8))
    #expect(
      manifest.entries == [Entry(name: "AppModulePush"), Entry(name: "MyApp.AppModuleShare")])
  }

  @Test func richPlistDictionary() throws {
    let manifest = try Manifest.parse(Data(Self.richPlist.utf8))
    #expect(
      manifest.entries == [
        Entry(name: "PushService", priority: 10, isEnabled: true),
        Entry(name: "LogService", priority: nil, isEnabled: false),
      ])
  }

  @Test func binaryPlist() throws {
    let object: [String: Any] = ["services": [["name": "PushService", "priority": -3]]]
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    #expect(try Manifest.parse(data).entries == [Entry(name: "PushService", priority: -3)])
  }

  @Test func binaryPlistWithEveryKindOfValue() throws {
    let object: [String: Any] = [
      "services": [
        ["name": "Bé😀", "priority": Int(Int32.max) + 1, "enabled": false],
        "Plain",
        ["name": String(repeating: "Long", count: 10), "priority": 0],
      ]
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    #expect(
      try Manifest.parse(data).entries == [
        Entry(name: "Bé😀", priority: Int(Int32.max) + 1, isEnabled: false),
        Entry(name: "Plain"),
        Entry(name: String(repeating: "Long", count: 10), priority: 0),
      ])
    let odd: [String: Any] = ["services": [["name": "A", "priority": Data([1])]]]
    let oddData = try PropertyListSerialization.data(
      fromPropertyList: odd, format: .binary, options: 0)
    #expect(
      throws: ManifestError.invalidEntry(
        index: 0, name: "A", field: "priority", position: nil, expected: "an integer",
        actual: "data")
    ) { try Manifest.parse(oddData) }
  }

  /// A binary plist from raw objects: 1-byte references, 2-byte offsets.
  static func bplist(_ objects: [[UInt8]], top: UInt8 = 0) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, 1]
    for value in [objects.count, Int(top), table] {
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    return Data(bytes)
  }

  @Test func binaryPlistCyclesAndSharedObjectsAreRefused() {
    // An array that contains itself.
    let cycle = Self.bplist([[0xA1, 0]])
    #expect(throws: ManifestError.self) { try Manifest.parse(cycle) }
    // 31 arrays, each holding the next one twice: 2^31 values if expanded.
    var objects: [[UInt8]] = (0..<31).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x51, UInt8(ascii: "A")])
    let error = try? #require(throws: ManifestError.self) {
      try Manifest.parse(Self.bplist(objects))
    }
    #expect(error?.description.contains("more values than the file has bytes") == true)
    // References, offsets and counts that point outside the file.
    for bad in [
      Self.bplist([[0xA1, 9]]), Self.bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF]]),
      Self.bplist([[0x51]], top: 3), Data("bplist00".utf8), Data("bplist17xxxxxxxx".utf8),
    ] {
      #expect(throws: ManifestError.self) { try Manifest.parse(bad) }
    }
  }

  @Test func richJSONWithPositions() throws {
    let manifest = try Manifest.parse(Data(Self.richJSON.utf8))
    #expect(
      manifest.entries == [
        Entry(name: "PushService", priority: 10, position: Position(line: 2, column: 3)),
        Entry(name: "LogService", isEnabled: false, position: Position(line: 3, column: 3)),
        Entry(name: "Analytics", position: Position(line: 4, column: 3)),
      ])
  }

  @Test func jsonArrayOfNamesWithByteOrderMarkAndEscapes() throws {
    let data = Data([0xEF, 0xBB, 0xBF] + Array(#" ["A", "B\u00e9\ud83d\ude00\n"]"#.utf8))
    let names = try Manifest.parse(data).entries.map(\.name)
    #expect(names == ["A", "Bé😀\n"])
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let input: String
    let error: ManifestError
    var testDescription: String { input }
  }

  static func json(_ line: Int, _ column: Int, _ reason: String) -> ManifestError {
    .malformed(format: "JSON", position: Position(line: line, column: column), reason: reason)
  }

  @Test(arguments: [
    Bad(
      input: "[\"A\",\n 1]",
      error: .invalidEntry(
        index: 1, name: nil, field: nil, position: Position(line: 2, column: 2),
        expected: "a service name or a dictionary with a `name`", actual: "a number (1)")),
    Bad(
      input: #"{"services": [{"priority": 1}]}"#,
      error: .invalidEntry(
        index: 0, name: nil, field: "name", position: Position(line: 1, column: 15),
        expected: "a string", actual: "missing")),
    Bad(
      input: #"{"services": [{"name": 7}]}"#,
      error: .invalidEntry(
        index: 0, name: nil, field: "name", position: Position(line: 1, column: 24),
        expected: "a string", actual: "a number (7)")),
    Bad(
      input: #"["A", ""]"#,
      error: .invalidEntry(
        index: 1, name: nil, field: "name", position: Position(line: 1, column: 7),
        expected: "a non-empty string", actual: "empty")),
    Bad(
      input: #"[{"name": "A", "priority": "high"}]"#,
      error: .invalidEntry(
        index: 0, name: "A", field: "priority", position: Position(line: 1, column: 28),
        expected: "an integer", actual: "a string (\"high\")")),
    Bad(
      input: #"[{"name": "A", "priority": 99999999999999999999}]"#,
      error: .invalidEntry(
        index: 0, name: "A", field: "priority", position: Position(line: 1, column: 28),
        expected: "an integer from -9223372036854775808 to 9223372036854775807",
        actual: "a number (99999999999999999999), which is out of range")),
    Bad(
      input: #"[{"name": "A", "priority": -99999999999999999999}]"#,
      error: .invalidEntry(
        index: 0, name: "A", field: "priority", position: Position(line: 1, column: 28),
        expected: "an integer from -9223372036854775808 to 9223372036854775807",
        actual: "a number (-99999999999999999999), which is out of range")),
    Bad(
      input: #"[{"name": "A", "priority": 1.5}]"#,
      error: .invalidEntry(
        index: 0, name: "A", field: "priority", position: Position(line: 1, column: 28),
        expected: "an integer", actual: "a number (1.5)")),
    Bad(
      input: #"[{"name": "A", "priority": 1.5}]"#,
      error: .invalidEntry(
        index: 0, name: "A", field: "priority", position: Position(line: 1, column: 28),
        expected: "an integer", actual: "a number (1.5)")),
    Bad(
      input: #"[{"name": "A", "enabled": 1}]"#,
      error: .invalidEntry(
        index: 0, name: "A", field: "enabled", position: Position(line: 1, column: 27),
        expected: "true or false", actual: "a number (1)")),
    Bad(
      input: #"[{"name": "A", "priorty": 1}]"#,
      error: .unknownKey(
        index: 0, name: "A", key: "priorty", position: Position(line: 1, column: 27),
        suggestion: "priority")),
    Bad(
      input: #"{"service": []}"#,
      error: .unknownKey(
        index: nil, name: nil, key: "service", position: Position(line: 1, column: 13),
        suggestion: "services")),
    Bad(
      input: #"{}"#,
      error: .unexpectedShape(
        path: "the manifest", position: Position(line: 1, column: 1),
        expected: "a dictionary with a `services` array", actual: "a dictionary without one")),
    Bad(
      input: #"{"services": "A"}"#,
      error: .unexpectedShape(
        path: "`services`", position: Position(line: 1, column: 14), expected: "an array",
        actual: "a string (\"A\")")),
    Bad(
      input: "[\"A\",\n \"B\",\n \"A\"]",
      error: .duplicateEntry(
        index: 2, name: "A", position: Position(line: 3, column: 2), firstIndex: 0)),
    Bad(
      input: "[\"A\",\n \"B\" \"C\"]",
      error: json(2, 6, "unexpected '\"' in array; expected ',' or ']'")),
    Bad(
      input: #"{"services": [], "services": []}"#,
      error: json(1, 18, "the key \"services\" appears twice")),
    Bad(
      input: #"{"s\"": [], "s\"": []}"#,
      error: json(1, 13, "the key \"s\"\" appears twice")),
    Bad(
      input: "[\"A\"] x",
      error: json(1, 7, "unexpected 'x' after the JSON value; expected the end of the input")),
    Bad(input: "[\"A", error: json(1, 2, "unterminated string; expected a closing '\"'")),
    Bad(input: "[tru]", error: json(1, 2, "invalid literal; expected 'true'")),
    Bad(input: "[01]", error: json(1, 2, "numbers cannot have leading zeros")),
    Bad(
      input: #"["\ud800"]"#,
      error: json(
        1, 9, "unpaired surrogate \\uD800")),
    Bad(
      input: String(repeating: "[", count: 40),
      error: json(
        1, 33, "JSON nested more than 32 levels deep")),
    Bad(
      input: "<plist><string>PushService</string></plist>",
      error: .unexpectedShape(
        path: "the manifest", position: nil,
        expected: "an array of service names or a dictionary with a `services` array",
        actual: "a string (\"PushService\")")),
    Bad(
      input: "just words",
      error: .malformed(
        format: "property list", position: nil,
        reason: "this is not JSON, an XML property list or a binary property list; OpenStep "
          + "(old-style text) property lists are not supported: convert one with "
          + "`plutil -convert xml1 FILE`")),
    Bad(
      input: "",
      error: .malformed(
        format: "property list", position: nil, reason: "the file is empty")),
  ])
  func malformedManifestsAreClearErrors(_ test: Bad) {
    #expect(throws: test.error) { try Manifest.parse(Data(test.input.utf8)) }
  }

  /// Property lists are parsed by Foundation, whose reasons are its own
  /// text and differ between platforms: check the error's kind and where
  /// it points, not its wording.
  @Test(arguments: ["<plist><array><string>A</strin></array></plist>"])
  func malformedPropertyListsNameTheLine(_ input: String) {
    let error = #expect(throws: ManifestError.self) { try Manifest.parse(Data(input.utf8)) }
    guard case .malformed(let format, let position, let reason) = error else {
      Issue.record("expected a malformed property list, got \(String(describing: error))")
      return
    }
    #expect(format == "property list")
    #expect(position == Position(line: 1))
    #expect(!reason.isEmpty)
  }

  @Test func invalidUTF8InAStringIsAnError() {
    let data = Data(Array(#"[""#.utf8) + [0xFF, 0xFE] + Array(#""]"#.utf8))
    #expect(throws: Self.json(1, 3, "invalid UTF-8 (byte 0xFF)")) {
      try Manifest.parse(data)
    }
  }

  @Test func deepAndHugeInputsAreRefusedWithoutCrashing() throws {
    for opener in ["[", "{\"a\":", "<array>"] {
      let deep = Data(String(repeating: opener, count: 200_000).utf8)
      #expect(throws: ManifestError.self) { try Manifest.parse(deep) }
    }
    let huge = Data(count: Manifest.maximumSize + 1)
    let limit = Manifest.maximumSize
    #expect(throws: ManifestError.tooLarge(bytes: limit + 1, limit: limit)) {
      try Manifest.parse(huge)
    }
    let many = "[" + (0..<20_000).map { "\"S\($0)\"" }.joined(separator: ",") + "]"
    #expect(try Manifest.parse(Data(many.utf8)).entries.count == 20_000)
  }

  @Test func aMissingFileNamesThePath() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-such-manifest-\(UUID().uuidString).plist")
    #expect(throws: ManifestError.unreadableFile(path: url.path, reason: "no such file")) {
      try Manifest(contentsOf: url)
    }
  }

  @Test func aDirectoryIsNotAManifest() {
    let url = FileManager.default.temporaryDirectory
    #expect(
      throws: ManifestError.unreadableFile(path: url.path, reason: "it is a directory, not a file")
    ) {
      try Manifest(contentsOf: url)
    }
  }

  @Test func readsAFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("manifest-\(UUID().uuidString).json")
    try Data(Self.richJSON.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try Manifest(contentsOf: url) == Manifest.parse(Data(Self.richJSON.utf8)))
  }

  /// A deterministic generator (SplitMix64), so a failure reproduces.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test func mutatedManifestsParseOrThrowButNeverCrash() {
    var random = SplitMix(state: 2026)
    var seeds = [Self.richJSON, Self.richPlist, Self.seedPlist].map { Array($0.utf8) }
    let binary: [String: Any] = [
      "services": [["name": "Push", "priority": -2, "enabled": true], "Log", ["name": "é"]]
    ]
    if let data = try? PropertyListSerialization.data(
      fromPropertyList: binary, format: .binary, options: 0)
    {
      seeds.append([UInt8](data))
    }
    let alphabet = Array(#"{}[]",:\u0 1-e.tfn<>/ plistarraydict"#.utf8) + [0x00, 0xFF, 0x0A]
    var parsed = 0
    var refused = 0
    for round in 0..<2_000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where seeds.count > 3 && round % seeds.count == 3:
          bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 0: bytes[at] = alphabet.randomElement(using: &random) ?? 0
        case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: at)
        default: bytes.remove(at: at)
        }
      }
      do {
        let manifest = try Manifest.parse(Data(bytes))
        parsed += 1
        // What a parse promises: unique, non-empty names, and the same
        // manifest from the same bytes.
        let names = manifest.entries.map(\.name)
        #expect(Set(names).count == names.count, "duplicate names in round \(round)")
        #expect(!names.contains(""), "an empty name in round \(round)")
        #expect(try Manifest.parse(Data(bytes)) == manifest)
      } catch {
        refused += 1
        let manifestError = error as? ManifestError
        #expect(manifestError != nil, "not a ManifestError: \(error)")
        #expect(manifestError?.description.isEmpty == false)
      }
    }
    // Both outcomes occur, or the mutations test only one path.
    #expect(parsed > 0)
    #expect(refused > 0)
  }
}

extension ManifestTests {
  @Test func anEndlessDeviceIsTooLargeNotAnEndlessRead() throws {
    guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }
    #expect(
      throws: ManifestError.tooLarge(bytes: Manifest.maximumSize + 1, limit: Manifest.maximumSize)
    ) {
      try Manifest(contentsOf: URL(fileURLWithPath: "/dev/zero"))
    }
  }
}

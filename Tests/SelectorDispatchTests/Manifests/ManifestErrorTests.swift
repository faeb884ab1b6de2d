import SelectorDispatch
import Testing

@Suite struct ManifestErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let error: ManifestError
    let message: String
    var testDescription: String { message }
  }

  static let at = Manifest.Position(line: 3, column: 7)

  @Test(arguments: [
    Case(
      error: .unreadableFile(path: "/app/Modules.plist", reason: "no such file"),
      message: "cannot read the manifest at /app/Modules.plist: no such file"),
    Case(
      error: .tooLarge(bytes: 20, limit: 10),
      message: "the manifest is 20 bytes; manifests larger than 10 bytes are refused"),
    Case(
      error: .malformed(format: "JSON", position: at, reason: "unexpected 'x'; expected a value"),
      message: "the JSON manifest is malformed at line 3, column 7: "
        + "unexpected 'x'; expected a value"),
    Case(
      error: .malformed(
        format: "property list", position: Manifest.Position(line: 2), reason: "bad tag"),
      message: "the property list manifest is malformed at line 2: bad tag"),
    Case(
      error: .unexpectedShape(
        path: "`services`", position: nil, expected: "an array", actual: "a string (\"A\")"),
      message: "`services` must be an array, but it is a string (\"A\")"),
    Case(
      error: .invalidEntry(
        index: 2, name: "Push", field: "priority", position: at, expected: "an integer",
        actual: "a string (\"high\")"),
      message: "`priority` of entry 2 (\"Push\") at line 3, column 7 must be an integer, "
        + "but it is a string (\"high\")"),
    Case(
      error: .invalidEntry(
        index: 0, name: nil, field: nil, position: nil,
        expected: "a service name or a dictionary with a `name`", actual: "a number (1)"),
      message: "entry 0 must be a service name or a dictionary with a `name`, "
        + "but it is a number (1)"),
    Case(
      error: .unknownKey(
        index: 1, name: "Push", key: "priorty", position: nil, suggestion: "priority"),
      message: "entry 1 (\"Push\") has an unknown key `priorty`; did you mean `priority`?"),
    Case(
      error: .unknownKey(index: nil, name: nil, key: "x", position: at, suggestion: nil),
      message: "the manifest at line 3, column 7 has an unknown key `x`"),
    Case(
      error: .duplicateEntry(index: 4, name: "Push", position: nil, firstIndex: 1),
      message: "entry 4 (\"Push\") repeats entry 1; list each service once"),
    Case(
      error: .unknownService(index: 0, name: "Pusj", position: nil, suggestion: "Push"),
      message: "entry 0 (\"Pusj\") names no known service: it is not in the catalog, and no "
        + "class of that name was found or class lookup is off "
        + "(ServiceCatalog.allowsReflection); classes need their module, as in "
        + "MyApp.PushService; did you mean \"Push\"?"),
    Case(
      error: .unknownService(index: 1, name: "push-service", position: nil, suggestion: nil),
      message: "entry 1 (\"push-service\") names no known service: it is not in the catalog, "
        + "and it is not a class name (identifiers separated by dots), so no class was "
        + "looked up"),
    Case(
      error: .notAService(
        index: 1, name: "Foundation.FileHandle", position: nil, type: "Foundation.FileHandle"),
      message: "entry 1 (\"Foundation.FileHandle\") names Foundation.FileHandle, which is not a "
        + "LoadableService; it was not created"),
    Case(
      error: .registrationFailed(
        index: 4, name: "Push", position: nil, reason: .duplicateService(name: "Push")),
      message: "entry 4 (\"Push\") could not be registered: a service named \"Push\" is already "
        + "registered; unregister it first or choose another name"),
  ])
  func descriptionsAreSentences(_ test: Case) {
    #expect(test.error.description == test.message)
  }
}

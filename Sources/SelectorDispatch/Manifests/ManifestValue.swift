/// A parsed manifest value with the position it began at, when known: the
/// common form JSON and property lists are read into before their shape is
/// checked.
struct ManifestValue {
  enum Kind {
    case string(String)
    /// The number's text as written (JSON) or printed (property list).
    case number(String)
    case bool(Bool)
    case null
    case array([ManifestValue])
    /// Members in file order (JSON) or sorted by key (property list).
    case object([Member])
    /// A property-list value of a kind manifests never use, such as data.
    case other(String)
  }

  /// One key and value of a dictionary.
  struct Member {
    let key: String
    let value: ManifestValue
  }

  let kind: Kind
  let position: Manifest.Position?

  /// What the value is, for error messages: `a string ("ten")`, `an array`.
  var summary: String {
    switch kind {
    case .string(let text):
      return "a string (\"\(Self.shorten(text))\")"
    case .number(let text):
      return "a number (\(Self.shorten(text)))"
    case .bool(let value): return value ? "true" : "false"
    case .null: return "null"
    case .array: return "an array"
    case .object: return "a dictionary"
    case .other(let kind): return kind
    }
  }

  private static func shorten(_ text: String) -> String {
    guard text.utf8.count > 40 else { return text }
    return String(decoding: text.utf8.prefix(40), as: UTF8.self) + "…"
  }
}

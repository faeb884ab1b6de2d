/// Finds the known selector nearest to a mistyped one, for "did you mean"
/// messages.
enum Suggestion {
  /// Longer inputs get no suggestion, so an error on a huge string stays cheap.
  static let maximumLength = 256

  /// Returns the candidate with the smallest edit distance to `text`, if it
  /// is close enough to be a plausible typo.
  ///
  /// Distance is the optimal-string-alignment distance over ASCII-lowercased
  /// UTF-8 bytes: insertions, deletions, substitutions and swaps of
  /// neighbours each cost 1. "Close enough" is at most a quarter of the
  /// length, between 1 and 4 edits. Ties go to the alphabetically first.
  static func nearest(to text: String, among candidates: [String]) -> String? {
    let target = lowered(text)
    guard target.count <= maximumLength else { return nil }
    let limit = min(4, max(1, target.count / 4))
    var best: (distance: Int, text: String)?
    for candidate in candidates.sorted() {
      let bytes = lowered(candidate)
      guard abs(bytes.count - target.count) <= limit else { continue }
      let distance = Self.distance(target, bytes)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (distance, candidate)
      }
    }
    return best?.text
  }

  private static func lowered(_ text: String) -> [UInt8] {
    text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  /// Optimal string alignment distance, O(*m* × *n*).
  static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}

/// Finds the known selector nearest to a mistyped one, for "did you mean"
/// messages.
///
/// The search is bounded, so an unknown dispatch stays cheap however many
/// selectors are known: a candidate whose length differs by more than the
/// allowed edits is skipped without reading it (an edit changes the length
/// by at most one); the distance skips the bytes both texts share at their
/// start and end, refuses a candidate whose byte counts differ too much, and
/// computes only a diagonal band of its matrix, stopping as soon as the band
/// exceeds the allowed edits; and the whole search stops after
/// `workLimit` steps.
enum Suggestion {
  /// Longer inputs get no suggestion, so an error on a huge string stays cheap.
  static let maximumLength = 256

  /// The most byte comparisons and matrix cells one search may spend, about
  /// ten milliseconds in a release build (measured at 1.4 ns a step):
  /// 10,000 candidates of 250 bytes that share most of their bytes take
  /// about half of it. Past it the search returns the best candidate found
  /// so far, which then depends on the candidates' order.
  static let workLimit = 8_000_000

  /// The most edits a suggestion may be away from a text of `length` bytes:
  /// a quarter of the length, between 1 and 4.
  static func editLimit(forLength length: Int) -> Int {
    min(4, max(1, length / 4))
  }

  /// The UTF-8 lengths a candidate must have to be suggested for `text`, or
  /// `nil` when `text` is too long to get a suggestion: callers can skip
  /// the other candidates before gathering them.
  static func candidateLengths(for text: String) -> ClosedRange<Int>? {
    let length = text.utf8.count
    guard length <= maximumLength else { return nil }
    let limit = editLimit(forLength: length)
    return max(0, length - limit)...(length + limit)
  }

  /// Returns the candidate with the smallest edit distance to `text`, if it
  /// is close enough to be a plausible typo.
  ///
  /// Distance is the optimal-string-alignment distance over ASCII-lowercased
  /// UTF-8 bytes: insertions, deletions, substitutions and swaps of
  /// neighbours each cost 1. "Close enough" is `editLimit(forLength:)`.
  /// Ties go to the alphabetically first.
  ///
  /// - Complexity: O(*n* + *w*), where *n* is the number of candidates and
  ///   *w*, the work on candidates of a fitting length, is at most
  ///   `workLimit`.
  static func nearest(to text: String, among candidates: [String]) -> String? {
    search(for: text, among: candidates).suggestion
  }

  /// `nearest(to:among:)`, and the work it spent: at most `workLimit`
  /// plus what one candidate costs.
  static func search(for text: String, among candidates: [String]) -> (
    suggestion: String?, work: Int
  ) {
    let target = text.utf8.map(lowercased)
    guard target.count <= maximumLength else { return (nil, 0) }
    // The most edits a candidate may be away: the limit, then the best
    // distance so far (a tie may still win alphabetically).
    var threshold = editLimit(forLength: target.count)
    var best: (distance: Int, text: String)?
    var work = 0
    var scratch = Scratch(width: target.count + threshold)
    target.withUnsafeBufferPointer { target in
      for candidate in candidates {
        if work >= workLimit { break }
        guard abs(candidate.utf8.count - target.count) <= threshold else { continue }
        let measured =
          candidate.utf8.withContiguousStorageIfAvailable { bytes in
            distance(target, bytes, atMost: threshold, work: &work, scratch: &scratch)
          }
          ?? Array(candidate.utf8).withUnsafeBufferPointer { bytes in
            distance(target, bytes, atMost: threshold, work: &work, scratch: &scratch)
          }
        guard let distance = measured else { continue }
        if let best, (best.distance, best.text) <= (distance, candidate) { continue }
        best = (distance, candidate)
        threshold = distance
      }
    }
    return (best?.text, work)
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (65...90).contains(byte) ? byte + 32 : byte
  }

  /// The optimal-string-alignment distance between `a` and `b`, where `b`
  /// is lowercased as it is read and `a` already is.
  static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var work = 0
    // Never `nil`: no two texts are more edits apart than the longer's length.
    return distance(a, b, atMost: max(a.count, b.count), work: &work) ?? max(a.count, b.count)
  }

  /// `distance(_:_:atMost:work:scratch:)` for arrays, with its own scratch.
  static func distance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int, work: inout Int) -> Int? {
    var scratch = Scratch(width: b.count)
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        distance(a, b, atMost: limit, work: &work, scratch: &scratch)
      }
    }
  }

  /// The optimal-string-alignment distance between `a` and `b` (lowercased
  /// as it is read), or `nil` when it is more than `limit`.
  ///
  /// The bytes both share at the start and at the end do not change the
  /// distance and are skipped. What remains is refused at once when its
  /// byte counts differ too much (one edit changes them by at most two),
  /// and otherwise measured on the classic matrix restricted to the cells
  /// at most `limit` off its diagonal, since a path through any other cell
  /// costs more than `limit`. `work` grows by the bytes and cells read.
  ///
  /// - Complexity: O(*m* × `limit`), where *m* is the length of `a`.
  static func distance(
    _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, atMost limit: Int,
    work: inout Int, scratch: inout Scratch
  ) -> Int? {
    var start = 0
    var aEnd = a.count
    var bEnd = b.count
    while start < aEnd, start < bEnd, a[start] == lowercased(b[start]) { start += 1 }
    while start < aEnd, start < bEnd, a[aEnd - 1] == lowercased(b[bEnd - 1]) {
      aEnd -= 1
      bEnd -= 1
    }
    work += a.count - aEnd + start + 1
    let m = aEnd - start
    let n = bEnd - start
    guard abs(m - n) <= limit else { return nil }
    if m == 0 || n == 0 { return max(m, n) }
    let a = UnsafeBufferPointer(rebasing: a[start..<aEnd])
    let b = UnsafeBufferPointer(rebasing: b[start..<bEnd])
    work += m + n
    guard (scratch.countDifference(a, b) + 1) / 2 <= limit else { return nil }
    return scratch.bandDistance(a, b, atMost: limit, work: &work)
  }

  /// Memory one search reuses from one candidate to the next: three rows of
  /// the distance matrix and a count per byte value.
  struct Scratch {
    private var rows: [Int]
    private var stride: Int
    /// Counts stay below 2³¹: texts are at most a few hundred bytes.
    private var counts = [Int32](repeating: 0, count: 256)

    init(width: Int) {
      stride = width + 1
      rows = Array(repeating: 0, count: 3 * stride)
    }

    /// How many bytes `a` has that `b` (lowercased) lacks, plus the
    /// reverse: the L1 distance between their byte counts.
    mutating func countDifference(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
      -> Int
    {
      counts.withUnsafeMutableBufferPointer { counts in
        for byte in a { counts[Int(byte)] &+= 1 }
        for byte in b { counts[Int(lowercased(byte))] &-= 1 }
        // A straight pass over the 256 counts, then clear them for the
        // next call: cheaper than visiting the bytes again.
        var difference: Int32 = 0
        for value in counts { difference &+= value < 0 ? 0 &- value : value }
        counts.update(repeating: 0)
        return Int(difference)
      }
    }

    /// The distance over the cells at most `limit` off the diagonal, or
    /// `nil` when it is more than `limit`; stops at the first row (and the
    /// one before it) whose cells all exceed `limit`.
    mutating func bandDistance(
      _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, atMost limit: Int,
      work: inout Int
    ) -> Int? {
      let m = a.count
      let n = b.count
      if n + 1 > stride {
        stride = n + 1
        rows = Array(repeating: 0, count: 3 * stride)
      }
      let far = limit + 1
      return rows.withUnsafeMutableBufferPointer { rows in
        // The row before the previous one, the previous one and the current one.
        guard let base = rows.baseAddress else { return nil }
        var before = base
        var previous = base + stride
        var current = base + 2 * stride
        // Row 0: the distance from the empty prefix of `a`; cells past
        // the band read as `far`.
        for j in 0...min(n, far) { previous[j] = min(j, far) }
        var previousMinimum = 0
        for i in 1...m {
          let low = max(1, i - limit)
          let high = min(n, i + limit)
          let byte = a[i - 1]
          let first = i <= limit ? i : far
          current[0] = first
          if low > 1 { current[low - 1] = far }
          var minimum = first
          for j in low...high {
            let other = lowercased(b[j - 1])
            var value = Swift.min(
              previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (byte == other ? 0 : 1))
            if i > 1, j > 1, byte == lowercased(b[j - 2]), a[i - 2] == other {
              value = Swift.min(value, before[j - 2] + 1)
            }
            current[j] = value
            minimum = Swift.min(minimum, value)
          }
          if high < n { current[high + 1] = far }
          work += high - low + 1
          // Every path to the end crosses this row, or jumps over it from
          // the previous one with a swap, which costs one more.
          if minimum > limit, previousMinimum + 1 > limit { return nil }
          previousMinimum = minimum
          (before, previous, current) = (previous, current, before)
        }
        let distance = previous[n]
        return distance <= limit ? distance : nil
      }
    }
  }
}

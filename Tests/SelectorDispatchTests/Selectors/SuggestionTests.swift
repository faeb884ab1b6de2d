import Testing

@testable import SelectorDispatch

@Suite struct SuggestionTests {
  let known = [
    "applicationDidEnterBackground:", "applicationWillEnterForeground:",
    "application:openURL:options:", "init",
  ]

  @Test func suggestsTheNearestCloseSelector() {
    #expect(
      Suggestion.nearest(to: "applicationDidEnterBackgound:", among: known)
        == "applicationDidEnterBackground:")
    #expect(
      Suggestion.nearest(to: "applicationdidenterbackground:", among: known)
        == "applicationDidEnterBackground:")
    #expect(Suggestion.nearest(to: "inti", among: known) == "init", "a swap costs one edit")
    #expect(
      Suggestion.nearest(to: "application:openURL:option:", among: known)
        == "application:openURL:options:")
  }

  @Test func staysSilentWhenNothingIsClose() {
    #expect(Suggestion.nearest(to: "somethingElse:", among: known) == nil)
    #expect(Suggestion.nearest(to: "x", among: known) == nil)
    #expect(Suggestion.nearest(to: "anything", among: []) == nil)
    let huge = String(repeating: "a", count: 10_000)
    #expect(Suggestion.nearest(to: huge, among: [huge]) == nil, "huge inputs are not compared")
  }

  @Test func distanceCountsEdits() {
    func d(_ a: String, _ b: String) -> Int { Suggestion.distance(Array(a.utf8), Array(b.utf8)) }
    #expect(d("", "abc") == 3)
    #expect(d("abc", "") == 3)
    #expect(d("kitten", "sitting") == 3)
    #expect(d("ab", "ba") == 1)
    #expect(d("same", "same") == 0)
  }

  /// The textbook optimal-string-alignment distance, over the whole matrix.
  static func reference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  /// Every text of up to `length` bytes over `alphabet`.
  static func texts(_ alphabet: String, upTo length: Int) -> [[UInt8]] {
    var all: [[UInt8]] = [[]]
    var layer: [[UInt8]] = [[]]
    for _ in 0..<length {
      layer = layer.flatMap { text in alphabet.utf8.map { text + [$0] } }
      all += layer
    }
    return all
  }

  @Test func theBoundedDistanceAgreesWithTheWholeMatrix() {
    // Every pair of texts of up to 4 bytes over three letters (an upper-case
    // one on the right, read as lower case), under every limit: the skipped
    // prefix and suffix, the band and the early stop change nothing.
    let left = Self.texts("abc", upTo: 4)
    let right = Self.texts("abC", upTo: 4)
    var checked = 0
    for a in left {
      for b in right {
        let expected = Self.reference(a, b.map { $0 == UInt8(ascii: "C") ? UInt8(ascii: "c") : $0 })
        for limit in 0...4 {
          var work = 0
          let bounded = Suggestion.distance(a, b, atMost: limit, work: &work)
          if bounded != (expected <= limit ? expected : nil) {
            Issue.record("\(a) \(b) limit \(limit): \(String(describing: bounded)) vs \(expected)")
            return
          }
          checked += 1
        }
      }
    }
    #expect(checked == left.count * right.count * 5)
  }

  @Test func aDistanceReadsOnlyTheBandAroundTheDifference() {
    // Two 250-byte texts one swap apart: the full matrix has 62,500 cells.
    let a = Array(String(repeating: "payload", count: 36).utf8.prefix(250))
    var b = a
    b.swapAt(120, 121)
    var work = 0
    #expect(Suggestion.distance(a, b, atMost: 4, work: &work) == 1)
    #expect(work < 1_000, "\(work) steps")
    // Other bytes: refused after counting them, without the matrix.
    work = 0
    #expect(
      Suggestion.distance(
        a, Array(String(repeating: "xyzzy", count: 50).utf8), atMost: 4, work: &work) == nil)
    #expect(work <= 501, "\(work) steps")
    // The same bytes in another order: the band stops within a few rows.
    work = 0
    #expect(Suggestion.distance(a, a.reversed(), atMost: 4, work: &work) == nil)
    #expect(work < 600, "\(work) steps")
  }

  @Test func findsTheTypoAmongTenThousandLongSelectors() {
    // Same-length candidates that share 240 bytes: the length filter keeps
    // them all, so only the bounded distance keeps this cheap.
    func long(_ index: Int) -> String {
      let tail = "Event\(index):"
      return String(("handle" + String(repeating: "Payload", count: 40)).prefix(250 - tail.count))
        + tail
    }
    let known = (0..<10_000).map(long)
    var typo = Array(long(4_321).utf8)
    typo.remove(at: 100)
    let text = String(decoding: typo, as: UTF8.self)
    #expect(Suggestion.nearest(to: text, among: known) == long(4_321))
    #expect(Suggestion.nearest(to: text, among: known.shuffled()) == long(4_321))
    #expect(Suggestion.nearest(to: long(4_321) + "x", among: known) == long(4_321))
  }

  @Test func tiesGoToTheAlphabeticallyFirstInAnyOrder() {
    let known = ["abcdeY:", "abcdeX:", "abcdeZ:"]
    for order in [known, known.reversed(), known.shuffled()] {
      #expect(Suggestion.nearest(to: "abcdeW:", among: order) == "abcdeX:")
    }
  }

  @Test func candidateLengthsAreTheOnesWithinTheEditLimit() {
    #expect(Suggestion.candidateLengths(for: "init") == 3...5)
    #expect(Suggestion.candidateLengths(for: "applicationDidEnterBackground:") == 26...34)
    #expect(Suggestion.candidateLengths(for: String(repeating: "a", count: 257)) == nil)
  }

  @Test func theWorkOfOneSearchIsBoundedHoweverManyCandidatesFit() {
    // 40,000 candidates of the target's length that share most of its bytes:
    // none is skipped cheaply, so only the work limit bounds the search.
    let stem = String(repeating: "ab", count: 60)
    let known = ["\(stem)xxxxy\(stem):"] + (0..<40_000).map { "\(stem)\($0 + 100_000)\(stem):" }
    let (suggestion, work) = Suggestion.search(for: "\(stem)xxxxx\(stem):", among: known)
    #expect(suggestion == known[0], "what was found before the limit is kept")
    #expect(work >= Suggestion.workLimit, "the limit was reached")
    #expect(work < Suggestion.workLimit + 4_000, "and stopped the search")
  }
}

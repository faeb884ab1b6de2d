import Testing

@testable import SelectorDispatch

@Suite struct SelectorKeyTests {
  struct Valid: Sendable, CustomTestStringConvertible {
    let text: String
    let arity: Int
    var testDescription: String { "\(text) → \(arity)" }
  }

  @Test(arguments: [
    Valid(text: "init", arity: 0),
    Valid(text: "_", arity: 0),
    Valid(text: "a1_B2", arity: 0),
    Valid(text: "applicationDidEnterBackground:", arity: 1),
    Valid(text: "application:didFinishLaunchingWithOptions:", arity: 2),
    Valid(text: "foo::", arity: 2),
    Valid(text: "foo:::", arity: 3),
    Valid(text: "foo:bar::baz:", arity: 4),
    Valid(text: "_private:", arity: 1),
    Valid(
      text: "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:"
        + "completionHandler:", arity: 5),
  ])
  func validSelectors(_ valid: Valid) throws {
    let key = try SelectorKey(valid.text)
    #expect(key.arity == valid.arity)
    #expect(key.description == valid.text)
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    let text: String
    let offset: Int
    let reasonMentions: String
    var testDescription: String { "\(text.debugDescription) at \(offset)" }
  }

  @Test(arguments: [
    Malformed(text: "", offset: 0, reasonMentions: "empty"),
    Malformed(text: ":", offset: 0, reasonMentions: "begin with an identifier"),
    Malformed(text: ":foo:", offset: 0, reasonMentions: "begin with an identifier"),
    Malformed(text: "1abc", offset: 0, reasonMentions: "digit"),
    Malformed(text: "foo:1bar:", offset: 4, reasonMentions: "digit"),
    Malformed(text: "foo bar", offset: 3, reasonMentions: "space (U+0020)"),
    Malformed(text: " foo", offset: 0, reasonMentions: "space"),
    Malformed(text: "foo:\u{0}", offset: 4, reasonMentions: "NUL (U+0000)"),
    Malformed(text: "foo-bar", offset: 3, reasonMentions: "'-' (U+002D)"),
    Malformed(text: "foo.bar:", offset: 3, reasonMentions: "'.'"),
    Malformed(text: "café:", offset: 3, reasonMentions: "non-ASCII character 'é' (U+00E9)"),
    Malformed(text: "foo\n", offset: 3, reasonMentions: "control character (U+000A)"),
    Malformed(text: "application:didFinish", offset: 21, reasonMentions: "last keyword has no ':'"),
    Malformed(text: "a:b", offset: 3, reasonMentions: "last keyword has no ':'"),
  ])
  func malformedSelectors(_ bad: Malformed) throws {
    let error = try #require(throws: DispatchError.self) { try SelectorKey(bad.text) }
    guard case .malformedSelector(let selector, let offset, let reason) = error else {
      Issue.record("expected malformedSelector, got \(error)")
      return
    }
    #expect(selector == bad.text)
    #expect(offset == bad.offset)
    #expect(reason.contains(bad.reasonMentions), "\(reason)")
    #expect(error.description.contains("at offset \(bad.offset)"))
  }

  @Test func validationIsLinearOnAMegabyte() throws {
    let long = String(repeating: "a", count: 1 << 20) + ":"
    #expect(try SelectorKey(long).arity == 1)
    let bad = String(repeating: "ab:", count: 350_000) + " "
    let error = try #require(throws: DispatchError.self) { try SelectorKey(bad) }
    #expect(
      error
        == .malformedSelector(
          selector: bad, offset: 1_050_000,
          reason: "unexpected space (U+0020); expected an ASCII letter, digit, '_' or ':'"))
    #expect(error.description.utf8.count < 300, "long selectors are shortened in messages")
  }

  @Test func equalTextMeansEqualKeys() throws {
    let a = try SelectorKey("application:openURL:options:")
    let b = try SelectorKey("application:" + "openURL:options:")
    let c = try SelectorKey("application:openURL:")
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(Set([a, b, c]).count == 2)
  }
}

import Foundation
import SelectorDispatch
import Testing

@testable import SelectorDispatchUIKit

/// Checks the typed UIKit events against ``DelegateMethod``'s vocabulary, on
/// Linux, where they do not compile (their types are UIKit's), by reading
/// their declarations; the Apple SDK step of `.ci/run` compiles them for iOS.
@Suite struct UIKitEventsTests {
  /// One declaration of `UIKitEvents.swift`.
  struct Declaration {
    let name: String
    let selector: String
    /// The number of arguments in its signature, the completion left out.
    let arguments: Int
    let isCompletion: Bool
    /// Its `@available` attributes, joined.
    let availability: String
  }

  static let declarations: [Declaration] = {
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/SelectorDispatchUIKit/UIKitEvents.swift")
    guard let text = try? String(contentsOf: file, encoding: .utf8),
      let declaration = try? NSRegularExpression(
        pattern: #"((?:@available\((?:[^()"]|"[^"]*")*\)\s*)*)public static var (\w+):\s*"#
          + #"Dispatcher\.(\w+)<(.*?)>\s*\{\s*\.init\(\s*"([^"]+)""#,
        options: [.dotMatchesLineSeparators])
    else { return [] }
    let whole = NSRange(text.startIndex..., in: text)
    return declaration.matches(in: text, range: whole).map { match in
      func group(_ index: Int) -> String {
        Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
      }
      return Declaration(
        name: group(2), selector: group(5), arguments: countArguments(group(4)),
        isCompletion: group(3) == "MainActorCompletionEvent", availability: group(1))
    }
  }()

  /// The number of parameters of the function type `signature`, such as
  /// `(UIApplication, [AnyHashable: Any]) -> Bool`.
  static func countArguments(_ signature: String) -> Int {
    var depth = 0
    var commas = 0
    var previous: Character = " "
    for character in signature {
      defer { previous = character }
      switch character {
      case "(", "[", "<": depth += 1
      case ">" where previous == "-": break
      case ")", "]", ">":
        depth -= 1
        if depth == 0 { return commas + 1 }
      case "," where depth == 1: commas += 1
      default: break
      }
    }
    return -1
  }

  @Test func thereIsOneEventPerSelectorTheIOSSDKDeclares() {
    let declared = Set(Self.declarations.map(\.selector))
    let newer = Set(
      DelegateMethod.notForwarded.filter { $0.value.contains("SDK declares it") }.keys)
    let expected = Set(DelegateMethod.vocabulary.entries.map(\.selector)).subtracting(newer)
    #expect(Self.declarations.count == 71)
    #expect(Self.declarations.count == declared.count, "one event per selector")
    #expect(declared == expected)
    #expect(Set(Self.declarations.map(\.name)).count == Self.declarations.count, "names are unique")
  }

  @Test func eachEventsSignatureHasItsSelectorsArity() throws {
    for declaration in Self.declarations {
      let entry = try #require(DelegateMethod.vocabulary[selector: declaration.selector])
      #expect(
        declaration.arguments == entry.arguments.count, "\(declaration.name)'s arguments")
      #expect(declaration.isCompletion == (entry.completion != nil), "\(declaration.name)'s kind")
    }
  }

  @Test func eachDeprecatedSelectorsEventIsDeprecatedNamingTheReplacement() throws {
    for declaration in Self.declarations {
      let entry = try #require(DelegateMethod.vocabulary[selector: declaration.selector])
      guard let replacement = entry.replacement else {
        #expect(!declaration.availability.contains("deprecated"), "\(declaration.name)")
        continue
      }
      #expect(declaration.availability.contains("deprecated:"), "\(declaration.name)")
      let first = replacement.split(separator: " ").first.map(String.init) ?? replacement
      #expect(
        declaration.availability.contains(first), "\(declaration.name) names \(replacement)")
    }
  }
}

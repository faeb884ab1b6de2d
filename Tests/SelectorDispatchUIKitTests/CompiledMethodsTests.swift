import Foundation
import Testing

@testable import SelectorDispatchUIKit

/// Checks the classes as compiled for iOS against ``DelegateMethod``'s table.
///
/// `Scripts/check-uikit-adapter.sh` lists the Objective-C methods of `SelectorDispatchUIKit.o`,
/// which the Apple SDK step of `.ci/run` compiles for iOS, and runs this suite with the list in
/// `UIKIT_ADAPTER_METHODS`; without it (no Apple SDK on the machine) the suite is skipped.
@Suite struct CompiledMethodsTests {
  static let listing = ProcessInfo.processInfo.environment["UIKIT_ADAPTER_METHODS"]

  /// What the classes have that is not a delegate method.
  static let ownMethods: Set<String> = [
    "init", "respondsToSelector:", "window", "setWindow:", ".cxx_destruct",
  ]

  /// The methods of each class, from the `Class selector` lines of the listing.
  static func methods() throws -> [String: Set<String>] {
    let text = try String(contentsOfFile: try #require(listing), encoding: .utf8)
    var methods: [String: Set<String>] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      try #require(fields.count == 2, "not a `Class selector` line: \(line)")
      methods[String(fields[0]), default: []].insert(String(fields[1]))
    }
    return methods
  }

  static func className(_ host: DelegateMethod.Host) -> String {
    switch host {
    case .appDelegate: "DispatchingAppDelegate"
    case .sceneDelegate: "DispatchingSceneDelegate"
    }
  }

  @Test(.enabled(if: listing != nil, "needs UIKIT_ADAPTER_METHODS from the iOS object"))
  func eachClassImplementsItsForwardedAndHostMethodsAndNoOther() throws {
    let methods = try Self.methods()
    for (selector, method) in DelegateMethod.all {
      let mine = methods[Self.className(method.host)] ?? []
      switch method.role {
      case .forwarded, .hostWork:
        #expect(mine.contains(selector), "\(Self.className(method.host)) lacks \(selector)")
      case .notForwarded:
        #expect(!mine.contains(selector), "\(selector) is implemented, but listed as left out")
      }
    }
    for (name, selectors) in methods {
      for selector in selectors.subtracting(Self.ownMethods) {
        #expect(
          DelegateMethod[selector].map { Self.className($0.host) } == name,
          "\(name) implements \(selector), which is not one of its delegate methods")
      }
    }
  }

  @Test(.enabled(if: listing != nil, "needs UIKIT_ADAPTER_METHODS from the iOS object"))
  func bothClassesAnswerRespondsToSelectorThemselves() throws {
    let methods = try Self.methods()
    for host in [DelegateMethod.Host.appDelegate, .sceneDelegate] {
      #expect(methods[Self.className(host)]?.contains("respondsToSelector:") == true)
      #expect(methods[Self.className(host)]?.contains("setWindow:") == true)
    }
  }
}

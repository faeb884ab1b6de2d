/// A failed test-kit expectation, thrown so that it fails a Swift Testing or
/// XCTest test alike (a throwing test that throws fails).
public struct ExpectationFailure: Error, Equatable, CustomStringConvertible {
  /// What was expected and what happened instead.
  public let description: String

  /// Creates a failure.
  ///
  /// - Parameter description: What was expected and what happened instead.
  package init(_ description: String) {
    self.description = description
  }
}

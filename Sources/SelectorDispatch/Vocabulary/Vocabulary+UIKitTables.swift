extension Vocabulary {
  /// One of the package's UIKit tables, ``applicationDelegate`` or
  /// ``sceneDelegate``, whose entries the tests keep valid.
  static func uikitTable(_ name: String, _ entries: [Entry]) -> Vocabulary {
    do {
      return try Vocabulary(name: name, entries: entries)
    } catch {
      preconditionFailure("the \(name) table is invalid: \(error)")
    }
  }
}

extension Vocabulary.Entry {
  /// The UIKit tables' shorthand for one entry: selector, domain, fold,
  /// argument types, completion, the replacement of a deprecated selector,
  /// and the iOS releases that introduced and deprecated it, recorded when
  /// either is known.
  static func uikit(
    _ selector: String, _ domain: Domain, _ fold: Fold, _ arguments: [ArgumentType],
    _ completion: CompletionKind? = nil, deprecatedFor replacement: String? = nil,
    iOS introduced: String? = nil, deprecated: String? = nil
  ) -> Vocabulary.Entry {
    Vocabulary.Entry(
      selector, domain: domain, fold: fold, arguments: arguments, completion: completion,
      deprecatedFor: replacement,
      availability: introduced == nil && deprecated == nil
        ? nil : Vocabulary.Availability(introduced: introduced, deprecated: deprecated))
  }
}

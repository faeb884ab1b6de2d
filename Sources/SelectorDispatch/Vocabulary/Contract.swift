/// What a vocabulary declared about one selector beyond its fold, built
/// once when it is declared: the argument checks, the completion and the
/// domain. A selector without one pays a single `nil` test per dispatch.
final class Contract: Sendable {
  struct Check: Sendable {
    let index: Int
    let type: ArgumentType
  }

  let entry: Vocabulary.Entry
  /// Only the arguments whose type is checked, in order.
  let checks: ContiguousArray<Check>
  /// The entry's completion, copied out so that a dispatch reads one field
  /// instead of copying the entry.
  let completion: CompletionKind?

  init(_ entry: Vocabulary.Entry) {
    self.entry = entry
    self.checks = ContiguousArray(
      entry.arguments.enumerated().compactMap { index, type in
        type.test == nil ? nil : Check(index: index, type: type)
      })
    self.completion = entry.completion
  }

  /// Whether arguments of these static types always pass `check(_:selector:)`,
  /// so that a typed dispatch with them need not run it.
  func admits(_ types: [Any.Type]) -> Bool {
    checks.allSatisfy { check in
      check.index < types.count && check.type.admitsEvery(types[check.index])
    }
  }

  /// Checks the arguments whose type the vocabulary declares.
  ///
  /// - Throws: ``DispatchError/argumentTypeMismatch(selector:index:expected:actual:)``
  ///   for the first that does not fit.
  func check(_ params: [Any], selector: String) throws(DispatchError) {
    for check in checks where !check.type.accepts(params[check.index]) {
      throw .argumentTypeMismatch(
        selector: selector, index: check.index, expected: check.type.description,
        actual: String(describing: type(of: params[check.index])))
    }
  }
}

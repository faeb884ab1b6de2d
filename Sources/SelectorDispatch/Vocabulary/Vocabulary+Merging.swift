extension Vocabulary {
  /// One vocabulary with the entries of both, for a dispatcher that serves
  /// an app delegate and a scene delegate.
  ///
  /// ```swift
  /// let uiKit = try Vocabulary.applicationDelegate.merging(.sceneDelegate)
  /// let dispatcher = Dispatcher(vocabulary: uiKit)
  /// ```
  ///
  /// The entries keep their order, this vocabulary's first; the exclusive
  /// domains are those of both. A domain both vocabularies use (or make
  /// exclusive) must have the same rule in both: exclusive in both or
  /// shared in both. To make a domain exclusive across both, merge first
  /// and call ``exclusive(_:)`` on the result.
  ///
  /// - Parameter other: The vocabulary to add.
  /// - Returns: A vocabulary named `name+other.name`.
  /// - Throws: ``DispatchError/selectorInBothVocabularies(selector:first:second:)``
  ///   for the first selector of `other` that this vocabulary also has, or
  ///   ``DispatchError/conflictingDomainRules(domain:exclusiveIn:sharedIn:)``
  ///   for the first domain, by name, that one makes exclusive and the other
  ///   shares.
  public func merging(_ other: Vocabulary) throws -> Vocabulary {
    for entry in other.entries where self[selector: entry.selector] != nil {
      throw DispatchError.selectorInBothVocabularies(
        selector: entry.selector, first: name, second: other.name)
    }
    let mine = Set(domains).union(exclusiveDomains)
    let theirs = Set(other.domains).union(other.exclusiveDomains)
    for domain in mine.intersection(theirs).sorted(by: { $0.name < $1.name }) {
      let exclusiveHere = exclusiveDomains.contains(domain)
      guard exclusiveHere != other.exclusiveDomains.contains(domain) else { continue }
      throw DispatchError.conflictingDomainRules(
        domain: domain.name, exclusiveIn: exclusiveHere ? name : other.name,
        sharedIn: exclusiveHere ? other.name : name)
    }
    return Vocabulary(
      name: "\(name)+\(other.name)", checkedEntries: entries + other.entries,
      exclusiveDomains: exclusiveDomains.union(other.exclusiveDomains))
  }
}

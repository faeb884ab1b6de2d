extension Dispatcher {
  /// Declares every selector of a vocabulary, all or nothing.
  ///
  /// Declaring the same entry again does nothing, and a selector declared
  /// earlier with ``declare(_:fold:)`` and the same fold gains the entry's
  /// signature.
  ///
  /// From then on, a service that handles a selector the dispatcher does
  /// not declare, usually a misspelt one, is reported with
  /// ``Diagnostic/undeclaredSelector(selector:service:suggestion:)`` when it
  /// registers (and one registered before the first vocabulary, now).
  /// Declare an app's own
  /// selectors with ``declare(_:fold:)`` or a vocabulary of their own
  /// before the services that handle them register.
  ///
  /// - Parameter vocabulary: The selectors to declare.
  /// - Throws: ``DispatchError/conflictingDeclaration(selector:declared:requested:)``
  ///   when a selector is already declared with another fold or signature,
  ///   or ``DispatchError/exclusiveDomainConflict(domain:selector:service:owner:)``
  ///   when two registered services already handle selectors of a domain
  ///   the vocabulary makes exclusive, or
  ///   ``DispatchError/asyncHandlerArityConflict(selector:service:expected:actual:)``
  ///   when a registered service's typed `async` closure takes the
  ///   completion the vocabulary declares as a parameter. When it throws,
  ///   nothing is declared.
  public func declare(_ vocabulary: Vocabulary) throws {
    let declarations = vocabulary.entries.map { entry in
      (SelectorKey(validated: entry.selector, arity: entry.arity), Contract(entry))
    }
    let undeclared = try changeTable {
      (state, retired) throws(DispatchError) -> [(service: String, selector: String)] in
      var next = state
      // Whatever `next` replaced or the old state held is dropped unlocked.
      defer { retired.keep(next) }
      var changed: [Int] = []
      for (key, contract) in declarations {
        let slot = next.makeEntry(for: key)
        let existing = next.entries[slot]
        let requested = contract.entry.description
        if let declared = existing.contract, declared.entry.description != requested {
          throw DispatchError.conflictingDeclaration(
            selector: key.description, declared: declared.entry.description, requested: requested)
        }
        if let declared = existing.declaredFold, declared != contract.entry.fold {
          throw DispatchError.conflictingDeclaration(
            selector: key.description, declared: declared.description, requested: requested)
        }
        if existing.contract == nil {
          if contract.completion != nil {
            try existing.checkAsyncParameterCounts(withCompletion: key.description)
          }
          next.entries[slot].declare(contract)
          changed.append(slot)
        }
      }
      next.exclusivity.domains.formUnion(vocabulary.exclusiveDomains)
      try next.recomputeOwners()
      // The services registered before the first vocabulary were not checked.
      let unchecked = next.declaresVocabulary ? [:] : next.services
      next.declaresVocabulary = true
      // Only once nothing can throw: unpublishing retires the snapshot,
      // which `state` shares until the swap.
      for slot in changed { next.unpublish(slot, into: &retired) }
      swap(&state, &next)
      return unchecked.sorted { $0.value.sequence < $1.value.sequence }.flatMap {
        service, record in
        state.undeclared(
          texts: record.slots.map { state.keys[$0].description }, slots: record.slots
        )
        .map { (service, $0) }
      }
    }
    reportUndeclared(undeclared)
  }
}

extension Dispatcher.Entry {
  /// Checks that the typed async handlers registered for the selector take
  /// one parameter per `:` but the last, as they must once a completion is
  /// declared for it: the completion's value is what they return.
  ///
  /// - Throws: ``DispatchError/asyncHandlerArityConflict(selector:service:expected:actual:)``
  ///   for the first, in call order, that takes another count.
  func checkAsyncParameterCounts(withCompletion selector: String) throws(DispatchError) {
    for registration in registrations {
      guard let count = registration.asyncParameterCount, count != arity - 1 else { continue }
      throw .asyncHandlerArityConflict(
        selector: selector, service: registration.service, expected: arity - 1, actual: count)
    }
  }
}

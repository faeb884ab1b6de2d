/// What registering a service will do beyond adding its handlers, as the
/// vocabulary's contracts decide: the exclusive domains it takes and the
/// deprecated selectors it handles.
struct Admission {
  /// Exclusive domains the service takes.
  var claims: [Domain] = []
  /// Handlers of deprecated selectors, to report.
  var deprecations: [Diagnostic] = []
}

extension Dispatcher.State {
  /// Checks that `service` may handle the selectors in `slots`, and gathers
  /// the domains it claims and its deprecated selectors; changes nothing.
  ///
  /// - Throws: ``DispatchError/exclusiveDomainConflict(domain:selector:service:owner:)``
  ///   for the first selector, in the order given, of an exclusive domain
  ///   another service holds.
  func admit(service: String, slots: [Int]) throws(DispatchError) -> Admission {
    var admission = Admission()
    for slot in slots {
      // A selector new to the dispatcher (-1) has no contract.
      guard slot >= 0, let entry = entries[slot].contract?.entry else { continue }
      if let replacement = entry.replacement {
        admission.deprecations.append(
          .deprecatedSelector(selector: entry.selector, service: service, replacement: replacement))
      }
      guard exclusivity.domains.contains(entry.domain) else { continue }
      if let owner = exclusivity.owners[entry.domain], owner != service {
        throw DispatchError.exclusiveDomainConflict(
          domain: entry.domain.name, selector: entry.selector, service: service, owner: owner)
      }
      admission.claims.append(entry.domain)
    }
    return admission
  }
}

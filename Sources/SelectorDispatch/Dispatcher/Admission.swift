/// What registering a service will do beyond adding its handlers, as the
/// vocabulary's contracts decide: the exclusive domains it takes, and the
/// deprecated and undeclared selectors it handles.
struct Admission {
  /// Exclusive domains the service takes.
  var claims: [Domain] = []
  /// Handlers of deprecated selectors, to report.
  var deprecations: [Diagnostic] = []
  /// The selectors, sorted, that the service handles and a dispatcher that
  /// declares a vocabulary does not declare, to report with a suggestion
  /// found outside the lock.
  var undeclared: [String] = []
}

extension Dispatcher.State {
  /// Checks that `service` may handle the selectors in `slots` (whose texts
  /// are `texts`), and gathers the domains it claims and its deprecated and
  /// undeclared selectors; changes nothing.
  ///
  /// - Throws: ``DispatchError/exclusiveDomainConflict(domain:selector:service:owner:)``
  ///   for the first selector, in the order given, of an exclusive domain
  ///   another service holds.
  func admit(service: String, texts: [String], slots: [Int]) throws(DispatchError) -> Admission {
    var admission = Admission(undeclared: undeclared(texts: texts, slots: slots))
    // A selector a service lists again, at another priority, has its slot
    // twice: admitted once.
    var seen = Set<Int>()
    for slot in slots where seen.insert(slot).inserted {
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

  /// The selectors among `texts` (whose slots are `slots`, -1 for one new
  /// to the dispatcher) that the dispatcher does not declare, sorted; none
  /// when it declares no vocabulary, as a plain dispatcher takes any.
  func undeclared(texts: [String], slots: [Int]) -> [String] {
    guard declaresVocabulary else { return [] }
    return Set(
      zip(texts, slots).compactMap { text, slot in
        slot < 0 || entries[slot].declaredFold == nil ? text : nil
      }
    ).sorted()
  }
}

extension Dispatcher.State {
  /// Rebuilds the owners of the exclusive domains from the registrations:
  /// the service that registered first holds the domain.
  ///
  /// - Throws: ``DispatchError/exclusiveDomainConflict(domain:selector:service:owner:)``
  ///   when two services already handle selectors of one exclusive domain,
  ///   naming the first two to register (for the first such domain by name).
  mutating func recomputeOwners() throws(DispatchError) {
    typealias Handling = (service: String, sequence: Int, selector: String)
    var handlings: [Domain: [Handling]] = [:]
    for entry in entries {
      guard let contract = entry.contract, exclusivity.domains.contains(contract.entry.domain)
      else { continue }
      for registration in entry.registrations {
        handlings[contract.entry.domain, default: []].append(
          (registration.service, registration.sequence, contract.entry.selector))
      }
    }
    var owners: [Domain: String] = [:]
    for (domain, list) in handlings.sorted(by: { $0.key.name < $1.key.name }) {
      let ordered = list.sorted { ($0.sequence, $0.selector) < ($1.sequence, $1.selector) }
      guard let owner = ordered.first else { continue }
      if let second = ordered.first(where: { $0.service != owner.service }) {
        throw DispatchError.exclusiveDomainConflict(
          domain: domain.name, selector: second.selector, service: second.service,
          owner: owner.service)
      }
      owners[domain] = owner.service
    }
    exclusivity.owners = owners
  }
}

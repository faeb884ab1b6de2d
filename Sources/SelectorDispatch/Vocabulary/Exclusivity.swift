/// Which domains are exclusive in a ``Dispatcher`` and which service holds
/// each: JSDecoupledAppDelegate's one delegate per domain.
struct Exclusivity {
  var domains: Set<Domain> = []
  /// The service that handles selectors of each exclusive domain.
  var owners: [Domain: String] = [:]

  mutating func claim(_ claims: [Domain], for service: String) {
    for domain in claims { owners[domain] = service }
  }

  mutating func release(_ service: String) {
    owners = owners.filter { $0.value != service }
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

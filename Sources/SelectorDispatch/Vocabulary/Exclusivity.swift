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

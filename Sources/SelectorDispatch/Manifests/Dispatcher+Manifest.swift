extension Dispatcher {
  /// Resolves a manifest's enabled entries and registers their services,
  /// all or nothing.
  ///
  /// Disabled entries are skipped. Every name is resolved before any
  /// service is created, and every service is created before any is
  /// registered; if any step fails for any entry, nothing from the
  /// manifest is registered. An entry's priority, when it has one,
  /// replaces the service's own. Services register under their
  /// ``DispatchService/name``, in manifest order.
  ///
  /// - Parameters:
  ///   - manifest: The parsed manifest; see ``Manifest/parse(_:)``.
  ///   - catalog: Resolves names; by default an empty catalog that finds
  ///     ``LoadableService`` classes by module-qualified name.
  /// - Returns: The names the services registered under, in order.
  /// - Throws: ``ManifestError/unknownService(index:name:position:suggestion:)``,
  ///   ``ManifestError/notAService(index:name:position:type:)``,
  ///   ``ManifestError/duplicateEntry(index:name:position:firstIndex:)``, or
  ///   ``ManifestError/registrationFailed(index:name:position:reason:)`` (a
  ///   service whose name is already registered, or a mistake in its handler
  ///   table). Each names the entry by its index in the manifest.
  @discardableResult
  public func register(_ manifest: Manifest, catalog: ServiceCatalog = ServiceCatalog())
    throws -> [String]
  {
    var firstIndex: [String: Int] = [:]
    var resolved: [(index: Int, factory: () -> any DispatchService)] = []
    for (index, entry) in manifest.entries.enumerated() {
      if let first = firstIndex.updateValue(firstIndex[entry.name] ?? index, forKey: entry.name) {
        throw ManifestError.duplicateEntry(
          index: index, name: entry.name, position: entry.position, firstIndex: first)
      }
      guard entry.isEnabled else { continue }
      switch catalog.resolve(entry.name) {
      case .factory(let factory):
        resolved.append((index, factory))
      case .unknown(let suggestion):
        throw ManifestError.unknownService(
          index: index, name: entry.name, position: entry.position, suggestion: suggestion)
      case .notAService(let type):
        throw ManifestError.notAService(
          index: index, name: entry.name, position: entry.position, type: type)
      }
    }
    let batch = resolved.map { index, factory in
      let service = factory()
      return Pending(
        name: service.name, priority: manifest.entries[index].priority ?? service.priority,
        table: service.handlers)
    }
    do {
      try register(batch: batch)
    } catch {
      let entry = manifest.entries[resolved[error.index].index]
      throw ManifestError.registrationFailed(
        index: resolved[error.index].index, name: entry.name, position: entry.position,
        reason: error.error)
    }
    return batch.map(\.name)
  }
}

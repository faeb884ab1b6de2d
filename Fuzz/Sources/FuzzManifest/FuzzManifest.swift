import Foundation
import SelectorDispatch

/// A service the fuzz catalog creates; it handles one selector.
private struct Probe: DispatchService {
  let name: String
  var handlers: HandlerTable { ["ping": { _ in nil }] }
}

/// A small catalog; the seed corpus (Fuzz/Corpus/FuzzManifest) uses its
/// names so that inputs reach registration, not only parsing. Made per
/// input: `ServiceCatalog` holds closures and is not `Sendable`, so it
/// cannot be a global.
private func makeCatalog() -> ServiceCatalog {
  var catalog = ServiceCatalog()
  for name in ["PushService", "LogService", "Analytics", "AppModulePush"] {
    catalog.add(name) { Probe(name: name) }
  }
  return catalog
}

/// libFuzzer entry point: any bytes, as a manifest (JSON, or an XML or
/// binary property list; OpenStep is refused), must parse or throw a
/// ``ManifestError`` with a message, never crash. A parsed manifest has
/// unique, non-empty names and real positions; registering it against a
/// small catalog is all or nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  let manifest: Manifest
  do {
    manifest = try Manifest.parse(data)
  } catch let error as ManifestError {
    precondition(!error.description.isEmpty)
    check(error.position)
    return 0
  } catch {
    preconditionFailure("not a ManifestError: \(error)")
  }
  precondition(Set(manifest.entries.map(\.name)).count == manifest.entries.count)
  for entry in manifest.entries {
    precondition(!entry.name.isEmpty)
    check(entry.position)
  }
  let dispatcher = Dispatcher()
  do {
    let names = try dispatcher.register(manifest, catalog: makeCatalog())
    precondition(dispatcher.responds(to: "ping") == !names.isEmpty)
  } catch let error as ManifestError {
    precondition(!error.description.isEmpty)
    precondition(!dispatcher.responds(to: "ping"), "a failed manifest registered services")
  } catch {
    preconditionFailure("not a ManifestError: \(error)")
  }
  return 0
}

private func check(_ position: Manifest.Position?) {
  guard let position else { return }
  precondition(position.line >= 1 && (position.column ?? 1) >= 1)
}

extension ManifestError {
  fileprivate var position: Manifest.Position? {
    switch self {
    case .unreadableFile, .tooLarge: nil
    case .malformed(_, let position, _), .unexpectedShape(_, let position, _, _),
      .invalidEntry(_, _, _, let position, _, _), .unknownKey(_, _, _, let position, _),
      .duplicateEntry(_, _, let position, _), .unknownService(_, _, let position, _),
      .notAService(_, _, let position, _), .registrationFailed(_, _, let position, _):
      position
    }
  }
}

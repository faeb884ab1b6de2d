import Foundation
import SelectorDispatch

/// Building a table: registering services by hand or from a manifest, and
/// dispatch in a table of many selectors.
extension Scenarios {
  /// A service whose table is made before timing.
  struct TableService: DispatchService {
    let name: String
    let handlers: HandlerTable
  }

  /// Parses a JSON manifest naming `services` catalog services and
  /// registers them all, all or nothing; checked with one dispatch.
  static func manifestLoad(services: Int, handlersPerService: Int) -> Scenario {
    let counters = Counters(handlers: services)
    let stray = counters.stray
    let selectors = (1..<handlersPerService).map { "manifestEvent\($0):with:" }
    var catalog = ServiceCatalog(allowsReflection: false)
    for index in 0..<services {
      let slot = counters.slot(index)
      var handlers: [String: SelectorHandler] = [launch: { _ in slot.hit() }]
      for selector in selectors { handlers[selector] = { _ in stray.hit() } }
      let service = TableService(name: "service\(index)", handlers: HandlerTable(handlers))
      catalog.add(service.name) { service }
    }
    let entries = (0..<services).map { #"{"name": "service\#($0)", "priority": \#($0 % 4)}"# }
    let json = Data((#"{"services": ["# + entries.joined(separator: ",\n") + "]}").utf8)
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "build: manifest of \(services) services × \(handlersPerService) handlers",
      handlers: services, unit: .build, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        let dispatcher = Dispatcher()
        do {
          try dispatcher.register(Manifest.parse(json), catalog: catalog)
          let answer = try dispatcher.dispatch(
            selector: launch, params: [app, launchOptions], fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("manifest load failed: \(error)")
        }
      }
      return launched
    }
  }

  /// String-literal dispatch to one handler, with `selectors` selectors
  /// registered in all.
  static func scale(selectors: Int) -> Scenario {
    let counters = Counters(handlers: 1)
    let dispatcher = packageDispatcher(1, counters)
    let stray = counters.stray
    var bulk: [String: SelectorHandler] = [:]
    for index in 0..<(selectors - 40) { bulk["scaleEvent\(index):with:"] = { _ in stray.hit() } }
    do {
      try dispatcher.register(service: "bulk", handlers: HandlerTable(bulk))
    } catch {
      fatalError("cannot register: \(error)")
    }
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "scale: \(selectors) selectors", handlers: 1, unit: .event, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        do {
          let answer = try dispatcher.dispatch(
            selector: "application:didFinishLaunchingWithOptions:", params: [app, launchOptions],
            fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("dispatch failed: \(error)")
        }
      }
      return launched
    }
  }

  /// Builds a whole table: `services` services, each with a handler for
  /// ``launch`` and `handlersPerService - 1` other selectors, at mixed
  /// priorities. The handler dictionaries are made before timing; a build is
  /// checked with one dispatch of ``launch``.
  static func registration(services: Int, handlersPerService: Int) -> Scenario {
    let counters = Counters(handlers: services)
    let stray = counters.stray
    let selectors = (1..<handlersPerService).map { "registrationEvent\($0):with:" }
    let tables: [[String: SelectorHandler]] = (0..<services).map { index in
      let slot = counters.slot(index)
      var handlers: [String: SelectorHandler] = [launch: { _ in slot.hit() }]
      for selector in selectors { handlers[selector] = { _ in stray.hit() } }
      return handlers
    }
    let names = (0..<services).map { "service\($0)" }
    let app = Application()
    let launchOptions = makeLaunchOptions()
    return Scenario(
      name: "build: \(services) services × \(handlersPerService) handlers", handlers: services,
      unit: .build, counters: counters
    ) { count in
      var launched = 0
      for _ in 0..<count {
        let dispatcher = Dispatcher()
        do {
          for index in 0..<services {
            try dispatcher.register(
              service: names[index], priority: index % 4, handlers: HandlerTable(tables[index]))
          }
          let answer = try dispatcher.dispatch(
            selector: launch, params: [app, launchOptions], fold: .any)
          if answer as? Bool == true { launched += 1 }
        } catch {
          fatalError("build failed: \(error)")
        }
      }
      return launched
    }
  }
}

#if os(iOS)
  import Foundation
  import ObjectiveC
  import SelectorDispatch

  /// What both UIKit classes share: the `responds(to:)` rule applied to the
  /// Objective-C runtime, the log, and the hop to the main actor.
  package enum UIKitHost {
    /// Receives what went wrong (a dispatch's error, a scene delegate
    /// without an app delegate): written to the unified log (and, in a
    /// debugger, the console). Each error's description says what failed.
    package static let failed: @Sendable (any Error) -> Void = { error in
      NSLog("SelectorDispatch: %@", String(describing: error))
    }

    /// Receives the dispatcher's diagnostics: written to the unified log.
    package static let diagnostic: @Sendable (Diagnostic) -> Void = { diagnostic in
      NSLog("SelectorDispatch: %@", diagnostic.description)
    }

    /// `responds(to:)` for one of the adapter's classes, or `nil` for a
    /// selector that is not one of its delegate methods (then `NSObject`
    /// answers).
    ///
    /// - Parameters:
    ///   - selector: The selector UIKit asks about.
    ///   - host: Which of the adapter's classes is asked.
    ///   - object: The delegate object, of that class or a subclass.
    ///   - base: The adapter's class, to tell a subclass's override from the
    ///     adapter's own method.
    ///   - forwarder: The services' forwarder; `nil` when there is none.
    /// - Returns: Whether to advertise the method, or `nil` for `NSObject`'s
    ///   answer.
    static func advertises(
      _ selector: Selector, host: DelegateMethod.Host, of object: AnyObject, base: AnyClass,
      forwarder: DelegateForwarder?
    ) -> Bool? {
      let name = NSStringFromSelector(selector)
      guard let method = DelegateMethod[name], method.host == host else { return nil }
      let objectClass: AnyClass = type(of: object)
      return method.isAdvertised(
        implemented: class_respondsToSelector(objectClass, selector),
        overridden: class_getMethodImplementation(objectClass, selector)
          != class_getMethodImplementation(base, selector),
        handled: forwarder?.handles(name) ?? false,
        hostWorkApplies: DelegateMethod.hostWorkApplies(
          to: name, infoDictionary: Bundle.main.infoDictionary ?? [:]))
    }

    /// Reports each service's handler of a method that `host` leaves out
    /// and the class of `object` does not implement: nothing calls it.
    static func reportUnforwardedHandlers(
      of host: DelegateMethod.Host, in object: AnyObject, on dispatcher: Dispatcher
    ) {
      let objectClass: AnyClass = type(of: object)
      let diagnostics = DelegateMethod.unforwardedHandlers(of: host, on: dispatcher) {
        class_respondsToSelector(objectClass, NSSelectorFromString($0))
      }
      for diagnostic in diagnostics { dispatcher.diagnosticHandler?(diagnostic) }
    }

    /// Runs `body` on the main actor: at once when called there, as UIKit
    /// calls its delegates, and otherwise next on the main queue.
    package static func onMain(_ body: @escaping @MainActor @Sendable () -> Void) {
      if Thread.isMainThread {
        // Checked just above: this is the main thread, so the main actor's.
        MainActor.assumeIsolated(body)
      } else {
        DispatchQueue.main.async(execute: body)
      }
    }
  }
#endif

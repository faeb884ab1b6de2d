/// The handlers one dispatch calls, in call order, with what a fold needs
/// to name them in an error: the selector they answer and the service that
/// registered each. It is all that ``Fold`` reads of a dispatch.
///
/// A class so that the dispatcher's per-selector snapshot can be one (it
/// inherits from this): a dispatch hands the fold the snapshot it already
/// holds, one reference, and the fold reads these `let`s directly.
///
/// `@unchecked Sendable`: handlers are not `Sendable` by design (see
/// ``SelectorHandler``); a list is immutable, and its handlers are called
/// on the dispatching thread.
class HandlerList: @unchecked Sendable {
  /// The selector's text, for error messages.
  let selector: String
  /// The handlers, in call order.
  let handlers: ContiguousArray<SelectorHandler>
  /// `services[i]` registered `handlers[i]`.
  let services: ContiguousArray<String>

  init(
    selector: String, handlers: ContiguousArray<SelectorHandler>,
    services: ContiguousArray<String>
  ) {
    self.selector = selector
    self.handlers = handlers
    self.services = services
  }

  /// The service that registered `handlers[index]`.
  final func service(at index: Int) -> String { services[index] }
}

import SelectorDispatch

extension Dispatcher {
  /// The synchronous dispatch, for `async` tests: there a bare
  /// `try dispatcher.dispatch(...)` means the `async` overload, while a
  /// call from inside a synchronous function (this one) means the
  /// synchronous one.
  func dispatchSynchronously(selector: String, params: [Any], fold: Fold? = nil) throws -> Any? {
    guard let fold else { return try dispatch(selector: selector, params: params) }
    return try dispatch(selector: selector, params: params, fold: fold)
  }
}

import SelectorDispatch

/// libFuzzer entry point: any bytes, as a selector, must validate or throw
/// `malformedSelector`, never crash; a valid key's arity is its colon count,
/// and dispatching it to an empty dispatcher is `unrecognizedSelector`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSelectorKey(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  do {
    let key = try SelectorKey(text)
    precondition(key.arity == text.utf8.filter { $0 == UInt8(ascii: ":") }.count)
    precondition(key.description == text)
    do {
      _ = try Dispatcher().dispatch(key, params: Array(repeating: 0, count: key.arity))
      preconditionFailure("an empty dispatcher dispatched \(text)")
    } catch let error as DispatchError {
      guard case .unrecognizedSelector(let selector, _) = error, selector == text else {
        preconditionFailure("unexpected error \(error)")
      }
    }
  } catch let error as DispatchError {
    guard case .malformedSelector(_, let offset, _) = error else {
      preconditionFailure("unexpected error \(error)")
    }
    precondition((0...text.utf8.count).contains(offset))
    _ = error.description
  } catch {
    preconditionFailure("unexpected error \(error)")
  }
  return 0
}

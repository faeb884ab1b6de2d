import SelectorDispatch
import Testing

/// Expects a dispatcher of `vocabulary` to enforce the arity that the text of
/// `selector` gives: its colons, counted here character by character rather
/// than by ``SelectorKey``, so that a miscount in the library or an entry
/// whose arguments disagree with its selector fails. The entry's `arity`
/// must equal that count; at dispatch, one parameter more
/// throws `arityMismatch`; one fewer throws `arityMismatch` too, or
/// `completionHandlerMissing` when the entry declares a completion handler.
func expectDispatchEnforcesArity(
  of selector: String, in vocabulary: Vocabulary,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let colons = selector.reduce(0) { count, character in character == ":" ? count + 1 : count }
  #expect(vocabulary[selector: selector]?.arity == colons, sourceLocation: sourceLocation)
  let dispatcher = Dispatcher(vocabulary: vocabulary)
  try dispatcher.register(service: "probe", handlers: [selector: { _ in nil }])
  let tooFew =
    vocabulary[selector: selector]?.completion == nil
    ? DispatchError.arityMismatch(selector: selector, expected: colons, actual: colons - 1)
    : DispatchError.completionHandlerMissing(selector: selector, expected: colons)
  let tooMany = DispatchError.arityMismatch(
    selector: selector, expected: colons, actual: colons + 1)
  for (count, error) in [(colons - 1, tooFew), (colons + 1, tooMany)] {
    #expect(throws: error, sourceLocation: sourceLocation) {
      try dispatcher.dispatch(selector: selector, params: Array(repeating: 0, count: count))
    }
  }
}

import SelectorDispatch

extension EventScript {
  /// One event-log line that replays an event:
  /// `{"selector":"…","params":[…]}`.
  ///
  /// Params are encoded as a trace encodes them (``Trace`` `params`): `nil`
  /// is `null`, a `URL` its string, `Data` its base64 text, and so on, the
  /// forms the ``EventInjector`` converts back. Replaying the line and
  /// recording the result gives the same line again.
  ///
  /// - Parameters:
  ///   - selector: The selector dispatched.
  ///   - params: The params dispatched.
  /// - Returns: The line, without a line break.
  package static func line(selector: String, params: [Any]) -> String {
    JSONValue.object([
      ("selector", .init(.string(selector), at: 0)),
      ("params", .init(JSONValue(encoding: params), at: 0)),
    ]).jsonText
  }
}

/// The `Error` an event log's string becomes.
public struct InjectedError: Error, CustomStringConvertible {
  /// The text from the event log.
  public let description: String
}

/// The `Error` an event log's string becomes.
package struct InjectedError: Error, CustomStringConvertible {
  /// The text from the event log.
  package let description: String
}

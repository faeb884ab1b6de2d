/// Column alignment and escaping for transcripts and profile tables.
extension String {
  /// The string padded with spaces to at least `width` characters, and always followed by at
  /// least one space.
  ///
  /// - Parameter width: The width.
  /// - Returns: The padded string.
  package func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  /// The string right-aligned in `width` characters.
  ///
  /// - Parameter width: The width.
  /// - Returns: The padded string.
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension [String] {
  /// The lines joined by line feeds, each escaped for display first, so that
  /// text from the input (a scene's name, a file's) cannot start a line of
  /// its own or act on the terminal.
  package var displayed: String { map(\.escapedForDisplay).joined(separator: "\n") }
}

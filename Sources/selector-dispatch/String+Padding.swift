/// Column alignment for the tool's tables and traces.
extension String {
  /// The string padded with spaces to at least `width` characters, and
  /// always followed by at least one space.
  func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  /// The string right-aligned in `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// The process-wide table that gives each distinct selector text one small
/// integer, so a ``Dispatcher`` can find a ``SelectorKey``'s entry by index
/// instead of by hashing its text.
private let internedSelectors = Locked<[String: Int]>([:])

extension SelectorKey {
  /// Returns the identity of `text`, allocating the next one on first use.
  ///
  /// - Complexity: One hash lookup under a process-wide lock.
  static func intern(_ text: String) -> Int {
    internedSelectors.withLock { table in
      if let id = table[text] { return id }
      let id = table.count
      table[text] = id
      return id
    }
  }
}

/// The process-wide table that gives each distinct selector text one small
/// integer, so a ``Dispatcher`` can find a ``SelectorKey``'s entry by a
/// small integer instead of by hashing its text.
///
/// **Growth.** Like Objective-C's selector table, it only grows: each
/// distinct selector costs its text and one dictionary entry for the life
/// of the process. Only validated selectors are interned, and only when a
/// ``SelectorKey`` is made, a selector is declared, or a service registers
/// a handler for it. Dispatching by `String`, ``Dispatcher/responds(to:)``
/// and error messages never intern, so untrusted text given to them leaves
/// nothing behind. A dispatcher's own memory does not depend on this
/// table's size (see `SlotMap`).
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

extension SelectorKey {
  /// Whether `text` has been interned; for tests.
  static func isInterned(_ text: String) -> Bool {
    internedSelectors.withLock { $0[text] != nil }
  }
}

/// Moves handlers between collections in generic code only.
///
/// A `SelectorHandler` stored in a generic collection has the most general
/// representation; taking it out in concrete code wraps it in a
/// reabstraction thunk, and storing it again wraps that in another. Moving
/// it here, where its type is a generic parameter, keeps the representation
/// the caller's dictionary gave it, so a dispatch calls through one thunk
/// at most.
enum Moving {
  /// The dictionary's keys and values, in its own order.
  static func split<Value>(_ dictionary: [String: Value]) -> ([String], ContiguousArray<Value>) {
    var keys: [String] = []
    var values = ContiguousArray<Value>()
    keys.reserveCapacity(dictionary.count)
    values.reserveCapacity(dictionary.count)
    for (key, value) in dictionary {
      keys.append(key)
      values.append(value)
    }
    return (keys, values)
  }

  static func append<Element>(
    _ source: ContiguousArray<Element>, _ index: Int, to target: inout ContiguousArray<Element>
  ) {
    target.append(source[index])
  }

  static func select<Element>(_ indices: [Int], of source: ContiguousArray<Element>)
    -> ContiguousArray<Element>
  {
    var selected = ContiguousArray<Element>()
    selected.reserveCapacity(indices.count)
    for index in indices { selected.append(source[index]) }
    return selected
  }
}

/// A dispatcher's own map from a ``SelectorKey``'s process-wide interned
/// identity to the dispatcher's slot for that selector.
///
/// Interned identities grow with every key the process ever makes; a table
/// indexed by them would make each dispatcher pay for all of them (after
/// 1,000,000 keys, about 78 MB per dispatcher). This map holds only the
/// dispatcher's own selectors: open addressing with linear probing, kept at
/// most half full, Fibonacci hashing of the identity. A lookup is a multiply,
/// a shift and usually one probe.
struct SlotMap {
  private struct Pair {
    /// The interned identity, or -1 for an empty place.
    var id: Int
    var slot: Int
  }

  private var pairs = [Pair](repeating: Pair(id: -1, slot: 0), count: 16)
  /// 64 − log₂ of the capacity: the hash keeps the product's top bits.
  private var shift = 60
  private(set) var count = 0

  /// The number of places, filled or not: what the map costs in memory.
  var capacity: Int { pairs.count }

  /// The slot of the selector with interned identity `id`, if it has one.
  @inline(__always)
  func slot(of id: Int) -> Int? {
    pairs.withUnsafeBufferPointer { pairs in
      let mask = pairs.count - 1
      var place = Self.place(id, shift)
      while true {
        let pair = pairs[place]
        if pair.id == id { return pair.slot }
        if pair.id < 0 { return nil }
        place = (place + 1) & mask
      }
    }
  }

  /// Maps `id` to `slot`; `id` must not be in the map yet.
  mutating func insert(_ id: Int, slot: Int) {
    precondition(id >= 0 && self.slot(of: id) == nil, "SlotMap: bad or repeated identity \(id)")
    if (count + 1) * 2 > pairs.count { grow() }
    place(Pair(id: id, slot: slot))
    count += 1
  }

  private mutating func grow() {
    let old = pairs
    pairs = [Pair](repeating: Pair(id: -1, slot: 0), count: old.count * 2)
    shift -= 1
    for pair in old where pair.id >= 0 { place(pair) }
  }

  private mutating func place(_ pair: Pair) {
    let mask = pairs.count - 1
    var place = Self.place(pair.id, shift)
    while pairs[place].id >= 0 { place = (place + 1) & mask }
    pairs[place] = pair
  }

  /// `&>>`: `shift` is always between 1 and 60, so the smart shift's
  /// checks of its amount would be work of every dispatch by key.
  @inline(__always)
  private static func place(_ id: Int, _ shift: Int) -> Int {
    assert((1..<64).contains(shift))
    return Int(
      truncatingIfNeeded: (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
  }
}

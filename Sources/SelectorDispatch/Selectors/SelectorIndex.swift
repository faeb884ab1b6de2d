import Foundation  // memcmp: re-exported from Darwin, Glibc or Musl

/// Selector text to a dispatcher's slot: the dispatcher's one map from text.
///
/// Byte-exact on purpose. `[String: Int]` compares keys with Unicode
/// canonical equivalence, so text that the selector grammar rejects (`K`
/// written as U+212A KELVIN SIGN) would find the entry of `Kick:`; it also
/// hashes with SipHash over normalised contents, about 750 instructions for
/// a 42-byte selector. Selectors in the table are validated ASCII, so this
/// index hashes raw UTF-8 a word at a time (seeded per dispatcher) and
/// compares bytes with `memcmp`. The hash is computed before the lock is
/// taken.
struct SelectorIndex {
  /// One selector: its hash, where its bytes are in `bytes`, its identity.
  private struct Key {
    let hash: UInt64
    let start: Int
    let count: Int
    let id: Int
  }

  /// Open addressing with linear probing: an index into `keys`, or -1.
  private var buckets = [Int32](repeating: -1, count: 64)
  private var keys: [Key] = []
  /// The UTF-8 bytes of every selector, back to back.
  private var bytes: [UInt8] = []
  /// Makes the hash unpredictable from outside, so registered selectors
  /// cannot be chosen to collide.
  let seed: UInt64

  init(seed: UInt64) { self.seed = seed }

  /// The identity of the selector whose UTF-8 is `text`, if indexed.
  func id(of text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    let mask = buckets.count - 1
    var bucket = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(buckets[bucket])
      if index < 0 { return nil }
      let key = keys[index]
      if key.hash == hash && key.count == text.count && matches(key, text) { return key.id }
      bucket = (bucket + 1) & mask
    }
  }

  /// The identity of `selector`, if indexed.
  func id(of selector: String) -> Int? {
    if let found = selector.utf8.withContiguousStorageIfAvailable({ text in
      id(of: text, hash: Self.hash(text, seed: seed))
    }) {
      return found
    }
    // Bridged text whose bytes are not contiguous: make a native copy.
    var native = selector
    return native.withUTF8 { id(of: $0, hash: Self.hash($0, seed: seed)) }
  }

  /// The number of places, filled or not (the selectors' bytes aside,
  /// which are the dispatcher's own text): what the index costs in memory.
  var capacity: Int { buckets.count + keys.count }

  private func matches(_ key: Key, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return key.count == 0 }
    return bytes.withUnsafeBufferPointer { stored in
      memcmp(stored.baseAddress.unsafelyUnwrapped + key.start, base, key.count) == 0
    }
  }

  /// Indexes a selector; indexing it again does nothing.
  mutating func insert(_ selector: String, id: Int) {
    var text = selector
    text.withUTF8 { utf8 in
      let hash = Self.hash(utf8, seed: seed)
      guard self.id(of: utf8, hash: hash) == nil else { return }
      if (keys.count + 1) * 2 > buckets.count { grow() }
      keys.append(Key(hash: hash, start: bytes.count, count: utf8.count, id: id))
      bytes.append(contentsOf: utf8)
      place(keys.count - 1)
    }
  }

  private mutating func grow() {
    buckets = [Int32](repeating: -1, count: buckets.count * 2)
    for index in keys.indices { place(index) }
  }

  private mutating func place(_ index: Int) {
    let mask = buckets.count - 1
    var bucket = Int(truncatingIfNeeded: keys[index].hash) & mask
    while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
    buckets[bucket] = Int32(index)
  }

  /// A seeded hash of UTF-8 bytes, eight at a time; the last word overlaps
  /// the one before it rather than being read a byte at a time.
  static func hash(_ text: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    let count = text.count
    var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = text.baseAddress else { return mix(hash) }
    let raw = UnsafeRawPointer(base)
    if count >= 8 {
      var offset = 0
      while offset + 8 < count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
        hash ^= hash >> 29
        offset += 8
      }
      hash ^= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else {
      var tail: UInt64 = 0
      for offset in 0..<count {
        tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << (8 * offset)
      }
      hash ^= tail
    }
    return mix(hash)
  }

  private static let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD

  /// Spreads every input bit over the word (MurmurHash3's finaliser).
  private static func mix(_ value: UInt64) -> UInt64 {
    var value = value
    value ^= value >> 33
    value = value &* 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 33
    value = value &* 0xC4CE_B9FE_1A85_EC53
    value ^= value >> 33
    return value
  }
}

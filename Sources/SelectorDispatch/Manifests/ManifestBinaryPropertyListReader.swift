/// A reader for binary property lists (`bplist00`) that checks every
/// offset, count and reference before it uses it.
///
/// Foundation's `PropertyListSerialization` on Linux crashes on some
/// malformed binary property lists (while bridging a corrupt set), so
/// binary manifests never reach it. Nesting is limited to `maximumDepth`,
/// and the values produced to one per byte of the file (each reference
/// takes at least one byte, so only containers shared many times over,
/// which no writer produces, reach the limit): a reference cycle or a
/// "billion laughs" file cannot exhaust the stack, the memory or the time.
/// Kinds manifests never use (data, dates, sets, UIDs) are read as opaque
/// values without looking inside.
struct ManifestBinaryPropertyListReader {
  static let maximumDepth = 32

  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let offsetTable: Int
  private let topObject: Int
  private var produced = 0

  /// Whether the data claims to be a binary property list of any version.
  static func recognizes(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array("bplist".utf8))
  }

  /// Reads and checks the header and the trailer.
  init(_ bytes: [UInt8]) throws(ManifestError) {
    self.bytes = bytes
    guard bytes.starts(with: Array("bplist00".utf8)) else {
      throw Self.error("only version 00 of the binary format is supported")
    }
    let trailer = bytes.count - 32
    guard trailer >= 9 else { throw Self.error("the file is too short for its trailer") }
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let count = Self.integer(bytes, at: trailer + 8, size: 8),
      let top = Self.integer(bytes, at: trailer + 16, size: 8),
      let table = Self.integer(bytes, at: trailer + 24, size: 8)
    else { throw Self.error("the trailer is invalid") }
    let (tableSize, overflow) = count.multipliedReportingOverflow(by: offsetSize)
    guard count >= 1, top < count, table >= 8, !overflow, tableSize <= trailer - table else {
      throw Self.error("the trailer's object count, top object or offset table is out of range")
    }
    objectCount = count
    topObject = top
    offsetTable = table
  }

  /// Reads the top object.
  mutating func readDocument() throws(ManifestError) -> ManifestValue {
    try value(of: topObject, depth: 0)
  }

  /// The text of big-endian UTF-16 code units; an unpaired surrogate is an
  /// error, never replaced. (`String(validating:as:)` does this in one call
  /// but needs iOS 18 / macOS 15.)
  private static func text(
    utf16BigEndian body: ArraySlice<UInt8>, or fail: (String) -> ManifestError
  ) throws(ManifestError) -> String {
    var units = stride(from: body.startIndex, to: body.endIndex, by: 2).lazy.map {
      UInt16(body[$0]) << 8 | UInt16(body[$0 + 1])
    }.makeIterator()
    var decoder = UTF16()
    var scalars = String.UnicodeScalarView()
    while true {
      switch decoder.decode(&units) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: return String(scalars)
      case .error: throw fail("the UTF-16 string has an unpaired surrogate")
      }
    }
  }

  private static func error(_ reason: String) -> ManifestError {
    .malformed(format: "binary property list", position: nil, reason: reason)
  }

  /// A big-endian unsigned integer of 1 to 8 bytes that fits in `Int`.
  private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
    bits(bytes, at: offset, size: size).flatMap { Int(exactly: $0) }
  }

  /// The big-endian bits of 1 to 8 bytes, if they are all in the data.
  private static func bits(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64? {
    guard offset >= 0, size <= bytes.count - offset else { return nil }
    var value: UInt64 = 0
    for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
    return value
  }

  private mutating func value(of object: Int, depth: Int) throws(ManifestError) -> ManifestValue {
    guard object < objectCount,
      let start = Self.integer(bytes, at: offsetTable + object * offsetSize, size: offsetSize),
      start >= 8, start < offsetTable
    else { throw Self.error("object \(object) has an offset outside the object table") }
    return ManifestValue(kind: try kind(at: start, object: object, depth: depth), position: nil)
  }

  private mutating func kind(at start: Int, object: Int, depth: Int) throws(ManifestError)
    -> ManifestValue.Kind
  {
    produced += 1
    guard produced <= bytes.count else {
      throw Self.error(
        "the objects expand to more values than the file has bytes (\(bytes.count)); "
          + "containers are shared too often")
    }
    let marker = bytes[start]
    let low = Int(marker & 0x0F)
    func fail(_ reason: String) -> ManifestError {
      Self.error("object \(object) at byte \(start): \(reason)")
    }
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x00: return .null
      case 0x08: return .bool(false)
      case 0x09: return .bool(true)
      default: throw fail("unknown marker 0x\(String(marker, radix: 16))")
      }
    case 0x1:
      if low == 4 { return .other("a 128-bit integer") }
      guard low <= 3, let raw = Self.bits(bytes, at: start + 1, size: 1 << low) else {
        throw fail("the integer is invalid or runs past the end")
      }
      // Only 8-byte integers are signed.
      return .number(low == 3 ? String(Int64(bitPattern: raw)) : String(raw))
    case 0x2:
      guard low == 2 || low == 3, let raw = Self.bits(bytes, at: start + 1, size: 1 << low)
      else { throw fail("the real number is invalid") }
      let value =
        low == 2
        ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
      return .number(String(value))
    case 0x3:
      return .other("a date")
    case 0x4:
      return .other("data")
    case 0x5, 0x6:
      let (count, first) = try self.count(at: start, low: low, object: object)
      let width = marker >> 4 == 0x5 ? 1 : 2
      guard count <= (offsetTable - first) / width else {
        throw fail("the string runs past the end")
      }
      let body = bytes[first..<first + count * width]
      if width == 1 {
        if let byte = body.first(where: { $0 > 0x7F }) {
          throw fail("the ASCII string has the byte 0x\(String(byte, radix: 16))")
        }
        return .string(String(decoding: body, as: UTF8.self))
      }
      return .string(try Self.text(utf16BigEndian: body, or: fail))
    case 0x8:
      return .other("a UID")
    case 0xA, 0xD:
      guard depth < Self.maximumDepth else {
        throw fail("nesting deeper than \(Self.maximumDepth) levels")
      }
      let (count, first) = try self.count(at: start, low: low, object: object)
      let isDictionary = marker >> 4 == 0xD
      let references = isDictionary ? 2 : 1
      guard count <= (offsetTable - first) / (referenceSize * references) else {
        throw fail("the references run past the end")
      }
      func reference(_ index: Int) -> Int {
        Self.integer(bytes, at: first + index * referenceSize, size: referenceSize) ?? .max
      }
      if !isDictionary {
        var elements: [ManifestValue] = []
        for index in 0..<count {
          elements.append(try value(of: reference(index), depth: depth + 1))
        }
        return .array(elements)
      }
      var members: [ManifestValue.Member] = []
      for index in 0..<count {
        guard case .string(let key) = try value(of: reference(index), depth: depth + 1).kind else {
          throw fail("a dictionary key is not a string")
        }
        members.append(
          ManifestValue.Member(
            key: key, value: try value(of: reference(count + index), depth: depth + 1)))
      }
      return .object(members)
    case 0xC:
      return .other("a set")
    default:
      throw fail("unknown marker 0x\(String(marker, radix: 16))")
    }
  }

  /// Reads an object's element count: the marker's low nibble, or an
  /// integer object after the marker when the nibble is 0xF.
  ///
  /// - Returns: The count and the offset of the first element.
  private func count(at start: Int, low: Int, object: Int) throws(ManifestError) -> (Int, Int) {
    guard low == 0xF else { return (low, start + 1) }
    guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else {
      throw Self.error("object \(object) at byte \(start): the count is not an integer")
    }
    let size = 1 << Int(bytes[start + 1] & 0x0F)
    guard size <= 8, let count = Self.integer(bytes, at: start + 2, size: size) else {
      throw Self.error("object \(object) at byte \(start): the count is invalid")
    }
    return (count, start + 2 + size)
  }
}

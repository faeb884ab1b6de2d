import Foundation
import SelectorDispatch
import Testing

/// The binary reader's strings: ASCII and big-endian UTF-16, checked by hand
/// (no `String(validating:as:)`, which needs iOS 18 / macOS 15).
@Suite struct ManifestBinaryPropertyListReaderTests {
  /// `{"services": [name]}` with the name's object given raw.
  static func services(name: [UInt8]) -> Data {
    ManifestTests.bplist([
      [0xD1, 1, 2],  // a dictionary of one pair: key object 1, value object 2
      [0x58] + Array("services".utf8),
      [0xA1, 3],  // an array of object 3
      name,
    ])
  }

  /// A UTF-16 string object: the marker, then each unit big-endian.
  static func utf16(_ units: [UInt16]) -> [UInt8] {
    [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  @Test func asciiAndUTF16NamesAreRead() throws {
    let ascii = Self.services(name: [0x54] + Array("Push".utf8))
    #expect(try Manifest.parse(ascii).entries.map(\.name) == ["Push"])
    // "Bé😀": a BMP character and a surrogate pair.
    let utf16 = Self.services(name: Self.utf16(Array("Bé😀".utf16)))
    #expect(try Manifest.parse(utf16).entries.map(\.name) == ["Bé😀"])
  }

  @Test func asciiStringWithAHighByteIsRefused() throws {
    let data = Self.services(name: [0x54, 0x50, 0xE9, 0x41, 0x42])
    let error = try #require(throws: ManifestError.self) { try Manifest.parse(data) }
    #expect(error.description.contains("object 3"))
    #expect(error.description.contains("the ASCII string has the byte 0xe9"))
  }

  @Test(arguments: [[0xD800], [0x0041, 0xDC00], [0xD83D, 0x0041]] as [[UInt16]])
  func utf16StringWithAnUnpairedSurrogateIsRefused(units: [UInt16]) throws {
    let data = Self.services(name: Self.utf16(units))
    let error = try #require(throws: ManifestError.self) { try Manifest.parse(data) }
    #expect(error.description.contains("object 3"))
    #expect(error.description.contains("the UTF-16 string has an unpaired surrogate"))
  }
}

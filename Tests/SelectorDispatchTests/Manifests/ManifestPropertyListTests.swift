import Foundation
import SelectorDispatch
import Testing

/// XML property-list manifests are as strict as JSON ones, and OpenStep
/// ones are refused with a way out.
@Suite struct ManifestPropertyListTests {
  static func plist(_ body: String, after: String = "\n") -> Data {
    Data(
      ("""
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>
      """ + after).utf8)
  }

  @Test(arguments: ["<key/>", "<key />", "<key></key>"])
  func aRepeatedEmptyKeyIsRefusedHoweverItIsWritten(_ second: String) throws {
    let data = Self.plist(
      """
      <dict>
        <key>services</key><array><string>A</string></array>
        <key/><string>x</string>
        \(second)<string>y</string>
      </dict>
      """)
    let error = #expect(throws: ManifestError.self) { try Manifest.parse(data) }
    guard case .malformed(_, let position, let reason) = error else {
      Issue.record("expected malformed, got \(String(describing: error))")
      return
    }
    #expect(position == Manifest.Position(line: 7))
    #expect(reason.contains("repeats the key `` (first on line 6)"))
  }

  @Test func aRepeatedKeyIsRefusedWithItsLine() throws {
    let data = Self.plist(
      """
      <dict>
        <key>services</key><array><string>A</string></array>
        <key>serv&#105;ces</key><array><string>B</string></array>
      </dict>
      """)
    let error = #expect(throws: ManifestError.self) { try Manifest.parse(data) }
    guard case .malformed(_, let position, let reason) = error else {
      Issue.record("expected malformed, got \(String(describing: error))")
      return
    }
    #expect(position == Manifest.Position(line: 6))
    #expect(reason.contains("repeats the key `services` (first on line 5)"))
  }

  @Test func aRepeatedKeyInAnEntryIsRefused() throws {
    let data = Self.plist(
      """
      <array><dict>
        <key>name</key><string>A</string>
        <key>name</key><string>B</string>
      </dict></array>
      """)
    #expect(throws: ManifestError.self) { try Manifest.parse(data) }
  }

  @Test(arguments: ["garbage", "<plist/>", "<array></array>", "<![CDATA[x]]>"])
  func contentAfterThePlistIsRefused(_ trailing: String) throws {
    let data = Self.plist("<array><string>A</string></array>", after: "\n" + trailing)
    let error = #expect(throws: ManifestError.self) { try Manifest.parse(data) }
    #expect(error?.description.contains("after the end of the property list") == true)
  }

  @Test func commentsAndWhiteSpaceAfterThePlistAndKeysInSeparateDictionariesAreFine() throws {
    let data = Self.plist(
      """
      <dict>
        <key>services</key>
        <array>
          <dict><key>name</key><string>A</string></dict>
          <dict><key>name</key><string>B</string><key>priority</key><integer>2</integer></dict>
        </array>
      </dict>
      """, after: "\n<!-- generated -->\n  \n")
    #expect(try Manifest.parse(data).entries.map(\.name) == ["A", "B"])
  }

  @Test func openStepIsRefusedWithAWayOut() throws {
    for text in ["( PushService, LogService )", "{ services = (PushService); }"] {
      let error = #expect(throws: ManifestError.self) { try Manifest.parse(Data(text.utf8)) }
      #expect(error?.description.contains("plutil -convert xml1") == true, "\(text)")
    }
    let json = #expect(throws: ManifestError.self) { try Manifest.parse(Data("{\"a\" 1}".utf8)) }
    #expect(json?.description.contains("OpenStep") == false, "plain bad JSON gets no hint")
  }

  @Test func anUnknownSizeIsNotPrintedAsASize() {
    let limit = Manifest.maximumSize
    #expect(
      ManifestError.tooLarge(bytes: limit + 1, limit: limit).description
        == "the manifest is more than \(limit) bytes; manifests larger than \(limit) bytes are refused"
    )
    #expect(
      ManifestError.tooLarge(bytes: 20, limit: 10).description.hasPrefix("the manifest is 20 bytes")
    )
  }
}

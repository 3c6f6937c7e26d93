import Testing

@testable import EPUB

/// Name-based UUIDs as Python's `uuid.uuid5` and RFC 9562 make them.
@Suite struct NameBasedUUIDTests {
  @Test func aURLGivesTheUUIDOtherImplementationsGive() {
    // python3 -c "import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, 'https://example.com/docs/book/'))"
    let uuid = NameBasedUUID(name: Array("https://example.com/docs/book/".utf8))
    #expect(uuid.string == "6a3bb371-e918-54f1-9485-cb8a030206f6")
    #expect(uuid.urn == "urn:uuid:6a3bb371-e918-54f1-9485-cb8a030206f6")
    #expect(EPUBIdentifier(bookURL: "https://example.com/docs/book/").value == uuid.urn)
  }

  /// FIPS 180-4's example and a message of many blocks (`hashlib.sha1`).
  @Test func sha1MatchesKnownDigests() {
    func hex(_ bytes: [UInt8]) -> String {
      bytes.map { String(Int($0) + 0x100, radix: 16).dropFirst() }.joined()
    }
    #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 1000))) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
  }

  @Test func theSameNameGivesTheSameUUIDAndAnotherNameAnother() {
    let name = Array("https://example.com/a/".utf8)
    #expect(NameBasedUUID(name: name) == NameBasedUUID(name: name))
    #expect(NameBasedUUID(name: name) != NameBasedUUID(name: Array("https://example.com/b/".utf8)))
    let uuid = NameBasedUUID(name: name)
    #expect(uuid.bytes[6] >> 4 == 5 && uuid.bytes[8] >> 6 == 0b10)
  }
}

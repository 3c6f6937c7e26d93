import Testing

@testable import SiteContent

@Suite struct ByteOrderTests {
  @Test(arguments: [
    ("Z.md", "a.md", -1), ("a", "a.md", -1), ("a.md", "a/b.md", -1), ("é.md", "z.md", 1), ("same", "same", 0),
    ("", "a", -1),
    // Longer than a small string's 15 bytes, so both are read from their heap storage.
    ("posts/2026/11/a-long-name.md", "posts/2026/11/a-long-name.ja.md", 1),
    ("ドキュメント/はじめに.md", "ドキュメント/はじめに.ja.md", 1),
  ])
  func ordersByUTF8Bytes(a: String, b: String, sign: Int) {
    #expect(ByteOrder.compare(a, b).signum() == sign)
    #expect(ByteOrder.compare(b, a).signum() == -sign)
    #expect(ByteOrder.precedes(a, b) == (sign < 0))
    #expect(ByteOrder.precedes(a, b) == Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)))
  }

  @Test func mergingTwoSortedListsGivesTheirSortedUnion() {
    let first = ["a/index.html", "b.xml", "ドキュメント/index.html"]
    let second = ["a.xml", "c/index.html", "z"]
    #expect(ByteOrder.merged(first, second) == (first + second).sorted(by: ByteOrder.precedes))
    #expect(ByteOrder.merged(first, []) == first)
    #expect(ByteOrder.merged([], second) == second)
  }
}

import Testing

@testable import PreviewServer

@Suite struct RequestTargetTests {
  private func target(_ raw: String) -> RequestTarget? {
    RequestTarget(raw: Array(raw.utf8))
  }

  @Test func rootHasNoSegmentsAndATrailingSlash() throws {
    let root = try #require(target("/"))
    #expect(root.segments.isEmpty)
    #expect(root.hasTrailingSlash)
    #expect(root.relativePath == "")
  }

  @Test func splitsSegmentsAndQuery() throws {
    let parsed = try #require(target("/posts/hello/?page=2&x"))
    #expect(parsed.segments == ["posts", "hello"])
    #expect(parsed.hasTrailingSlash)
    #expect(parsed.query == "page=2&x")
  }

  @Test func decodesPercentEncodedUTF8() throws {
    let parsed = try #require(target("/posts/%E6%97%A5%E6%9C%AC%E8%AA%9E/"))
    #expect(parsed.segments == ["posts", "日本語"])
  }

  @Test func acceptsRawUTF8() throws {
    #expect(target("/posts/日本語/")?.segments == ["posts", "日本語"])
  }

  @Test func encodedPathReencodesSegments() throws {
    let parsed = try #require(target("/posts/日本語%20x"))
    #expect(parsed.encodedPath(trailingSlash: true) == "/posts/%E6%97%A5%E6%9C%AC%E8%AA%9E%20x/")
  }

  @Test(
    arguments: [
      "", "posts", "*", "http://x/a", "/a//b", "//etc/passwd", "/..", "/a/../b", "/%2e%2e/",
      "/.%2e/", "/%2E./", "/./a", "/%2e/a", "/a%2fb", "/a%2Fb", "/a%5cb", "/a\\b", "/a%00b",
      "/%c0%ae%c0%ae/", "/%e0%80%ae/", "/%ed%a0%80/", "/%ff", "/%", "/%2", "/%zz", "/a%0ab",
      "/a b", "/a#b", "/a?b\u{7f}", "/\u{1}",
    ])
  func refuses(_ raw: String) {
    #expect(target(raw) == nil)
  }

  @Test func refusesInvalidRawUTF8() {
    #expect(RequestTarget(raw: Array("/a".utf8) + [0xC0, 0xAE]) == nil)
    #expect(RequestTarget(raw: Array("/a".utf8) + [0xFF]) == nil)
  }

  @Test func doubleEncodingIsDecodedOnce() throws {
    // `%252e` is a literal `%2e` file name, not a dot; it is harmless and simply not found.
    #expect(target("/%252e%252e/")?.segments == ["%2e%2e"])
  }
}

import Testing

@testable import SiteContent

/// The base URL is written as it is into every canonical link, feed and the sitemap: only a
/// plain absolute http(s) address gets through.
@Suite struct BaseURLTests {
  @Test(arguments: [
    ("https://example.org", "https://example.org/"),
    ("https://example.org/", "https://example.org/"),
    ("HTTPS://Example.org/Sub", "https://Example.org/Sub/"),
    ("http://127.0.0.1:8080", "http://127.0.0.1:8080/"),
    ("http://[::1]:1313/docs/", "http://[::1]:1313/docs/"),
    ("https://user.github.io/project", "https://user.github.io/project/"),
    ("https://例え.jp/ブログ/", "https://例え.jp/ブログ/"),
    ("https://example.org/a%20b/~me/", "https://example.org/a%20b/~me/"),
  ])
  func plainAddressesAreKeptWithASlashAtTheEnd(text: String, expected: String) throws {
    #expect(try BaseURL.checked(text) == expected)
  }

  @Test(arguments: [
    ("javascript:alert(1)//x/", BaseURL.Problem.notHTTP),
    ("example.org", .notHTTP),
    ("//example.org/", .notHTTP),
    ("https:///x", .noHost),
    ("https://", .noHost),
    ("https://user:secret@example.org/", .credentials),
    ("https://exa mple.org/", .hostCharacter(" ")),
    ("https://example.org\"/", .hostCharacter("\"")),
    ("https://example.org:0/", .port("0")),
    ("https://example.org:99999/", .port("99999")),
    ("https://example.org:/", .port("")),
    ("https://example.org/?q=1", .queryOrFragment),
    ("https://example.org/#top", .queryOrFragment),
    ("https://example.org/a b/", .pathCharacter(" ")),
    ("https://example.org/\"onmouseover=x/", .pathCharacter("\"")),
    ("https://example.org/<script>/", .pathCharacter("<")),
    ("https://example.org/a\nb/", .pathCharacter("\n")),
    ("https://example.org/../x/", .dotSegment("..")),
    ("https://example.org/%2e%2e/", .dotSegment("%2e%2e")),
    ("https://example.org/a%2Fb/", .dotSegment("a%2Fb")),
  ])
  func anythingElseIsRefusedWithItsReason(text: String, problem: BaseURL.Problem) {
    #expect(throws: problem) { try BaseURL.checked(text) }
  }
}

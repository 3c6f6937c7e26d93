import Testing

@testable import SiteComponents

/// Reading a link's path inside `Content/`.
@Suite struct LinkResolverTests {
  @Test(arguments: [
    ("a.md", "a.md"), ("docs/./a.md", "docs/a.md"), ("docs/x/../a.md", "docs/a.md"), ("a//b.md", "a/b.md"),
    ("../a.md", nil), ("docs/", nil), ("", nil), (".", nil), ("docs/..", nil), ("日本/../語.md", "語.md"),
  ])
  func pathsAreNormalisedInsideContent(path: String, expected: String?) {
    #expect(LinkResolver.normalised(path) == expected)
  }

  /// The byte reading of ASCII paths agrees with the character reading for every mix of parts.
  @Test func theASCIIReadingAgreesWithTheCharacterReading() {
    let parts = ["", ".", "..", "a", "b.md", "x y", "...", ".a"]
    var paths: [String] = parts
    for first in parts {
      for second in parts {
        paths.append(first + "/" + second)
        for third in parts { paths.append(first + "/" + second + "/" + third) }
      }
    }
    for path in paths {
      #expect(LinkResolver.asciiNormalised(path) == LinkResolver.characterNormalised(path), "\(path)")
    }
  }
}

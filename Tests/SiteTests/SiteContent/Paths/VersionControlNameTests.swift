import Testing

@testable import SiteContent

/// Version-control names are refused as every checkout's file system reads them, and nothing
/// else is.
@Suite struct VersionControlNameTests {
  /// Every way of writing `base` that macOS (case, HFS+ ignorable code points) or Windows (case,
  /// trailing dots and spaces, a stream) reads as `base`.
  private static func spellings(of base: String) -> [String] {
    var spellings: [String] = []
    let scalars = Array(base.unicodeScalars)
    // Each letter in either case: 2^letters spellings.
    let letters = scalars.indices.filter { scalars[$0].properties.isAlphabetic }
    for mask in 0..<(1 << letters.count) {
      var view = String.UnicodeScalarView()
      for (index, scalar) in scalars.enumerated() {
        let position = letters.firstIndex(of: index)
        let upper = position.map { mask & (1 << $0) != 0 } ?? false
        view.append(upper ? Unicode.Scalar(UInt8(scalar.value) - 0x20) : scalar)
      }
      spellings.append(String(view))
    }
    var more: [String] = []
    for spelling in spellings {
      more += [spelling + ".", spelling + " ", spelling + ". .", spelling + "::$INDEX_ALLOCATION"]
      // An ignorable code point after each character.
      for ignorable in [
        "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{206A}", "\u{206F}",
        "\u{FEFF}",
      ] {
        for cut in 1...spelling.count {
          more.append(String(spelling.prefix(cut)) + ignorable + String(spelling.dropFirst(cut)))
        }
      }
    }
    return spellings + more
  }

  @Test(arguments: [".git", ".hg", ".svn", ".bzr", "_darcs", ".jj", ".folio-output"])
  func everySpellingOfAVersionControlNameIsReserved(name: String) {
    let spellings = VersionControlNameTests.spellings(of: name)
    #expect(spellings.count > 100)
    for spelling in spellings {
      #expect(VersionControlName.reservedName(of: spelling) == name, "\(spelling.debugDescription)")
      #expect(throws: OutputPath.Problem.versionControl(name: name)) {
        try OutputPath.check(segment: spelling)
      }
    }
  }

  @Test func theWindowsShortNameOfDotGitIsReserved() {
    #expect(VersionControlName.reservedName(of: "git~1") == ".git")
    #expect(VersionControlName.reservedName(of: "GIT~1") == ".git")
  }

  @Test(arguments: [
    ".github", ".gitignore", ".gitattributes", "git", "gitlab", ".hgignore", "svn", "_darcsy", ".jjk",
    "git~2",
    ".git-hooks", "a.git", "folio-output", "\u{200C}", "ギット", ".gıt",
  ])
  func namesThatOnlyLookAlikeAreKept(name: String) throws {
    #expect(VersionControlName.reservedName(of: name) == nil)
    try OutputPath.check(segment: name)
  }

  @Test func aPathIsRefusedAtItsFirstVersionControlSegment() {
    #expect(VersionControlName.firstReservedSegment(in: "Content/docs/.Git/config") == ".Git")
    #expect(VersionControlName.firstReservedSegment(in: "Content/docs/gitdir/config") == nil)
    #expect(VersionControlName.firstReservedSegment(in: ".hg/a/.git") == ".hg")
    #expect(VersionControlName.firstReservedSegment(in: "a//_darcs/") == "_darcs")
    #expect(VersionControlName.firstReservedSegment(in: "a/b/.git.") == ".git.")
    #expect(VersionControlName.firstReservedSegment(in: "") == nil)
    #expect(throws: OutputPath.Problem.versionControl(name: ".svn")) {
      try OutputPath(relative: "docs/.svn/entries")
    }
    #expect(throws: OutputPath.Problem.versionControl(name: ".git")) {
      try OutputPath(siteURL: "/.git/")
    }
  }

  @Test(arguments: [
    ("a?b", OutputPath.Problem.endsTheURLPath("?")), ("c#", .endsTheURLPath("#")),
    ("%2e%2e", .encodedSeparator("%2e")), ("x%2Fy", .encodedSeparator("%2F")),
    ("%5C", .encodedSeparator("%5C")),
  ])
  func namesThatBreakTheirURLAreRefused(name: String, problem: OutputPath.Problem) {
    #expect(throws: problem) { try OutputPath.check(segment: name) }
  }

  @Test(arguments: ["100%", "50%25off", "%e3%81%82", "a%2", "%"])
  func otherPercentSignsAreKept(name: String) throws {
    try OutputPath.check(segment: name)
  }
}

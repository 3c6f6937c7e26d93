import Testing

@testable import SiteContent

/// The check of a site URL that page loading runs agrees with the path it stands for.
@Suite struct OutputPathTests {
  static let urls = [
    "/", "/a/", "/a/b/", "/a/b", "/a.html", "a/", "", "/a//b/", "//", "/../", "/./x/", "/a\\b/",
    "/a?b/", "/a#b/", "/%2e%2E/", "/a%2Fb/", "/.git/", "/.GIT./x/", "/git~1/", "/\u{7}/", "/a\u{85}/",
    "/" + String(repeating: "x", count: 256) + "/", "/" + String(repeating: "x/", count: 1_600),
    "/" + String(repeating: "abcdefgh/", count: 340) + "y", "/été/日本/", "/..", "/a/.git", "/a/b\\c", "/a/%2e",
    "/\u{301}x/", "/a/\u{301}/",
  ]

  @Test(arguments: urls) func checkingASiteURLThrowsWhatMakingItsPathThrows(_ url: String) {
    var made: OutputPath.Problem? = nil
    do throws(OutputPath.Problem) { _ = try OutputPath(siteURL: url) } catch { made = error }
    var checked: OutputPath.Problem? = nil
    do throws(OutputPath.Problem) { try OutputPath.check(siteURL: url) } catch { checked = error }
    #expect(checked == made)
  }

  /// The check of every path a build writes or its record names agrees with the path it
  /// stands for: a `?` or `#` is let through there (a redirect from an old URL's `%3F`).
  @Test(arguments: urls.map { String($0.drop { $0 == "/" }) } + ["a?b/index.html", "a/#x", "a/", "/a"])
  func checkingADecodedPathThrowsWhatMakingItThrows(_ path: String) {
    var made: OutputPath.Problem? = nil
    do throws(OutputPath.Problem) { _ = try OutputPath(decodedURLPath: path) } catch { made = error }
    var checked: OutputPath.Problem? = nil
    do throws(OutputPath.Problem) { try OutputPath.check(decodedURLPath: path) } catch { checked = error }
    #expect(checked == made)
  }

  /// A path comes apart at every `/`, empty names kept, whatever its names hold: a combining
  /// mark after a slash does not join it (as a split by `Character` would).
  @Test(arguments: [
    ("", [""]), ("/", ["", ""]), ("a", ["a"]), ("/a/b/", ["", "a", "b", ""]), ("a//b", ["a", "", "b"]),
    ("été/日本/x", ["été", "日本", "x"]), ("a/\u{301}b/c", ["a", "\u{301}b", "c"]),
    ("x/\u{301}", ["x", "\u{301}"]),
  ])
  func splittingAPathGivesTheNamesBetweenItsSlashes(_ path: String, _ names: [String]) {
    #expect(OutputPath.split(path).map(String.init) == names)
    // The same from a substring that starts inside a longer string.
    let inside = ("zz/" + path).dropFirst(3)
    #expect(OutputPath.split(inside).map(String.init) == names)
  }

  @Test func aCombiningMarkAfterTheFirstSlashStaysInTheFirstName() throws {
    #expect(try OutputPath(siteURL: "/\u{301}x/").description == "\u{301}x/index.html")
  }

  @Test func pathsAtTheLengthLimitPassAndOneByteMoreDoesNot() {
    // 15 × 201 bytes and 48 more after the first `/`: 3,063, and `index.html` makes 3,073.
    let segment = String(repeating: "x", count: 200) + "/"
    let long = "/" + String(repeating: segment, count: 15) + String(repeating: "y", count: 47) + "/"
    #expect(throws: OutputPath.Problem.pathTooLong(bytes: 3_073)) { try OutputPath.check(siteURL: long) }
    let fits = String(long.dropLast(2)) + "/"
    #expect(throws: Never.self) { try OutputPath.check(siteURL: fits) }
  }
}

import Testing

@testable import SiteContent

/// The check of a site URL that page loading runs agrees with the path it stands for.
@Suite struct OutputPathTests {
  static let urls = [
    "/", "/a/", "/a/b/", "/a/b", "/a.html", "a/", "", "/a//b/", "//", "/../", "/./x/", "/a\\b/",
    "/a?b/", "/a#b/", "/%2e%2E/", "/a%2Fb/", "/.git/", "/.GIT./x/", "/git~1/", "/\u{7}/", "/a\u{85}/",
    "/" + String(repeating: "x", count: 256) + "/", "/" + String(repeating: "x/", count: 1_600),
    "/" + String(repeating: "abcdefgh/", count: 340) + "y", "/été/日本/", "/..", "/a/.git", "/a/b\\c", "/a/%2e",
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

  @Test func pathsAtTheLengthLimitPassAndOneByteMoreDoesNot() {
    // 15 × 201 bytes and 48 more after the first `/`: 3,063, and `index.html` makes 3,073.
    let segment = String(repeating: "x", count: 200) + "/"
    let long = "/" + String(repeating: segment, count: 15) + String(repeating: "y", count: 47) + "/"
    #expect(throws: OutputPath.Problem.pathTooLong(bytes: 3_073)) { try OutputPath.check(siteURL: long) }
    let fits = String(long.dropLast(2)) + "/"
    #expect(throws: Never.self) { try OutputPath.check(siteURL: fits) }
  }
}

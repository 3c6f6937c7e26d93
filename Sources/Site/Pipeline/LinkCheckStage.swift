import BuildCache
import Diagnostics
import SiteComponents

/// The link check stage: one page's site-relative links → the ones that lead nowhere, as
/// diagnostics with their suggestions.
///
/// What a page's check reads is its own links, its path and URL (the example its hints give),
/// and the site the links are checked against: every output path (whether a target exists, and
/// what a broken link probably meant), the Markdown files and which of them make pages (what a
/// link to a `.md` file is told), how broken links are reported (`brokenLinks`) and the settings
/// (a mounted folder names its files where they are in the project). The last group is the
/// **site's key** (``siteKey(settings:outputPaths:pageFiles:markdownFiles:severity:)``), the same
/// for every page; a page's key is that with its own part
/// (``key(site:sourcePath:url:links:)``). A one-page edit that moves no URL keeps the site's key,
/// so every other page's check is taken from `.folio/cache/link-checks` (``LinkCheckStore``); an edit
/// that adds or removes an output changes it, and every page is checked again.
///
/// Not used when anchors are checked (`folio check`, `folio serve`): whether an id exists reads
/// the pages' HTML, which no key here holds.
enum LinkCheckStage {
  /// The cache file's name in `.folio/cache/`.
  static let fileName = "link-checks"
  /// What the layout of a stored result is; raised with every change to ``encode(_:)``.
  static let format = 1

  /// The key of what every page's check reads besides its own links: the settings' key
  /// (``ProjectKey``), the output paths, the Markdown files that make pages and all Markdown files
  /// (each relative to `Content/`), and the severity of a broken link.
  static func siteKey(
    settings: ContentDigest, outputPaths: some Sequence<String>, pageFiles: some Sequence<String>,
    markdownFiles: some Sequence<String>, severity: Diagnostic.Severity
  ) -> ContentDigest {
    ContentDigest(combining: [
      ContentDigest(of: "links \(format) \(severity.rawValue)"), settings,
      setDigest(outputPaths, seed: Seed.output), setDigest(pageFiles, seed: Seed.page),
      setDigest(markdownFiles, seed: Seed.markdown),
    ])
  }

  /// The key of the check of the page at `sourcePath`, whose URL is `url`, with these links,
  /// against the site whose key is `site`.
  static func key(site: ContentDigest, sourcePath: String, url: String, links: [InternalLink])
    -> ContentDigest
  {
    var out = CacheWriter(capacity: 64 + links.count * 96)
    out.write(sourcePath)
    out.write(url)
    out.write(links) { out, link in out.write(link) }
    return site.followed(by: ContentDigest(of: out.bytes), seed: Seed.page)
  }

  /// The stored form of a page's problems.
  static func encode(_ problems: [Diagnostic]) -> [UInt8] {
    var out = CacheWriter(capacity: problems.count * 160 + 4)
    out.write(problems) { out, problem in out.write(problem) }
    return out.bytes
  }

  /// The problems stored in `bytes`.
  static func decode(_ bytes: ArraySlice<UInt8>) throws(CacheReader.Malformed) -> [Diagnostic] {
    var input = CacheReader(bytes)
    let problems = try input.readArray { input throws(CacheReader.Malformed) in try input.readDiagnostic() }
    guard input.isAtEnd else { throw CacheReader.Malformed() }
    return problems
  }

  /// The digest of a set of names, whatever order they come in (a table's keys): the sum of
  /// each one's digest, then the count.
  private static func setDigest(_ names: some Sequence<String>, seed: UInt64) -> ContentDigest {
    var sum = ContentDigest(high: 0, low: 0)
    var count: UInt64 = 0
    for name in names {
      sum = sum &+ ContentDigest(of: name, seed: seed)
      count += 1
    }
    return sum.followed(by: ContentDigest(high: seed, low: count), seed: seed)
  }

  private enum Seed {
    static let output: UInt64 = 0x6f75_7470
    static let page: UInt64 = 0x7061_6765
    static let markdown: UInt64 = 0x6d61_726b
  }
}

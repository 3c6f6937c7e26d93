import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Atom, RSS, sitemap and robots.txt as a build writes them.
@Suite struct FeedWriterTests {
  private static let site = """
    -- folio.yaml --
    title: Fish & Chips
    description: A <small> site
    baseURL: https://example.org/blog
    author: Ann
    -- Content/_index.md --
    Home
    -- Content/posts/old.md --
    ---
    title: Old & cold
    date: 2024-01-01
    ---
    Old <b>summary</b>.
    -- Content/posts/new.md --
    ---
    title: New
    date: 2024-03-05T09:30:00+09:00
    updated: 2024-03-06
    ---
    New *summary*.
    -- Content/about.md --
    Undated pages are not in feeds.
    -- Content/draft.md --
    ---
    date: 2024-05-01
    draft: true
    ---
    """

  @Test func atomIsWellFormedWithAbsoluteURLsNewestFirst() throws {
    let built = try SiteFixture(FeedWriterTests.site).build()
    let atom = try XMLOutline(built.text("atom.xml"))
    #expect(atom.root == "feed")
    #expect(atom.texts("feed/title") == ["Fish & Chips"])
    #expect(
      atom.attributes("feed/link", "href") == [
        "https://example.org/blog/atom.xml", "https://example.org/blog/",
      ])
    #expect(atom.texts("feed/entry/title") == ["New", "Old & cold"])
    #expect(
      atom.attributes("feed/entry/link", "href") == [
        "https://example.org/blog/posts/new/", "https://example.org/blog/posts/old/",
      ])
    #expect(atom.texts("feed/entry/updated") == ["2024-03-06T00:00:00Z", "2024-01-01T00:00:00Z"])
    #expect(atom.texts("feed/entry/published") == ["2024-03-05T09:30:00+09:00", "2024-01-01T00:00:00Z"])
    #expect(
      atom.texts("feed/entry/summary") == [
        "<p>New <em>summary</em>.</p>\n",
        "<p>Old <!-- raw HTML omitted -->summary<!-- raw HTML omitted -->.</p>\n",
      ])
    #expect(atom.texts("feed/author/name") == ["Ann"])
  }

  @Test func aDateTimeWithASpaceIsWrittenWithATInAtom() throws {
    let built = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      baseURL: https://example.org/
      -- Content/a.md --
      ---
      date: "2024-03-05 09:30:00+09:00"
      ---
      A
      """
    ).build()
    let atom = try XMLOutline(built.text("atom.xml"))
    #expect(atom.texts("feed/entry/published") == ["2024-03-05T09:30:00+09:00"])
    #expect(built.text("a/index.html").contains("<time datetime=\"2024-03-05T09:30:00+09:00\">"))
  }

  @Test func rssIsWellFormedWithRFC822Dates() throws {
    let built = try SiteFixture(FeedWriterTests.site).build()
    let rss = try XMLOutline(built.text("rss.xml"))
    #expect(rss.root == "rss")
    #expect(rss.texts("rss/channel/description") == ["A <small> site"])
    #expect(
      rss.texts("rss/channel/item/link") == [
        "https://example.org/blog/posts/new/", "https://example.org/blog/posts/old/",
      ])
    #expect(
      rss.texts("rss/channel/item/pubDate") == [
        "Tue, 05 Mar 2024 09:30:00 +0900", "Mon, 01 Jan 2024 00:00:00 +0000",
      ])
  }

  @Test func sitemapListsPagesAndRobotsPointsAtIt() throws {
    let built = try SiteFixture(FeedWriterTests.site).build()
    let sitemap = try XMLOutline(built.text("sitemap.xml"))
    #expect(
      sitemap.texts("urlset/url/loc") == [
        // posts/ has no _index.md: its list page is made, and listed (a top folder is a section).
        "https://example.org/blog/about/", "https://example.org/blog/", "https://example.org/blog/posts/",
        "https://example.org/blog/posts/new/", "https://example.org/blog/posts/old/",
      ])
    #expect(sitemap.texts("urlset/url/lastmod") == ["2024-03-06", "2024-01-01"])
    #expect(
      built.text("robots.txt") == "User-agent: *\nAllow: /\nSitemap: https://example.org/blog/sitemap.xml\n")
  }

  @Test func aSitemapOfThousandsOfPagesListsEachOnceInOrderWithoutAliases() throws {
    // More pages than one piece of the sitemap takes (its entries are made in pieces).
    let count = 2_100
    var text = "-- folio.yaml --\nbaseURL: https://example.org/\n"
    for number in 1...count {
      let name = "p" + String(String(number).reversed()).padding(toLength: 4, withPad: "0", startingAt: 0)
      text += "-- Content/\(name).md --\n"
      if number == 2_050 { text += "---\naliases: [/old/]\n---\n" }
      text += "x\n"
    }
    let built = try SiteFixture(text).build()
    let locations = try XMLOutline(built.text("sitemap.xml")).texts("urlset/url/loc")
    #expect(locations.count == count + 1)
    #expect(locations == locations.sorted())
    #expect(Set(locations).count == locations.count)
    #expect(locations.contains("https://example.org/p0502/"))
    #expect(!locations.contains("https://example.org/old/"))
  }

  @Test func feedsAndSitemapCanBeTurnedOff() throws {
    let site = try SiteFixture(
      FeedWriterTests.site.replacingOccurrences(
        of: "author: Ann\n", with: "author: Ann\nfeeds: {atom: false, rss: false}\nsitemap: false\n"))
    let built = try site.build()
    #expect(built.files["atom.xml"] == nil)
    #expect(built.files["rss.xml"] == nil)
    #expect(built.files["sitemap.xml"] == nil)
    #expect(built.text("robots.txt") == "User-agent: *\nAllow: /\n")
    #expect(!built.text("index.html").contains("atom.xml"))
  }

  @Test func theBaseURLOptionReplacesTheConfiguredOne() throws {
    let built = try SiteFixture(FeedWriterTests.site).build(baseURL: "http://127.0.0.1:8080")
    #expect(built.text("robots.txt").hasSuffix("Sitemap: http://127.0.0.1:8080/sitemap.xml\n"))
    #expect(
      built.text("posts/new/index.html").contains(
        #"<link rel="canonical" href="http://127.0.0.1:8080/posts/new/">"#))
  }
}

/// An XML document parsed with Foundation's XMLParser (so it must be well-formed), as element
/// paths with their text and attributes.
private struct XMLOutline {
  private(set) var root = ""
  private var elements: [(path: String, text: String, attributes: [String: String])] = []

  init(_ xml: String) throws {
    let delegate = Collector()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = delegate
    guard parser.parse() else {
      throw FixtureError(message: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")\n\(xml)")
    }
    elements = delegate.elements
    root = elements.first?.path ?? ""
  }

  func texts(_ path: String) -> [String] { elements.filter { $0.path == path }.map(\.text) }

  func attributes(_ path: String, _ name: String) -> [String] {
    elements.filter { $0.path == path }.compactMap { $0.attributes[name] }
  }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [(path: String, text: String, attributes: [String: String])] = []
    private var open: [(index: Int, name: String)] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      let path = (open.last.map { elements[$0.index].path + "/" } ?? "") + name
      open.append((elements.count, name))
      elements.append((path, "", attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let current = open.last { elements[current.index].text += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      open.removeLast()
    }
  }
}

/// Characters XML 1.0 forbids, which would make a feed ill-formed.
extension FeedWriterTests {
  @Test func controlCharactersAreLeftOutOfFeedsWithAWarningAtTheirField() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: 1️⃣"Site\\a name"
      author: 2️⃣"Ann\\x0C\\x0B"
      -- Content/posts/a.md --
      ---
      title: 3️⃣"Bad\\x01 title\\e"
      date: 2024-01-01
      summary: 4️⃣"Sum\\bmary\\uFFFE"
      ---
      Body
      -- Content/posts/b.md --
      ---
      date: 2024-01-02
      ---
      # Heading\u{1}one

      Text with a \u{B}vertical tab, a NUL\u{0} and\ta tab.
      """)
    let built = try site.build()
    let feeds = "atom.xml and rss.xml leave"
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: the site's title holds U+0007, which XML 1.0 forbids; \(feeds) it out",
        "\(site.location("2️⃣")): warning: the site's author holds U+000C and U+000B, which XML 1.0 forbids; "
          + "\(feeds) them out",
        "\(site.location("3️⃣")): warning: the title holds U+0001 and U+001B, which XML 1.0 forbids; \(feeds) them out",
        "\(site.location("4️⃣")): warning: the summary holds U+0008 and U+FFFE, which XML 1.0 forbids; "
          + "\(feeds) them out",
        "Content/posts/b.md:1:1: warning: the summary holds U+000B, which XML 1.0 forbids; \(feeds) it out",
        "Content/posts/b.md:1:1: warning: the title holds U+0001, which XML 1.0 forbids; \(feeds) it out",
      ])
    let atom = try XMLOutline(built.text("atom.xml"))
    #expect(atom.texts("feed/title") == ["Site name"])
    #expect(atom.texts("feed/author/name") == ["Ann"])
    #expect(atom.texts("feed/entry/title") == ["Headingone", "Bad title"])
    // cmark-gfm reads NUL as U+FFFD, which XML allows; tabs and newlines stay.
    #expect(
      atom.texts("feed/entry/summary") == [
        "<p>Text with a vertical tab, a NUL\u{FFFD} and\ta tab.</p>\n", "<p>Summary</p>",
      ])
    let rss = try XMLOutline(built.text("rss.xml"))
    #expect(rss.texts("rss/channel/item/title") == ["Headingone", "Bad title"])
  }

  @Test func withoutFeedsNothingIsLeftOutAndNothingIsWarned() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: "Site\\a name"
      feeds: {atom: false, rss: false}
      -- Content/a.md --
      A
      """)
    #expect(try site.build().warnings == [])
  }
}

import HTMLRendering
import RichText
import SiteContent

/// A link shown as a card, in the bookmark table's family: a paragraph that is only a URL (Zenn
/// and Qiita show those as cards), or Zenn's `@[card](url)` and its embeds (`@[tweet](url)`,
/// `@[youtube](id)`, `@[github](url)` …), which the card links out to: no third-party frame or
/// script reaches the page (the theme's CSP forbids them). The title is the page's own, when
/// `folio check --external` has read it into the project's link cache, else the URL as the
/// reader reads it (host and path); docs/CONTRACTS.md fixes the markup.
struct LinkCard: Hashable, Sendable {
  /// The URL the card opens, checked by ``URLPolicy`` (http and https only).
  var url: String
  /// The embed's name for `@[name](…)`, nil for a bare URL.
  var service: String?
  /// The link's container identity when what it was written with is no URL (`@[youtube](id)`):
  /// the link check leaves it alone.
  var embedLink: Int? = nil
  /// The page's title, when the link cache of `folio check --external` holds one.
  var title: String? = nil

  /// The URL as `folio check --external` requests it and its cache names it.
  var titleKey: String { ExternalLink.checkedURL(url) ?? url }

  /// The `@[name](…)` names read as cards.
  static let services: Set<String> = [
    "card", "tweet", "youtube", "github", "gist", "speakerdeck", "slideshare", "docswell", "figma", "codepen",
    "codesandbox", "stackblitz", "jsfiddle", "blueprintue",
  ]

  /// The URL check a card's link passes (made once: its scheme set is built per policy).
  private static let standardPolicy = URLPolicy(allowing: [])

  /// The cards among a page's top-level paragraphs, by block identity.
  ///
  /// Read from the run and container tables: a page has few cards and many paragraphs, and the
  /// public chains (``Run/inlineIntent``) would be built for every run looked at.
  static func find(in text: AttributedText, topLevel: [TopLevelBlock], titles: [String: String] = [:])
    -> [Int: LinkCard]
  {
    let table = Table(text)
    var cards: [Int: LinkCard] = [:]
    for block in topLevel where block.kind == .paragraph && table.mayBeCard(from: block.firstRun) {
      let paragraph = table.runs[block.firstRun].block
      var end = block.firstRun
      while end < table.runs.count, table.runs[end].block == paragraph { end += 1 }
      if var card = card(table, block.firstRun..<end) {
        // Most builds have no link cache: then no key is made (the URL checks cost).
        if !titles.isEmpty { card.title = titles[card.titleKey] }
        cards[block.identity] = card
      }
    }
    return cards
  }

  /// The tables of a page's text, with the questions a card asks of its runs.
  private struct Table {
    let runs: [RunRecord]
    let inlines: [InlineRecord]
    let bytes: [UInt8]

    init(_ text: AttributedText) {
      runs = text.runRecords
      inlines = text.inlineRecords
      bytes = text.bytes
    }

    func utf8(_ run: Int) -> ArraySlice<UInt8> { bytes[runs[run].start..<runs[run].end] }

    /// The outermost container around run `run` (an inline-table index), or -1.
    func outermost(_ run: Int) -> Int32 {
      var cursor = runs[run].inline
      while cursor >= 0, inlines[Int(cursor)].parent >= 0 { cursor = inlines[Int(cursor)].parent }
      return cursor
    }

    /// Whether `run` is an empty text run outside any container, as cmark-gfm leaves around an
    /// autolink.
    func isEmptyText(_ run: Int) -> Bool {
      runs[run].kind == .text && runs[run].start == runs[run].end && runs[run].inline < 0
    }

    /// Whether `run` is the `@` of `@[name](…)`: a text run of its own, outside any container.
    func isAt(_ run: Int) -> Bool {
      runs[run].kind == .text && runs[run].inline < 0 && utf8(run).elementsEqual("@".utf8)
    }

    /// Whether a paragraph whose first run is `first` can be a card: its first text is a link or
    /// `@`. Most paragraphs are not, and are let go without a walk over their runs.
    func mayBeCard(from first: Int) -> Bool {
      var index = first
      while index < runs.count, isEmptyText(index) { index += 1 }
      guard index < runs.count else { return false }
      return runs[index].inline >= 0 || (runs[index].kind == .text && utf8(index).elementsEqual("@".utf8))
    }
  }

  private static func card(_ table: Table, _ whole: Range<Int>) -> LinkCard? {
    // cmark-gfm's autolinks leave an empty text run before the link.
    var range = whole
    while !range.isEmpty, table.isEmptyText(range.lowerBound) {
      range = (range.lowerBound + 1)..<range.upperBound
    }
    while !range.isEmpty, table.isEmptyText(range.upperBound - 1) {
      range = range.lowerBound..<(range.upperBound - 1)
    }
    guard !range.isEmpty else { return nil }
    var linkRange = range
    var service: String? = nil
    if table.isAt(range.lowerBound) { linkRange = (range.lowerBound + 1)..<range.upperBound }
    guard !linkRange.isEmpty else { return nil }
    let link = table.outermost(linkRange.lowerBound)
    guard link >= 0, case .link(let target) = table.inlines[Int(link)].kind,
      linkRange.allSatisfy({ table.outermost($0) == link })
    else { return nil }
    let label = linkRange.map { String(decoding: table.utf8($0), as: UTF8.self) }.joined()
    var url = target.url
    var embedLink: Int? = nil
    if linkRange != range {
      guard services.contains(label) else { return nil }
      service = label
      if label == "youtube", !url.contains("/"),
        url.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
      {
        url = "https://www.youtube.com/watch?v=" + url
        embedLink = Int(table.inlines[Int(link)].identity)
      }
    } else if label != url, "http://" + label != url {
      return nil
    }
    guard case .allowed(let allowed) = standardPolicy.check(url),
      let scheme = URLPolicy.scheme(of: allowed), scheme == "http" || scheme == "https"
    else { return nil }
    return LinkCard(url: allowed, service: service, embedLink: embedLink)
  }

  /// Writes the card in place of its paragraph.
  func render(into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    writer.raw("<p class=\"folio-linkcard\"")
    if let service {
      writer.raw(" data-service=\"")
      writer.text(service)
      writer.raw("\"")
    }
    writer.raw("><a class=\"folio-linkcard-link\" href=\"")
    writer.text(url)
    writer.raw("\"><span class=\"folio-linkcard-title\">")
    writer.text(title ?? BookmarkTable.readable(url))
    writer.raw("</span><span class=\"folio-url\">")
    writer.text(LinkCard.host(of: url))
    writer.raw("</span></a></p>\n")
  }

  /// The host of an http(s) URL, for the card's second line.
  static func host(of url: String) -> String {
    // Between the second `/` and the third (or the end), found in the bytes: no array of
    // pieces per card. `/` is ASCII, so the UTF-8 indices are the string's own.
    let utf8 = url.utf8
    let slash = UInt8(ascii: "/")
    guard let first = utf8.firstIndex(of: slash),
      let second = utf8[utf8.index(after: first)...].firstIndex(of: slash)
    else { return url }
    let start = utf8.index(after: second)
    let end = utf8[start...].firstIndex(of: slash) ?? utf8.endIndex
    return String(url[start..<end])
  }
}

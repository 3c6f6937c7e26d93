import HTMLRendering
import RichText

/// A link shown as a card, in the bookmark table's family: a paragraph that is only a URL (Zenn
/// and Qiita show those as cards), or Zenn's `@[card](url)` and its embeds (`@[tweet](url)`,
/// `@[youtube](id)`, `@[github](url)` …), which the card links out to: no third-party frame or
/// script reaches the page (the theme's CSP forbids them). The title is the URL as the reader
/// reads it (host and path); docs/CONTRACTS.md fixes the markup.
struct LinkCard: Hashable, Sendable {
  /// The URL the card opens, checked by ``URLPolicy`` (http and https only).
  var url: String
  /// The embed's name for `@[name](…)`, nil for a bare URL.
  var service: String?
  /// The link's container identity when what it was written with is no URL (`@[youtube](id)`):
  /// the link check leaves it alone.
  var embedLink: Int? = nil

  /// The `@[name](…)` names read as cards.
  static let services: Set<String> = [
    "card", "tweet", "youtube", "github", "gist", "speakerdeck", "slideshare", "docswell", "figma", "codepen",
    "codesandbox", "stackblitz", "jsfiddle", "blueprintue",
  ]

  /// The cards among a page's top-level paragraphs, by block identity.
  static func find(in text: AttributedText, topLevel: [TopLevelBlock]) -> [Int: LinkCard] {
    let runs = text.runs
    var cards: [Int: LinkCard] = [:]
    for block in topLevel where block.kind == .paragraph && mayBeCard(runs, from: block.firstRun) {
      var end = block.firstRun
      while end < runs.count, runs[end].presentationIntent?.innermost.identity == block.identity { end += 1 }
      if let card = card(runs, block.firstRun..<end) { cards[block.identity] = card }
    }
    return cards
  }

  /// Whether a paragraph whose first run is `first` can be a card: its first text is a link or
  /// `@`. Most paragraphs are not, and are let go without a walk over their runs.
  private static func mayBeCard(_ runs: AttributedText.Runs, from first: Int) -> Bool {
    var index = first
    while index < runs.count, isEmptyText(runs[index]) { index += 1 }
    guard index < runs.count else { return false }
    let run = runs[index]
    return run.inlineIntent != nil || (run.kind == .text && run.utf8.elementsEqual("@".utf8))
  }

  /// Whether `run` is an empty text run outside any container, as cmark-gfm leaves around an
  /// autolink.
  private static func isEmptyText(_ run: Run) -> Bool {
    run.kind == .text && run.utf8.isEmpty && run.inlineIntent == nil
  }

  private static func card(_ runs: AttributedText.Runs, _ whole: Range<Int>) -> LinkCard? {
    // cmark-gfm's autolinks leave an empty text run before the link.
    var range = whole
    while !range.isEmpty, isEmptyText(runs[range.lowerBound]) {
      range = (range.lowerBound + 1)..<range.upperBound
    }
    while !range.isEmpty, isEmptyText(runs[range.upperBound - 1]) {
      range = range.lowerBound..<(range.upperBound - 1)
    }
    guard !range.isEmpty else { return nil }
    var linkRange = range
    var service: String? = nil
    if runs[range.lowerBound].kind == .text, runs[range.lowerBound].inlineIntent == nil,
      runs[range.lowerBound].text == "@"
    {
      linkRange = (range.lowerBound + 1)..<range.upperBound
    }
    guard !linkRange.isEmpty, let link = runs[linkRange.lowerBound].inlineIntent?.components.last,
      case .link(let target) = link.kind,
      linkRange.allSatisfy({ runs[$0].inlineIntent?.components.last?.identity == link.identity })
    else { return nil }
    let label = linkRange.map { runs[$0].text }.joined()
    var url = target.url
    var embedLink: Int? = nil
    if linkRange != range {
      guard services.contains(label) else { return nil }
      service = label
      if label == "youtube", !url.contains("/"),
        url.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
      {
        url = "https://www.youtube.com/watch?v=" + url
        embedLink = link.identity
      }
    } else if label != url, "http://" + label != url {
      return nil
    }
    guard case .allowed(let allowed) = URLPolicy(allowing: []).check(url),
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
    writer.text(BookmarkTable.readable(url))
    writer.raw("</span><span class=\"folio-url\">")
    writer.text(LinkCard.host(of: url))
    writer.raw("</span></a></p>\n")
  }

  /// The host of an http(s) URL, for the card's second line.
  static func host(of url: String) -> String {
    let rest = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
    return rest.count > 2 ? String(rest[2]) : url
  }
}

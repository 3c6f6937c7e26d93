import SiteComponents

/// The page's one `<h1>`: the content's own when it opens with one, else the theme's.
///
/// A page whose Markdown opens with `# Title` has its `<h1>` in its content; the theme then
/// writes none of its own, and a page whose front matter has a title too keeps that title for
/// `<title>`, lists and feeds while the content's heading is what the page shows (as MkDocs
/// Material does: it adds an `<h1>` only to a page whose content has none). The alternatives
/// were worse: dropping the content's heading loses its formatting and links, and demoting it
/// leaves the same words twice on the page. An opening `## Title` whose words are the title is
/// rendered as the `<h1>` already (``RenderedPage/titleHeadingToPromote(of:anchors:topLevel:hidden:)``).
extension TemplateContext {
  /// The `<h1>` element the content opens with (`page.titleHeading`), the content after it
  /// (`page.body`), and whether it is the content's first Markdown heading (so the first entry
  /// of the table of contents, which the page's title is not part of); nil when the content
  /// opens with anything else.
  static func titleHeading(of rendered: RenderedPage) -> (
    heading: Substring, rest: String, isFirstHeading: Bool
  )? {
    let content = rendered.content
    // Comments before it show nothing: `<!-- raw HTML omitted -->` where a page's `<style>`
    // block was left out (13 of Django REST framework's MkDocs pages open with one), or a
    // comment the page wrote. They stay in `body`, before the rest.
    var start = content.startIndex
    while content[start...].utf8.starts(with: "<!--".utf8),
      let end = content[start...].utf8.firstRange(of: "-->\n".utf8)
    {
      start = end.upperBound
    }
    // The content is Folio's own HTML: a heading's text is escaped, so the first `</h1>` closes
    // the opening `<h1>` (a raw HTML `<h1>` opening the page counts as well: it is an h1).
    let opening = content[start...]
    guard opening.utf8.starts(with: "<h1".utf8),
      let close = opening.utf8.firstRange(of: "</h1>".utf8)
    else { return nil }
    let heading = content[start..<close.upperBound]
    var rest = content[close.upperBound...]
    if rest.utf8.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
    let isFirstHeading = rendered.toc.first.map { heading.contains(" id=\"\($0.id)\"") } ?? false
    return (heading, String(content[..<start]) + String(rest), isFirstHeading)
  }
}

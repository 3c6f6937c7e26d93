import RichText

// Callouts and disclosures (GitHub alerts, Zenn's `:::message` and `:::details`, Qiita's
// `:::note`), which cmark-gfm does not know: written as GitHub writes alerts (its class names,
// without the icon) and as HTML's own `<details>`, with English labels; a site writes its own
// through the block override.
extension CMarkHTMLHandler {
  /// The English label of each callout style, as GitHub shows it.
  static func calloutTitle(_ style: PresentationIntent.Callout.Style) -> String {
    switch style {
    case .note: "Note"
    case .tip: "Tip"
    case .important: "Important"
    case .warning: "Warning"
    case .caution: "Caution"
    }
  }

  mutating func openCallout(_ component: PresentationIntent.Component, _ callout: PresentationIntent.Callout)
  {
    writer.newlineIfNeeded()
    writer.raw("<div class=\"markdown-alert markdown-alert-")
    writer.raw(callout.style.rawValue)
    writer.raw("\"")
    sourcePosition(component)
    writer.raw(">\n")
    let title = callout.title ?? Self.calloutTitle(callout.style)
    guard !title.isEmpty else { return }
    writer.raw("<p class=\"markdown-alert-title\">")
    writer.text(title)
    writer.raw("</p>\n")
  }

  mutating func openDisclosure(
    _ component: PresentationIntent.Component, _ disclosure: PresentationIntent.Disclosure
  ) {
    writer.newlineIfNeeded()
    writer.raw("<details")
    sourcePosition(component)
    if disclosure.isOpen { writer.raw(" open") }
    writer.raw(">\n<summary>")
    writer.text(disclosure.summary.isEmpty ? "Details" : disclosure.summary)
    writer.raw("</summary>\n")
  }

  /// Content tabs as sections, which read in order without a script: `<div class="tabs">`
  /// around `<section class="tab">`s, each headed by its label; a site writes real tabs through
  /// the block override.
  mutating func openTabs(_ component: PresentationIntent.Component) {
    writer.newlineIfNeeded()
    guard case .tab(let label, _) = component.kind else {
      writer.raw("<div class=\"tabs\"")
      sourcePosition(component)
      writer.raw(">\n")
      return
    }
    writer.raw("<section class=\"tab\"")
    sourcePosition(component)
    writer.raw(">\n<p class=\"tab-label\">")
    writer.text(label)
    writer.raw("</p>\n")
  }

  /// `<picture>` and a `<source>` per format, before the image's `<img>`.
  mutating func openPicture(_ picture: Picture) {
    picture.writeOpening(into: &writer)
  }

  /// `width` and `height` of an image with a size (Zenn's `=250x`): the browser reserves the
  /// space before the image loads.
  mutating func writeSize(_ size: ImageSize) {
    if let width = size.width {
      writer.raw(" width=\"")
      writer.number(width)
      writer.raw("\"")
    }
    if let height = size.height {
      writer.raw(" height=\"")
      writer.number(height)
      writer.raw("\"")
    }
  }

  /// `<figure>` or `<figcaption>`; the image's `<img>` and the caption's text come as runs.
  mutating func openFigure(_ component: PresentationIntent.Component) {
    writer.newlineIfNeeded()
    writer.raw(component.kind == .figure ? "<figure" : "<figcaption")
    sourcePosition(component)
    writer.raw(component.kind == .figure ? ">\n" : ">")
  }
}

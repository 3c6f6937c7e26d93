import RichText

// GFM footnotes, as cmark-gfm's footnotes extension writes them: a reference is a superscript
// link, the definitions come last in one `<section>`, each with back-links to its references.
extension CMarkHTMLHandler {
  mutating func footnoteReference(_ reference: FootnoteReference, number: ArraySlice<UInt8>) {
    writer.raw("<sup class=\"footnote-ref\"><a href=\"#fn-")
    writer.url(bytes: reference.label.utf8)
    writer.raw("\" id=\"fnref-")
    writer.url(bytes: reference.label.utf8)
    if reference.ordinal > 1 {
      writer.raw("-")
      writer.number(reference.ordinal)
    }
    writer.raw("\" data-footnote-ref>")
    writer.url(bytes: number)
    writer.raw("</a></sup>")
  }

  mutating func openFootnoteDefinition(label: String) {
    if footnotesOpened == 0 { writer.raw("<section class=\"footnotes\" data-footnotes>\n<ol>\n") }
    footnotesOpened += 1
    writer.raw("<li id=\"fn-")
    writer.url(bytes: label.utf8)
    writer.raw("\">\n")
  }

  mutating func closeFootnoteDefinition(label: String, referenceCount: Int) {
    if writeBackReferences(label: label, count: referenceCount) { writer.raw("\n") }
    writer.raw("</li>\n")
  }

  /// Closes the footnotes section, if a definition opened it.
  mutating func closeFootnotes() {
    if footnotesOpened > 0 { writer.raw("</ol>\n</section>\n") }
  }

  /// Writes the back-links of a footnote once, after its last paragraph or at its end.
  @discardableResult
  mutating func writeBackReferences(label: String, count: Int) -> Bool {
    guard footnoteBackrefsWritten < footnotesOpened else { return false }
    footnoteBackrefsWritten = footnotesOpened
    writer.raw("<a href=\"#fnref-")
    writer.url(bytes: label.utf8)
    writer.raw("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
    if count > 1 {
      for ordinal in 2...count {
        writer.raw(" <a href=\"#fnref-")
        writer.url(bytes: label.utf8)
        writer.raw("-")
        writer.number(ordinal)
        writer.raw(
          "\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">"
        )
        writer.number(ordinal)
        writer.raw("</sup></a>")
      }
    }
    return true
  }
}

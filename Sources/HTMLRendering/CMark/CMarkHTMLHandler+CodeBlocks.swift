import RichText

// Code blocks: `<pre><code>` with the info string's first word as the language, in cmark-gfm's
// two styles (`class="language-x"`, or GitHub's `<pre lang="x">`), and the rest of the info
// string as `data-meta` when asked for.
extension CMarkHTMLHandler {
  mutating func openCodeBlock(_ block: PresentationIntent.Component, info: String) {
    guard !info.isEmpty else {
      writer.raw("<pre")
      sourcePosition(block)
      writer.raw("><code>")
      return
    }
    let infoBytes = Array(info.utf8)
    // cmark_isspace: tab, line feed, carriage return and space; not vertical tab or form feed.
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let firstWordEnd = infoBytes.firstIndex(where: isSpace) ?? infoBytes.count
    let hasMeta = firstWordEnd < infoBytes.count && options.includesFullInfoString
    writer.raw("<pre")
    sourcePosition(block)
    writer.raw(options.usesGitHubPreLang ? " lang=\"" : "><code class=\"language-")
    writer.text(bytes: infoBytes[..<firstWordEnd])
    if hasMeta {
      writer.raw("\" data-meta=\"")
      writer.text(bytes: infoBytes[(firstWordEnd + 1)...])
    }
    writer.raw(options.usesGitHubPreLang ? "\"><code>" : "\">")
  }
}

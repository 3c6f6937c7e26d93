import HTMLRendering
import MarkdownParsing
import RichText

extension PageLoader {
  /// The page's Markdown with its Hugo shortcodes and Liquid tags expanded (when folio.yaml
  /// turns them on), the partials' HTML and the warnings.
  func expandShortcodes(in body: [UInt8], of page: PageFields, lineOffset: Int) -> ShortcodeExpander.Result {
    let options = markdownOptions
    let unsafe = configuration.allowsUnsafeHTML
    var values = ShortcodeExpander.PageValues(title: page.title, url: page.url, params: page.params)
    values.siteParams = configuration.params
    return ShortcodeExpander.expand(
      body, path: page.sourcePath, lineOffset: lineOffset, hugo: configuration.hugoShortcodes,
      liquid: configuration.liquidTags, templates: configuration.shortcodeTemplates, page: values,
      allowsUnsafeHTML: unsafe, syntax: options.syntax,
      renderMarkdown: { markdown, outputs in
        // A `{{% %}}` partial's inner Markdown, rendered as the page's text is.
        let text = MarkdownParser(options: options).parse(markdown)
        var decorations = RenderDecorations()
        decorations.rawHTML = ShortcodeExpander.rawHTML(in: text, outputs: outputs)
        let renderer = HTMLRenderer(
          options: HTMLRenderOptions(allowsRawHTML: unsafe, allowsUnsafeURLs: unsafe, filtersTags: !unsafe))
        return renderer.render(text, decorations: decorations)
      }
    ).result
  }
}

extension ShortcodeExpander {
  /// The partials' HTML to write for the raw HTML runs of `text` that are placeholders, by run
  /// index (``RenderDecorations/rawHTML``); a run that holds the page's own HTML besides
  /// placeholders is left to the renderer (kept with `markdown.unsafeHTML`, else dropped).
  package static func rawHTML(in text: AttributedText, outputs: [String]) -> [Int: String] {
    guard !outputs.isEmpty else { return [:] }
    var html: [Int: String] = [:]
    let bytes = text.bytes
    let prefix = Array(placeholderPrefix.utf8)
    for (index, run) in text.runRecords.enumerated() where run.kind == .inlineHTML || run.kind == .blockHTML {
      var position = run.start
      var written = ""
      var isPlaceholders = true
      var found = false
      while position < run.end {
        let byte = bytes[position]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") {
          position += 1
          continue
        }
        guard run.end - position > prefix.count,
          bytes[position..<(position + prefix.count)].elementsEqual(prefix)
        else {
          isPlaceholders = false
          break
        }
        var end = position + prefix.count
        var number = 0
        while end < run.end, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9"),
          number < 1 << 40
        {
          number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
          end += 1
        }
        guard end + 3 <= run.end, bytes[end..<(end + 3)].elementsEqual("-->".utf8), number < outputs.count
        else {
          isPlaceholders = false
          break
        }
        written += outputs[number]
        found = true
        position = end + 3
      }
      if isPlaceholders, found { html[index] = written }
    }
    return html
  }
}

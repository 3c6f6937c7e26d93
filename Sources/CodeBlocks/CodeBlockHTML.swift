import HTMLRendering
import SyntaxHighlighting

/// Writes one highlighted code block (docs/CONTRACTS.md, "Highlighted code block"):
///
/// ```html
/// <div class="folio-code">
/// <div class="folio-code-title">main.swift</div>
/// <pre><code class="language-swift" data-lang="swift"><span class="kw">let</span> x = <span class="dv">1</span>
/// </code></pre>
/// </div>
/// ```
///
/// With line numbers, marked lines or diff markers each line is an element of its own:
/// `<span class="folio-line" data-line="10">…\n</span>`, numbered by the theme's CSS from
/// `data-line` (generated content, which is not copied with the code), marked with
/// `folio-line-marked`, `folio-line-inserted` or `folio-line-deleted`.
enum CodeBlockHTML {
  /// Writes `code` (UTF-8, ending with a newline as cmark-gfm gives it) with its `tokens`.
  static func write(
    _ code: UnsafeBufferPointer<UInt8>, tokens: [SyntaxToken], language: String, fence: FenceInfo,
    into writer: inout HTMLWriter
  ) {
    writer.newlineIfNeeded()
    writer.raw("<div class=\"folio-code\">\n")
    if let title = fence.title {
      writer.raw("<div class=\"folio-code-title\">")
      writer.text(title)
      writer.raw("</div>\n")
    }
    writer.raw("<pre><code class=\"language-")
    writer.text(language)
    if fence.showsLineNumbers { writer.raw(" folio-linenos") }
    writer.raw("\" data-lang=\"")
    writer.text(language)
    writer.raw("\">")
    var next = 0
    var lineStart = 0
    var line = 0
    while lineStart < code.count {
      var lineEnd = lineStart
      while lineEnd < code.count, code[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      if lineEnd < code.count { lineEnd += 1 }
      line += 1
      if fence.hasLineMarkup { openLine(line, code: code, from: lineStart, fence: fence, into: &writer) }
      writeTokens(code, lineStart..<lineEnd, tokens: tokens, next: &next, into: &writer)
      if fence.hasLineMarkup { writer.raw("</span>") }
      lineStart = lineEnd
    }
    writer.raw("</code></pre>\n</div>\n")
  }

  /// Opens line `line` (1 for the first) starting at byte `start`.
  private static func openLine(
    _ line: Int, code: UnsafeBufferPointer<UInt8>, from start: Int, fence: FenceInfo,
    into writer: inout HTMLWriter
  ) {
    writer.raw("<span class=\"folio-line")
    if fence.marks(line: line) { writer.raw(" folio-line-marked") }
    if fence.marksDiffLines, start < code.count {
      if code[start] == UInt8(ascii: "+") { writer.raw(" folio-line-inserted") }
      if code[start] == UInt8(ascii: "-") { writer.raw(" folio-line-deleted") }
    }
    writer.raw("\"")
    if fence.showsLineNumbers {
      writer.raw(" data-line=\"")
      writer.number(fence.firstLineNumber + line - 1)
      writer.raw("\"")
    }
    writer.raw(">")
  }

  /// Writes the bytes of `range`, escaped, with the tokens that fall in it (tokens never cross a
  /// line end); `next` is the first token not yet written.
  private static func writeTokens(
    _ code: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, tokens: [SyntaxToken], next: inout Int,
    into writer: inout HTMLWriter
  ) {
    var position = range.lowerBound
    while next < tokens.count, tokens[next].offset < range.upperBound {
      let token = tokens[next]
      let start = max(token.offset, position)
      let end = min(token.offset + token.length, range.upperBound)
      next += 1
      guard start < end else { continue }
      if position < start { writer.text(bytes: UnsafeBufferPointer(rebasing: code[position..<start])) }
      if let name = token.style.className {
        writer.raw("<span class=\"")
        writer.raw(name)
        writer.raw("\">")
        writer.text(bytes: UnsafeBufferPointer(rebasing: code[start..<end]))
        writer.raw("</span>")
      } else {
        writer.text(bytes: UnsafeBufferPointer(rebasing: code[start..<end]))
      }
      position = end
    }
    if position < range.upperBound {
      writer.text(bytes: UnsafeBufferPointer(rebasing: code[position..<range.upperBound]))
    }
  }
}

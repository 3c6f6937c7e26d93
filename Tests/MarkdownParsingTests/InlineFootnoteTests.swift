import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// `^[text]` footnotes (Zenn, Pandoc): numbered with the `[^label]` ones by where their
/// references are, in cmark-gfm's footnote markup; `^[text](attributes)` stays Apple's syntax.
@Suite struct InlineFootnoteTests {
  private func parse(_ markdown: String, syntax: Set<WriterSyntax> = [.inlineFootnotes]) -> AttributedText {
    MarkdownParser(
      options: MarkdownOptions(extensions: [.footnotes], extendedAttributes: true, syntax: syntax)
    ).parse(markdown)
  }

  /// The page's bytes are scanned eight at a time for `^[`: a footnote is found wherever its
  /// two bytes fall, across a word's edge too.
  @Test func aFootnoteIsFoundAtEveryOffset() {
    for padding in 0..<17 {
      let text = parse(String(repeating: "a", count: padding) + "^[n]\n")
      #expect(text.footnoteReferenceRecords.count == 1, "after \(padding) bytes")
    }
  }

  @Test func anInlineFootnoteIsAReferenceAndADefinition() {
    let text = parse("本文^[脚注の内容]です。\n")
    #expect(
      text.dump() == """
        paragraph#1 @1:1-1:33
          text @1:1-1:6 "本文"
          footnoteReference @1:7-1:24 "1" ^inline-1 #1.1
          text @1:25-1:33 "です。"
        footnoteDefinition("inline-1", 1, refs: 1)#2 @1:7-1:24
          paragraph#3 @1:9-1:23
            text @1:9-1:23 "脚注の内容"

        """)
    #expect(
      html(of: text) == """
        <p>本文<sup class="footnote-ref"><a href="#fn-inline-1" id="fnref-inline-1" data-footnote-ref>1</a></sup>です。</p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-inline-1">
        <p>脚注の内容 <a href="#fnref-inline-1" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """)
  }

  @Test func numbersFollowTheReferencesInTheSource() {
    let text = parse("A[^b] B^[inline] C[^a] D[^b]\n\n[^a]: first a\n[^b]: first b\n")
    let numbers = text.runs.compactMap(\.footnoteReference).map { "\($0.label)=\($0.index).\($0.ordinal)" }
    #expect(numbers == ["b=1.1", "inline-1=2.1", "a=3.1", "b=1.2"])
    let definitions = text.runs.compactMap { run -> String? in
      guard
        case .footnoteDefinition(let label, let index, _)? = run.presentationIntent?.parent?.innermost.kind
      else { return nil }
      return "\(index):\(label)"
    }
    #expect(definitions == ["1:b", "2:inline-1", "3:a"])
  }

  @Test func aLabelTakenByTheWriterIsNotReused() {
    let text = parse("x[^inline-1] y^[z]\n\n[^inline-1]: mine\n")
    #expect(text.runs.compactMap(\.footnoteReference).map(\.label) == ["inline-1", "inline-2"])
  }

  @Test func extendedAttributesEmptyBracketsAndCodeStayWhatTheyWere() {
    let plain = MarkdownParser(options: MarkdownOptions(extensions: [.footnotes], extendedAttributes: true))
    for markdown in [
      "^[文書](lang: 'ja')\n", "^[]\n", "`^[code]`\n", "```\n^[code]\n```\n", "[^[x]](https://example.org)\n",
      "^[open\n",
    ] {
      #expect(parse(markdown) == plain.parse(markdown), "\(markdown)")
    }
  }

  @Test func offUnlessAskedAndWithoutTheFootnotesExtension() {
    let markdown = "a^[b]\n"
    #expect(html(of: parse(markdown, syntax: [])) == "<p>a^[b]</p>\n")
    let noFootnotes = MarkdownParser(options: MarkdownOptions(syntax: [.inlineFootnotes])).parse(markdown)
    #expect(html(of: noFootnotes) == "<p>a^[b]</p>\n")
  }

  @Test func aFormulasTeXIsNeverAFootnote() {
    let markdown = "$x^[a]$ と ^[本物]\n\n$$\ny^[b]\n$$\n"
    let text = parse(markdown, syntax: [.inlineFootnotes, .math])
    let rendered = html(of: text)
    #expect(rendered.contains(#"<span class="math inline">\(x^[a]\)</span>"#))
    #expect(rendered.contains(#"<div class="math display">\[y^[b]"#))
    #expect(rendered.split(separator: "data-footnote-ref>").count == 2)
    #expect(rendered.contains("<p>本物 "))
  }
}

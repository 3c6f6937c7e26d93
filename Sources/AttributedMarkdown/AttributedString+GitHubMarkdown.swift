public import Foundation
public import MarkdownParsing
public import RichText

extension AttributedString {
  /// Parses GitHub Flavored Markdown (cmark-gfm, every extension on by default) into runs that
  /// carry Foundation's attributes, as Apple's `AttributedString(markdown:)` does.
  ///
  /// ```swift
  /// let string = AttributedString(
  ///   gitHubMarkdown: "**Thank You!** Please visit our [website](http://example.com).")
  /// for run in string.runs {
  ///   print(string[run.range].characters.count, run.inlinePresentationIntent as Any, run.link as Any)
  /// }
  /// // "Thank You!" is stronglyEmphasized, "website" has link http://example.com
  /// ```
  ///
  /// Runs carry `presentationIntent` (the blocks, innermost first, with identities),
  /// `inlinePresentationIntent` (Foundation's bits and raw values), `link` and `imageURL` (on an
  /// image's alternative text), with Foundation's names; blocks follow each other without
  /// separators, and a soft break reads as a space. Where GitHub Markdown goes further than
  /// Apple's parser, Folio's scope (``AttributeScopes/FolioAttributes``) holds the rest:
  /// footnotes, task items and, with ``MarkdownOptions/extendedAttributes``, the attributes of
  /// `^[text](key: value)`. docs/RICHTEXT.md lists the differences.
  ///
  /// - Parameters:
  ///   - markdown: The Markdown source.
  ///   - options: How to parse it; ``MarkdownOptions/gitHubFlavored`` unless given.
  public init(gitHubMarkdown markdown: String, options: MarkdownOptions = .gitHubFlavored) {
    self.init(MarkdownParser(options: options).parse(markdown))
  }

  /// The runs of a Folio text (a parse, a slice, a rewritten text) as an `AttributedString`
  /// with the attributes ``init(gitHubMarkdown:options:)`` sets.
  ///
  /// ```swift
  /// let text = MarkdownParser(options: .gitHubFlavored).parse(readme)
  /// let firstBlock = AttributedString(text.prefix(topLevelBlocks: 1))
  /// ```
  public init(_ text: AttributedText) {
    var converter = AttributedStringConverter()
    self = converter.convert(text)
  }
}

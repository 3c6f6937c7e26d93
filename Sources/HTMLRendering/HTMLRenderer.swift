import RichText

/// Renders an ``AttributedText`` to HTML, byte-identical to what cmark-gfm renders for the same
/// Markdown and options.
///
/// ```swift
/// let html = HTMLRenderer(options: HTMLRenderOptions(allowsRawHTML: true)).render(text)
/// ```
public struct HTMLRenderer: Sendable {
  /// The options this renderer applies.
  public var options: HTMLRenderOptions

  /// Creates a renderer.
  public init(options: HTMLRenderOptions = HTMLRenderOptions()) {
    self.options = options
  }

  /// The HTML for `text`, as a string.
  public func render(_ text: AttributedText) -> String {
    String(decoding: renderBytes(text), as: UTF8.self)
  }

  /// The HTML for a site page: `text` with the heading ids, hidden blocks and destinations of
  /// `decorations`, and the blocks `blockOverride` writes in its own way.
  ///
  /// ```swift
  /// var decorations = RenderDecorations()
  /// decorations.headingIDs[1] = "top"
  /// HTMLRenderer().render(MarkdownParser().parse("# Hi\n"), decorations: decorations)
  /// // "<h1 id=\"top\">Hi</h1>\n"
  /// ```
  public func render(
    _ text: AttributedText, decorations: RenderDecorations = RenderDecorations(),
    blockOverride: (any HTMLBlockOverride)? = nil
  ) -> String {
    var writer = HTMLWriter(capacity: text.bytes.count * 2)
    render(text, decorations: decorations, blockOverride: blockOverride, into: &writer)
    return writer.string
  }

  /// The HTML for `text`, as UTF-8 bytes (invalid UTF-8 in the source passes through, as in
  /// cmark-gfm).
  public func renderBytes(_ text: AttributedText) -> [UInt8] {
    var writer = HTMLWriter(capacity: text.bytes.count + text.bytes.count / 4 + 64)
    render(text, into: &writer)
    return writer.bytes
  }

  /// Appends the HTML for `text` to `writer`, with `decorations` and `blockOverride` as in
  /// ``render(_:decorations:blockOverride:)``.
  public func render(
    _ text: AttributedText, decorations: RenderDecorations = RenderDecorations(),
    blockOverride: (any HTMLBlockOverride)? = nil, into writer: inout HTMLWriter
  ) {
    var handler = CMarkHTMLHandler(
      text: text, options: options, decorations: decorations, blockOverride: blockOverride, writer: writer)
    writer = HTMLWriter()  // Hand the buffer over without copying it.
    text.walk(&handler)
    handler.finish()
    writer = handler.writer
  }
}

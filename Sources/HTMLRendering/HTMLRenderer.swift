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

  /// The HTML for a site page: `text` with headings ids and components from `decorations`.
  public func render(_ text: AttributedText, decorations: RenderDecorations) -> String {
    var writer = HTMLWriter(capacity: text.bytes.count * 2)
    render(text, decorations: decorations, into: &writer)
    return writer.string
  }

  /// The HTML for `text`, as UTF-8 bytes (invalid UTF-8 in the source passes through, as in
  /// cmark-gfm).
  public func renderBytes(_ text: AttributedText) -> [UInt8] {
    var writer = HTMLWriter(capacity: text.bytes.count + text.bytes.count / 4 + 64)
    render(text, into: &writer)
    return writer.bytes
  }

  /// Appends the HTML for `text` to `writer`.
  public func render(
    _ text: AttributedText, decorations: RenderDecorations = RenderDecorations(),
    into writer: inout HTMLWriter
  ) {
    var handler = CMarkHTMLHandler(text: text, options: options, decorations: decorations, writer: writer)
    writer = HTMLWriter()  // Hand the buffer over without copying it.
    text.replayTree(into: &handler)
    handler.finish()
    writer = handler.writer
  }
}

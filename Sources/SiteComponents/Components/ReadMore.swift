import HTMLRendering

/// A collapsible "read more" block: content clamped to a number of lines with a button that
/// appears only when the content overflows. Without JavaScript everything is readable.
public struct ReadMore: Hashable, Sendable {
  /// The lines a read-more block shows when its directive names none.
  public static let defaultLines = 3
  /// The line counts a directive may ask for: a block of more than 100 lines is no preview.
  public static let allowedLines = 1...100

  /// How many lines show before "read more".
  public var lines: Int
  /// Whether the label sits at the end of the last visible line.
  public var isInline: Bool
  /// The button's label, already in the page's language.
  public var label: String
  /// A page-unique id for `aria-controls`.
  public var id: String

  /// Creates a read-more block.
  public init(lines: Int, isInline: Bool, label: String, id: String) {
    self.lines = lines
    self.isInline = isInline
    self.label = label
    self.id = id
  }

  func open(into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    writer.raw(
      isInline ? "<div class=\"folio-readmore folio-readmore-inline\"" : "<div class=\"folio-readmore\"")
    writer.raw(" data-lines=\"")
    writer.number(lines)
    writer.raw("\">\n<div class=\"folio-readmore-content\" id=\"")
    writer.text(id)
    writer.raw("\">\n")
  }

  func close(into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    writer.raw(
      "</div>\n<button type=\"button\" class=\"folio-readmore-toggle\" aria-expanded=\"false\" aria-controls=\""
    )
    writer.text(id)
    writer.raw("\" hidden>")
    writer.text(label)
    writer.raw("</button>\n</div>\n")
  }
}

/// What a site build adds to the plain cmark-gfm rendering of a page, keyed by block identity:
/// heading ids, the signature components, and directive comments to leave out.
///
/// `Site` decides all of it from the model (never by editing HTML); the renderer only obeys.
public struct RenderDecorations: Sendable {
  /// `id` attributes for headings.
  public var headingIDs: [Int: String] = [:]
  /// HTML blocks not to render at all (directive comments such as `<!--more-->`).
  public var hiddenBlocks: Set<Int> = []
  /// When set, every list renders as a ``BulletList`` with this style unless `listStyles`
  /// overrides it.
  public var defaultListStyle: BulletList.Style?
  /// Styles for particular lists.
  public var listStyles: [Int: BulletList.Style] = [:]
  /// HTML blocks that open a read-more block.
  public var readMoreOpenings: [Int: ReadMore] = [:]
  /// HTML blocks that close the innermost read-more block.
  public var readMoreClosings: Set<Int> = []
  /// Tables or HTML blocks rendered as bookmark tables instead (a table's own content is
  /// replaced; a directive block is replaced by the table).
  public var bookmarkTables: [Int: BookmarkTable] = [:]
  /// Destinations to write instead of the written ones, for links and images, keyed by the
  /// index of their inline container (`AttributedText.inlineRecords`): a site writes
  /// site-relative links with its base path, and links to Markdown files as the URLs of their
  /// pages. Escaped as cmark-gfm escapes destinations; dangerous ones are still emptied.
  public var destinations: [Int: String] = [:]

  /// No decorations: output equals cmark-gfm's.
  public init() {}
}

import RichText

/// What a site adds to the plain cmark-gfm rendering of a page: heading ids, blocks to leave
/// out, and link destinations to write instead of the written ones.
///
/// The site decides all of it from the model (never by editing HTML); the renderer only obeys.
/// Components that change a block's markup are an ``HTMLBlockOverride``.
///
/// ```swift
/// var decorations = RenderDecorations()
/// decorations.headingIDs[text.runs[0].presentationIntent!.innermost.identity] = "intro"
/// HTMLRenderer().render(text, decorations: decorations)  // "<h1 id=\"intro\">…"
/// ```
public struct RenderDecorations: Sendable {
  /// `id` attributes for headings, by block identity.
  public var headingIDs: [Int: String] = [:]
  /// Levels to write instead of the written ones, for headings, by block identity: a site's
  /// page title taken from an opening `## Heading` is the page's `<h1>`.
  public var headingLevels: [Int: Int] = [:]
  /// `class` names for headings, by block identity (a heading's `{.class}` list).
  public var headingClasses: [Int: [String]] = [:]
  /// Blocks not to render at all (directive comments such as `<!--more-->`, a line that was only
  /// an attribute list), by identity.
  public var hiddenBlocks: Set<Int> = []
  /// Destinations to write instead of the written ones, for links and images, keyed by the
  /// identity of their inline container (`run.inlineIntent?.innermost.identity`, the same in a
  /// slice): a site writes site-relative links with its base path, and links to Markdown files
  /// as the URLs of their pages. Escaped as cmark-gfm escapes destinations; dangerous ones are
  /// still emptied.
  public var destinations: [Int: String] = [:]
  /// HTML to write instead of a formula (an inline `.math` container or a `.math` block), by
  /// identity: a site's rendering of the TeX, such as KaTeX's MathML. Written as it is, so it
  /// must be HTML the site produced, never the page's text. Without one, the TeX is written
  /// escaped in `<span class="math inline">\(…\)</span>`, `<span class="math display">\[…\]</span>`
  /// or `<div class="math display">\[…\]</div>`, which client-side renderers look for.
  public var formulas: [Int: String] = [:]
  /// HTML to write instead of a raw HTML run (inline or a block), by the run's index in the text
  /// (the same in a slice): a site's own markup standing where the page names it, such as a
  /// shortcode partial's output. Written as it is, whatever the raw HTML options, so it must be
  /// HTML the site produced, never the page's text.
  public var rawHTML: [Int: String] = [:]
  /// `width` and `height` to write on images, by the identity of their inline container: a
  /// site's reading of the image files' sizes, so that the browser keeps each image's place
  /// before it loads. Written instead of the size the Markdown gives (``Image/size``).
  public var imageSizes: [Int: ImageSize] = [:]
  /// Other encodings of images (``Picture``), by the identity of their inline container: the
  /// image is written inside `<picture>`, after a `<source>` for each.
  public var pictures: [Int: Picture] = [:]
  /// Images the browser loads only as they near the screen (`loading="lazy"`,
  /// `decoding="async"`), by the identity of their inline container: all but a page's first,
  /// which is often what the reader sees first.
  public var lazyImages: Set<Int> = []

  /// No decorations: output equals cmark-gfm's.
  public init() {}
}

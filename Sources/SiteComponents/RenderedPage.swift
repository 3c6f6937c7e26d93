import Diagnostics
import Foundation
import HTMLRendering
import RichText
import SiteContent
import SiteSearch

/// A page's HTML pieces: content, summary, table of contents, and the warnings found on the way.
///
/// A class: the cache, the findings and every job that shows the page share one rendering, and
/// copying a struct of eleven arrays, sets and strings was a dozen reference counts each time.
package final class RenderedPage: Sendable {
  /// The content HTML; empty once let go (``releaseContent()``).
  package var content: String { heldContent }
  // Written by the initialisers, and once more by releaseContent(), which its caller runs only
  // after every thread that reads the content is done with it.
  private nonisolated(unsafe) var heldContent: String
  /// The summary HTML: the front matter's, else what comes before `<!--more-->`, else the first paragraph.
  package let summary: String
  /// Whether the content goes on after the summary.
  package let hasMore: Bool
  /// The page's headings with their ids, for the table of contents.
  package let toc: [HeadingAnchors.Entry]
  /// What the page's directives, links and URLs were warned about.
  package let warnings: [Diagnostic]
  /// The list spacing classes the page uses, for `folio-lists.css`.
  package let listSpacings: Set<String>
  /// Data files read by `<!-- bookmarks src=… -->`, relative to `Content/`: inputs, not output.
  package let dataFiles: Set<String>
  /// Links and image sources that point inside the site, for the link check.
  package let internalLinks: [InternalLink]
  /// http and https links, images and bookmarks, for `folio check --external`; empty unless
  /// they are collected.
  package let externalLinks: [ExternalLink]
  /// The facts about other files the links were resolved with (``LinkResolver/Resolution/dependencies``):
  /// when one changes, the page is rendered again.
  package let linkDependencies: Set<String>
  /// The ids (and names) of the content's elements: headings, footnotes, components, raw HTML;
  /// empty unless anchors are checked.
  package let elementIDs: Set<String>
  /// Whether the content holds a Mermaid diagram (a `mermaid` code block), so that its page loads
  /// the site's `mermaid.min.js` when there is one.
  package let hasDiagrams: Bool
  /// The page as the search index reads it (title, headings, body text from the model), when
  /// folio.yaml turns search on.
  package let searchDocument: SearchDocument?
  /// The summary as plain text, at most ``PlainSummary/limit`` characters: the page's
  /// description for search engines and link previews when its front matter gives none.
  package let summaryText: String
  /// The page's first image, for link previews (`og:image`).
  package let firstImage: PageImage?

  /// A rendering from its parts, as the build cache stores one.
  package init(
    content: String, summary: String, hasMore: Bool, toc: [HeadingAnchors.Entry], warnings: [Diagnostic],
    listSpacings: Set<String>, dataFiles: Set<String>, internalLinks: [InternalLink],
    externalLinks: [ExternalLink], linkDependencies: Set<String>, elementIDs: Set<String>, hasDiagrams: Bool,
    searchDocument: SearchDocument?, summaryText: String = "", firstImage: PageImage? = nil
  ) {
    self.summaryText = summaryText
    self.firstImage = firstImage
    heldContent = content
    self.summary = summary
    self.hasMore = hasMore
    self.toc = toc
    self.warnings = warnings
    self.listSpacings = listSpacings
    self.dataFiles = dataFiles
    self.internalLinks = internalLinks
    self.externalLinks = externalLinks
    self.linkDependencies = linkDependencies
    self.elementIDs = elementIDs
    self.hasDiagrams = hasDiagrams
    self.searchDocument = searchDocument
  }

  /// Lets go of the content HTML, the largest part of a rendering: for a build that keeps
  /// nothing (`folio build`), once the pages are laid out and the build cache is written, so
  /// that the link check and the last writes reuse its memory (260 MB at 100,000 pages). The
  /// caller makes sure no thread reads ``content`` meanwhile or afterwards.
  package func releaseContent() {
    heldContent = ""
  }

  /// Renders `page`'s content with the site's settings and the run's choices, its links
  /// resolved by `resolver`.
  package init(
    page: Page, configuration: SiteConfiguration, context: BuildContext, projectRoot: URL,
    links resolver: LinkResolver
  ) throws {
    // Released text would render as an empty page; reloading is the caller's job.
    precondition(
      !page.hasReleasedText, "\(page.sourcePath): content rendered again after its text was released")
    // The features' changes to the text (grammar agreement) come first: every later step,
    // and every identity they key by, is the changed text's.
    var text = page.text
    var rewriteWarnings: [Diagnostic] = []
    for feature in SiteFeatures.all {
      let rewritten = feature.rewrite(text, of: page, configuration: configuration)
      text = rewritten.text
      rewriteWarnings += rewritten.warnings
    }
    let anchors = HeadingAnchors(text)
    let topLevel = RenderedPage.topLevelBlocks(of: text)
    var components = ComponentPass(page: page, configuration: configuration)
    for entry in anchors.entries { components.decorations.headingIDs[entry.identity] = entry.id }
    components.decorations.headingClasses = ForeignMarkup.headingClasses(in: text)
    try components.apply(
      to: text, topLevel: topLevel, configuration: configuration, context: context, projectRoot: projectRoot)
    RenderedPage.placeShortcodeOutputs(of: page, in: text, into: &components.decorations)
    if let heading = RenderedPage.titleHeadingToPromote(
      of: page, anchors: anchors, topLevel: topLevel, hidden: components.decorations.hiddenBlocks)
    {
      components.decorations.headingLevels[heading] = 1
    }
    var pass = PagePass(
      page: page, text: text, topLevel: topLevel, configuration: configuration, context: context,
      decorations: components.decorations, components: components.components, warnings: components.warnings)
    // The features' page passes (link cards, highlighted code, formulas), in the list's order.
    for feature in SiteFeatures.all { try feature.prepare(&pass) }
    let folio = pass.components

    // A link card's own link is written by the card, not resolved as a link of the text.
    let summaryRuns = RenderedPage.summaryRuns(
      of: page, text: text, topLevel: topLevel, moreRun: components.moreRun)
    summaryText = summaryRuns.map { PlainSummary.text(of: text, runs: $0) } ?? ""
    let links = RenderedPage.resolveLinks(
      in: text, of: page, with: resolver, withAnchors: context.checksAnchors,
      skipping: Set(folio.linkCards.values.compactMap(\.embedLink)),
      summaryRuns: summaryRuns, images: configuration.images)
    let (preview, previewFacts) = RenderedPage.previewImage(
      of: page, firstImage: links.firstImage, resolver, makesCards: configuration.images.makesVariants)
    firstImage = preview
    var decorations = pass.decorations
    decorations.destinations = links.destinations
    decorations.imageSizes = links.imageSizes
    decorations.pictures = links.pictures
    decorations.lazyImages = links.lazyImages
    decorations.hiddenBlocks.formUnion(ForeignMarkup.attributeOnlyBlocks(in: text))
    var warnings = page.loadWarnings + rewriteWarnings + pass.warnings
    warnings += links.warnings + WritingBlocks.warnings(in: text, path: page.sourcePath)
    warnings += ForeignMarkup.warnings(
      in: text, anchors: anchors, path: page.sourcePath, allowsRawHTML: configuration.allowsUnsafeHTML,
      hidden: decorations.hiddenBlocks.union(folio.bookmarkTables.keys).union(folio.linkCards.keys))

    var renderOptions = HTMLRenderOptions(
      allowsRawHTML: configuration.allowsUnsafeHTML, allowsUnsafeURLs: configuration.allowsUnsafeHTML,
      filtersTags: !configuration.allowsUnsafeHTML,
      softBreak: configuration.joinsCJKLines ? .cjkAware : .newline)
    renderOptions.alignsTableCellsWithClasses = true
    let renderer = HTMLRenderer(options: renderOptions)
    heldContent = renderer.render(text, decorations: decorations, blockOverride: folio)
    elementIDs = context.checksAnchors ? ElementIDs.find(in: heldContent) : []
    var summaryDecorations = decorations
    summaryDecorations.destinations = links.summaryDestinations
    // In a list the page's opening heading is no page's title.
    summaryDecorations.headingLevels = [:]
    (summary, hasMore) = RenderedPage.summary(
      of: page, text: text, topLevel: topLevel, moreRun: components.moreRun, renderer: renderer,
      decorations: summaryDecorations, components: folio)
    // kramdown's `{:.no_toc}` keeps a heading out of the contents (it keeps its anchor).
    let classes = components.decorations.headingClasses
    toc = anchors.entries.filter { !(classes[$0.identity]?.contains("no_toc") ?? false) }
    if !configuration.allowsUnsafeHTML {
      warnings += RenderedPage.droppedURLs(in: text, path: page.sourcePath)
    }
    self.warnings = warnings
    listSpacings = components.spacings
    dataFiles = components.dataFiles
    internalLinks = links.inSite
    linkDependencies = links.dependencies.union(previewFacts)
    var external = components.externalLinks
    if context.collectsExternalLinks {
      var inline = RenderedPage.externalLinks(in: text, path: page.sourcePath)
      // The pages link cards show: `folio check --external` reads their titles for the cards.
      let cards = Set(folio.linkCards.values.map(\.titleKey))
      for index in inline.indices where !inline[index].isImage && cards.contains(inline[index].url) {
        inline[index].wantsTitle = true
      }
      let inlineURLs = Set(inline.map(\.url))
      external += inline + components.tableLinks.filter { !inlineURLs.contains($0.url) }
    }
    externalLinks = external
    // What the features read from the page once it is written (its search document).
    for feature in SiteFeatures.all { feature.finish(&pass) }
    hasDiagrams = pass.hasDiagrams
    searchDocument = pass.searchDocument
  }

  /// The shortcode partials' HTML where their placeholder comments are (a block placeholder is
  /// no directive to hide).
  private static func placeShortcodeOutputs(
    of page: Page, in text: AttributedText, into decorations: inout RenderDecorations
  ) {
    guard !page.shortcodeOutputs.isEmpty else { return }
    decorations.rawHTML = ShortcodeExpander.rawHTML(in: text, outputs: page.shortcodeOutputs)
    let runs = text.runRecords
    for index in decorations.rawHTML.keys where runs[index].block >= 0 {
      decorations.hiddenBlocks.remove(Int(text.blockRecords[Int(runs[index].block)].identity))
    }
  }

  /// The page's opening heading when it is written below level 1 (`## Views`) but says the
  /// page's title (the title was taken from it, or front matter gives the same words): it is
  /// rendered as the page's `<h1>`, and the default theme, seeing the content open with an
  /// `<h1>`, writes no title of its own above it (`TemplateContext`'s `page.titleHeading`).
  /// Without this, a page whose title comes from its `## Heading` showed the words twice, as
  /// 65 of 79 imported MkDocs pages did. A `#` heading needs no change: it already is an `<h1>`.
  static func titleHeadingToPromote(
    of page: Page, anchors: HeadingAnchors, topLevel: [TopLevelBlock], hidden: Set<Int>
  ) -> Int? {
    guard let opening = topLevel.first(where: { !hidden.contains($0.identity) }),
      case .header(let level) = opening.kind, level > 1,
      let entry = anchors.entries.first, entry.identity == opening.identity, entry.title == page.title
    else { return nil }
    return opening.identity
  }

  /// Each top-level block of `text`: its identity, kind and first run.
  ///
  /// Read from the tables: following a run's parent links to the top costs no allocation, where
  /// `presentationIntent.components` builds the whole chain for every run.
  static func topLevelBlocks(of text: AttributedText) -> [TopLevelBlock] {
    var topLevel: [TopLevelBlock] = []
    let blocks = text.blockRecords
    for (index, run) in text.runRecords.enumerated() where run.block >= 0 {
      var outer = Int(run.block)
      while blocks[outer].parent >= 0 { outer = Int(blocks[outer].parent) }
      if topLevel.last?.identity != Int(blocks[outer].identity) {
        topLevel.append(
          TopLevelBlock(identity: Int(blocks[outer].identity), kind: blocks[outer].kind, firstRun: index))
      }
    }
    return topLevel
  }

  /// The runs of the page's text its summary is rendered from (nil when the front matter gives
  /// the summary, or the page has no paragraph): those before `<!--more-->`, else the first
  /// paragraph's.
  private static func summaryRuns(
    of page: Page, text: AttributedText, topLevel: [TopLevelBlock], moreRun: Int?
  )
    -> Range<Int>?
  {
    guard page.summaryOverride == nil else { return nil }
    if let moreRun { return 0..<moreRun }
    guard let paragraph = topLevel.firstIndex(where: { $0.kind == .paragraph }) else { return nil }
    let end = paragraph + 1 < topLevel.count ? topLevel[paragraph + 1].firstRun : text.runs.count
    return topLevel[paragraph].firstRun..<end
  }

  /// The summary lists show, and whether the page has more than it: the front matter's summary,
  /// else the text before `<!--more-->`, else the first paragraph.
  private static func summary(
    of page: Page, text: AttributedText, topLevel: [TopLevelBlock], moreRun: Int?, renderer: HTMLRenderer,
    decorations: RenderDecorations, components: FolioComponents
  ) -> (String, Bool) {
    if let override = page.summaryOverride {
      var writer = HTMLWriter()
      writer.raw("<p>")
      writer.text(override)
      writer.raw("</p>")
      return (writer.string, true)
    }
    if let moreRun {
      let more = renderer.render(
        text.prefix(upToRun: moreRun), decorations: decorations, blockOverride: components)
      return (more, true)
    }
    guard let paragraph = topLevel.firstIndex(where: { $0.kind == .paragraph }) else {
      return ("", !topLevel.isEmpty)
    }
    let end = paragraph + 1 < topLevel.count ? topLevel[paragraph + 1].firstRun : text.runs.count
    var decorations = decorations
    decorations.headingIDs = [:]
    let summary = renderer.render(
      text.slice(runs: topLevel[paragraph].firstRun..<end), decorations: decorations,
      blockOverride: components)
    return (summary, topLevel.count > 1)
  }

  /// Every http and https link and image of `text`, at its `[`, `![` or `<`.
  private static func externalLinks(in text: AttributedText, path: String) -> [ExternalLink] {
    text.inlineRecords.enumerated().compactMap { index, record in
      let (written, isImage): (String, Bool)
      switch record.kind {
      case .link(let link): (written, isImage) = (link.url, false)
      case .image(let image): (written, isImage) = (image.source, true)
      default: return nil
      }
      guard let url = ExternalLink.checkedURL(written) else { return nil }
      return ExternalLink(
        url: url, isImage: isImage, location: span(ofInline: index, in: text).start(in: path))
    }
  }

  /// What ``resolveLinks(in:of:with:withAnchors:)`` found.
  private struct ResolvedLinks {
    var inSite: [InternalLink] = []
    /// By inline container identity, as ``RenderDecorations/destinations``.
    var destinations: [Int: String] = [:]
    /// The destinations for the summary, which lists show on other pages: relative links and
    /// `#anchors` written from the site's root, so that they lead where they do on the page.
    var summaryDestinations: [Int: String] = [:]
    var warnings: [Diagnostic] = []
    var dependencies: Set<String> = []
    /// The sizes to write on images of static files, by inline container identity.
    var imageSizes: [Int: ImageSize] = [:]
    /// The page's first image: its site path (or its http/https URL) and its size when known.
    var firstImage: PageImage? = nil
    /// The variants offered for photos, by inline container identity (``ImageVariant``).
    var pictures: [Int: Picture] = [:]
    /// Every image but the first, by inline container identity.
    var lazyImages: Set<Int> = []
  }

  /// Every link and image of `text` that points inside the site, at its `[` or `![`, with the
  /// destinations to write instead of the written ones (``LinkResolver``).
  ///
  /// Without `withAnchors`, links to an anchor on the same page are left out (the page exists)
  /// and fragments are not kept: a documentation site has thousands of them.
  private static func resolveLinks(
    in text: AttributedText, of page: Page, with resolver: LinkResolver, withAnchors: Bool,
    skipping embeds: Set<Int>, summaryRuns: Range<Int>?, images: ImageSettings
  ) -> ResolvedLinks {
    var links = ResolvedLinks()
    var seenImage = false
    var withAltText: Set<Int>? = nil
    let source = String(page.sourcePath.dropFirst("Content/".count))
    // Summary destinations only for the links the summary holds: most links are not in it.
    var inSummary: Set<Int> = []
    if let summaryRuns {
      let inlines = text.inlineRecords
      for run in text.runRecords[summaryRuns] {
        var inline = run.inline
        while inline >= 0, inSummary.insert(Int(inlines[Int(inline)].identity)).inserted {
          inline = inlines[Int(inline)].parent
        }
      }
    }
    for (index, record) in text.inlineRecords.enumerated() {
      let key = Int(record.identity)
      let written: String
      let isImage: Bool
      var writtenSize: ImageSize? = nil
      switch record.kind {
      case .link(let link): (written, isImage) = (link.url, false)
      case .image(let image): (written, isImage, writtenSize) = (image.source, true, image.size)
      default: continue
      }
      if !embeds.isEmpty, embeds.contains(key) { continue }
      if isImage {
        if seenImage { links.lazyImages.insert(key) }
        seenImage = true
        if !images.allowsDecorativeImages {
          withAltText = withAltText ?? imagesWithText(in: text)
          if withAltText?.contains(index) == false {
            links.warnings.append(
              ImageWarning.missingAltText(written).diagnostic(
                at: span(ofInline: index, in: text).start(in: page.sourcePath)))
          }
        }
      }
      // Link previews show no SVG (Facebook, X and LinkedIn take raster images only): the
      // first other image is the page's.
      if isImage, links.firstImage == nil, ExternalLink.checkedURL(written) != nil, !PageImage.isSVG(written)
      {
        links.firstImage = PageImage(url: written, size: writtenSize)
      }
      if written.utf8.first == UInt8(ascii: "#") {
        if inSummary.contains(key) { links.summaryDestinations[key] = resolver.href(page.url) + written }
        guard withAnchors else { continue }
        links.inSite.append(
          InternalLink(
            written: written, target: page.url, isImage: isImage,
            location: span(ofInline: index, in: text).start(in: page.sourcePath),
            fragment: isImage ? nil : InternalLink.fragment(of: written)))
        continue
      }
      let resolution = resolver.resolve(written, inFile: source, pageURL: page.url)
      links.dependencies.formUnion(resolution.dependencies)
      if isImage, resolution.staticFile == nil, let target = resolution.target {
        // An image that is no file of the site yet (`/logo.png` before it is added): its size is
        // written once it is, so the page is rendered again when something appears there.
        links.dependencies.insert("path:" + target)
      }
      if let href = resolution.href { links.destinations[key] = href }
      var size = writtenSize
      var card: PageImage? = nil
      if isImage, let file = resolution.staticFile {
        card = images.makesVariants ? cardImage(of: file, resolver) : nil
        let read = resolver.imageSize(of: file, written: writtenSize)
        links.dependencies.insert(read.fact)
        if let found = read.size {
          links.imageSizes[key] = found
          size = found
        }
        if let natural = resolver.imageSizes[file], let shown = writtenSize?.width, let width = natural.width,
          shown > width
        {
          links.warnings.append(
            ImageWarning.upscaled(file: file, shown: shown, natural: width).diagnostic(
              at: span(ofInline: index, in: text).start(in: page.sourcePath)))
        }
        if case .failed(let reason) = resolver.photos[file] {
          links.warnings.append(
            ImageWarning.notProcessed(file: file, reason: reason).diagnostic(
              at: span(ofInline: index, in: text).start(in: page.sourcePath)))
        }
        if let natural = resolver.imageSizes[file], let stamp = resolver.photos[file]?.stamp,
          let picture = ImageVariant.picture(
            of: ImageVariant.plan(for: file, size: natural, stamp: stamp, settings: images),
            settings: images, href: resolver.href)
        {
          links.pictures[key] = picture
        }
      }
      guard let target = resolution.target else { continue }
      if isImage, links.firstImage == nil, !PageImage.isSVG(target) {
        links.firstImage = card ?? PageImage(url: target, size: size)
      }
      if !inSummary.contains(key) {
        // Not in the summary: nothing to write for it there.
      } else if written.utf8.first != UInt8(ascii: "/") {
        let isCut = { (byte: UInt8) in byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") }
        let cut = written.utf8.firstIndex(where: isCut) ?? written.utf8.endIndex
        links.summaryDestinations[key] = resolution.href ?? resolver.href(target) + written[cut...]
      } else if let href = resolution.href {
        links.summaryDestinations[key] = href
      }
      let location = span(ofInline: index, in: text).start(in: page.sourcePath)
      if let warning = resolution.warning { links.warnings.append(warning.diagnostic(at: location)) }
      links.inSite.append(
        InternalLink(
          written: written, target: target, isImage: isImage, location: location,
          fragment: withAnchors && !isImage ? InternalLink.fragment(of: written) : nil,
          markdownFile: resolution.markdownFile))
    }
    return links
  }

  /// The link preview image made of the photo `file` (``ImageVariant/card(for:size:stamp:)``),
  /// nil when the photo has no variants or is smaller than a card; it rests on the fact
  /// `size:FILE`, as the photo's size does.
  private static func cardImage(of file: String, _ resolver: LinkResolver) -> PageImage? {
    guard let size = resolver.imageSizes[file], let stamp = resolver.photos[file]?.stamp,
      let card = ImageVariant.card(for: file, size: size, stamp: stamp)
    else { return nil }
    return PageImage(url: "/" + card.path, width: card.width, height: card.height)
  }

  /// The indexes of the image containers of `text` with text inside (their alt text).
  private static func imagesWithText(in text: AttributedText) -> Set<Int> {
    var found: Set<Int> = []
    let inlines = text.inlineRecords
    let bytes = text.bytes
    for run in text.runRecords where run.inline >= 0 {
      guard bytes[run.start..<run.end].contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 })
      else { continue }
      var inline = run.inline
      while inline >= 0 {
        if case .image = inlines[Int(inline)].kind, !found.insert(Int(inline)).inserted { break }
        inline = inlines[Int(inline)].parent
      }
    }
    return found
  }

  /// The image link previews show of `page`: the one its front matter names (`image: cover.png`,
  /// Hugo's `images:` list, jekyll-seo-tag's `image: {path: …}`; a path read as a Markdown image's
  /// is, from the page's file), else its first image; with the facts its size rests on.
  private static func previewImage(
    of page: Page, firstImage: PageImage?, _ resolver: LinkResolver, makesCards: Bool
  ) -> (PageImage?, Set<String>) {
    var named: String? = nil
    for (key, value) in page.params where key == "image" || key == "images" {
      named = value.string ?? value[0]?.string ?? value["path"]?.string
      if named != nil { break }
    }
    guard let written = named?.trimmingCharacters(in: .whitespaces), !written.isEmpty else {
      return (firstImage, [])
    }
    if let url = ExternalLink.checkedURL(written) { return (PageImage(url: url, size: nil), []) }
    let source = String(page.sourcePath.dropFirst("Content/".count))
    let resolution = resolver.resolve(written, inFile: source, pageURL: page.url)
    guard let target = resolution.target else { return (firstImage, []) }
    var facts = Set(resolution.dependencies)
    var image = PageImage(url: target, size: nil)
    if let file = resolution.staticFile {
      let read = resolver.imageSize(of: file, written: nil)
      facts.insert(read.fact)
      image = (makesCards ? cardImage(of: file, resolver) : nil) ?? PageImage(url: target, size: read.size)
    }
    return (image, facts)
  }

  /// A warning for each link and image whose URL the renderer leaves out (cmark-gfm's rule,
  /// ``URLSafety``, so that the HTML stays cmark-gfm's), at its `[`, `![` or `<`.
  private static func droppedURLs(in text: AttributedText, path: String) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for (index, record) in text.inlineRecords.enumerated() {
      let (owner, url): (DroppedURL.Owner, String)
      switch record.kind {
      case .link(let link) where URLSafety.isDangerous(link.urlBytes):
        (owner, url) = (.link(url: link.url), link.url)
      case .image(let image) where URLSafety.isDangerous(image.sourceBytes):
        (owner, url) = (.image(url: image.source), image.source)
      default: continue
      }
      // cmark-gfm's rule matches a scheme at the very start, so the URL has one.
      let scheme = URLPolicy.scheme(of: url) ?? ""
      let reason: URLPolicy.Refusal =
        URLPolicy.codeSchemes.contains(scheme) ? .runsCode(scheme: scheme) : .schemeNotAllowed(scheme)
      let location = span(ofInline: index, in: text).start(in: path)
      warnings.append(DroppedURL(owner, reason: reason, at: location).diagnostic)
    }
    return warnings
  }

  /// Where the inline container at `index` starts; for containers cmark-gfm gives no position
  /// (autolinks), where their first run starts.
  private static func span(ofInline index: Int, in text: AttributedText) -> SourceSpan {
    let span = text.inlineRecords[index].span
    guard span == .unknown else { return span }
    let records = text.runRecords
    guard
      let first = records.firstIndex(where: { run in
        var inline = run.inline
        while inline >= 0, inline != Int32(index) { inline = text.inlineRecords[Int(inline)].parent }
        return inline == Int32(index)
      })
    else { return .unknown }
    if records[first].span != .unknown { return records[first].span }
    // cmark-gfm's autolink extension gives the links it makes (`https://…` in text) and their
    // text no position, but the text before keeps its start: the link starts where that text
    // ends, when it is plain text on one line.
    guard first > 0, records[first - 1].block == records[first].block, records[first - 1].span != .unknown
    else { return .unknown }
    let before = records[first - 1]
    let length = before.end - before.start
    let column = before.kind == .text ? before.span.startColumn + length : before.span.startColumn
    return SourceSpan(
      startLine: before.span.startLine, startColumn: column, endLine: before.span.startLine, endColumn: column
    )
  }
}

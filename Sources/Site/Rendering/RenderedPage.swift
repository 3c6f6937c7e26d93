import Diagnostics
import Foundation
import HTMLRendering
import RichText

/// A page's HTML pieces: content, summary, table of contents, and the warnings found on the way.
struct RenderedPage: Sendable {
  var content: String
  var summary: String
  var hasMore: Bool
  var toc: [HeadingAnchors.Entry]
  var warnings: [Diagnostic]
  var listSpacings: Set<String>
  /// Data files read by `<!-- bookmarks src=… -->`, relative to `Content/`: inputs, not output.
  var dataFiles: Set<String>
  /// Links and image sources that point inside the site, for the link check.
  var internalLinks: [InternalLink]
  /// The facts about other files the links were resolved with (``LinkResolver/Resolution/dependencies``):
  /// when one changes, the page is rendered again.
  var linkDependencies: Set<String>
  /// The ids (and names) of the content's elements: headings, footnotes, components, raw HTML;
  /// empty unless anchors are checked.
  var elementIDs: Set<String>

  init(page: Page, configuration: SiteConfiguration, projectRoot: URL, links resolver: LinkResolver) throws {
    // Released text would render as an empty page; reloading is the caller's job.
    precondition(
      !page.hasReleasedText, "\(page.sourcePath): content rendered again after its text was released")
    let text = page.text
    let anchors = HeadingAnchors(text)
    var decorations = RenderDecorations()
    var components = FolioComponents()
    for entry in anchors.entries { decorations.headingIDs[entry.identity] = entry.id }
    let language = page.language ?? configuration.language
    var bullets = configuration.bullets
    if let bullet = page.params.first(where: { $0.key == "bullet" })?.value.string { bullets[0] = bullet }
    let baseStyle = BulletList.Style(bullets: bullets, spacing: configuration.listSpacing)
    components.defaultListStyle = baseStyle
    var warnings: [Diagnostic] = []
    var spacings: Set<String> = []
    if let spacing = configuration.listSpacing { spacings.insert(spacing) }
    var moreRun: Int? = nil
    var dataFiles: Set<String> = []
    var readMoreCount = 0
    var bookmarkCount = 0
    var openReadMores: [SourceLocation] = []

    let runs = text.runs
    // Top-level block identity of each run, and the first run of each top-level block.
    // Read from the tables: following a run's parent links to the top costs no allocation,
    // where `presentationIntent.components` builds the whole chain for every run.
    var topLevel: [(identity: Int, kind: PresentationIntent.Kind, firstRun: Int)] = []
    let blocks = text.blockRecords
    for (index, run) in text.runRecords.enumerated() where run.block >= 0 {
      var outer = Int(run.block)
      while blocks[outer].parent >= 0 { outer = Int(blocks[outer].parent) }
      if topLevel.last?.identity != Int(blocks[outer].identity) {
        topLevel.append((Int(blocks[outer].identity), blocks[outer].kind, index))
      }
    }
    for (position, block) in topLevel.enumerated() where block.kind == .htmlBlock {
      let run = runs[block.firstRun]
      let location = run.sourceSpan.start(in: page.sourcePath)
      guard let marker = ComponentDirectives.marker(in: run.text) else { continue }
      if let problem = marker.problem, ComponentDirectives.names.contains(marker.name) {
        let directive = run.text.trimmingCharacters(in: .whitespacesAndNewlines)
        warnings.append(.warning("\(problem) in '\(directive)'", at: location))
        decorations.hiddenBlocks.insert(block.identity)
        continue
      }
      let next = position + 1 < topLevel.count ? topLevel[position + 1] : nil
      switch marker.name {
      case "more":
        moreRun = moreRun ?? block.firstRun
        decorations.hiddenBlocks.insert(block.identity)
      case "list":
        decorations.hiddenBlocks.insert(block.identity)
        var isList = false
        if let next {
          switch next.kind {
          case .unorderedList, .orderedList: isList = true
          default: break
          }
        }
        guard let next, isList else {
          warnings.append(.warning("'<!-- list -->' must come right before a list", at: location))
          continue
        }
        components.listStyles[next.identity] = RenderedPage.style(from: marker, base: baseStyle, &spacings)
      case "readmore":
        readMoreCount += 1
        openReadMores.append(location)
        var lines = 3
        if let value = marker.attributes["lines"] {
          if let parsed = Int(value), parsed >= 1, parsed <= 100 {
            lines = parsed
          } else {
            warnings.append(
              .warning("'lines=\(value)' is not a whole number from 1 to 100; using 3", at: location))
          }
        }
        let isInline = marker.attributes["inline"] != nil
        let defaultLabel =
          isInline
          ? (language.hasPrefix("ja") ? "続きを読む" : "Read more")
          : (configuration.readMoreLabels[language] ?? configuration.readMoreLabels["en"] ?? "Read more")
        components.readMoreOpenings[block.identity] = ReadMore(
          lines: lines, isInline: isInline, label: marker.attributes["label"] ?? defaultLabel,
          id: "readmore-\(readMoreCount)")
      case "/readmore":
        if openReadMores.isEmpty {
          warnings.append(.warning("'<!-- /readmore -->' closes nothing", at: location))
          decorations.hiddenBlocks.insert(block.identity)
        } else {
          openReadMores.removeLast()
          components.readMoreClosings.insert(block.identity)
        }
      case "bookmarks":
        bookmarkCount += 1
        let id = "bookmarks-\(bookmarkCount)"
        let key = page.url + "#" + id
        if let source = marker.attributes["src"], source.isEmpty {
          warnings.append(.warning("'<!-- bookmarks -->' has an empty src", at: location))
          decorations.hiddenBlocks.insert(block.identity)
        } else if let source = marker.attributes["src"] {
          let folder = (page.sourcePath as NSString).deletingLastPathComponent
          let joined = source.hasPrefix("/") ? "Content" + source : folder + "/" + source
          let relative = (joined as NSString).standardizingPath
          guard relative.hasPrefix("Content/"), !relative.contains("/../") else {
            throw DiagnosticError(
              .error(
                "bookmarks src '\(source)' points outside Content/", at: location,
                hint: "keep data files inside Content/, e.g. src=\"bookmarks.yaml\" next to the page"))
          }
          dataFiles.insert(String(relative.dropFirst("Content/".count)))
          let loaded = try BookmarkImporter.load(
            from: SiteFiles(root: projectRoot), displayPath: relative, directive: location)
          components.bookmarkTables[block.identity] = loaded.table(
            id: id, storageKey: key, caption: marker.attributes["caption"], policy: configuration.urlPolicy,
            warnings: &warnings)
        } else if let next, case .table = next.kind {
          decorations.hiddenBlocks.insert(block.identity)
          let end = position + 2 < topLevel.count ? topLevel[position + 2].firstRun : runs.count
          let table = RenderedPage.bookmarks(from: text, runs: next.firstRun..<end, path: page.sourcePath)
          components.bookmarkTables[next.identity] = table.table(
            id: id, storageKey: key, caption: marker.attributes["caption"], policy: configuration.urlPolicy,
            warnings: &warnings)
        } else {
          warnings.append(
            .warning("'<!-- bookmarks -->' needs a table right after it, or src=\"file\"", at: location))
          decorations.hiddenBlocks.insert(block.identity)
        }
      default:
        if !configuration.allowsUnsafeHTML { decorations.hiddenBlocks.insert(block.identity) }
      }
    }
    // Named at its opening line: that is where the writer has to look.
    for opening in openReadMores {
      warnings.append(
        .warning("a '<!-- readmore -->' block is never closed; it ends with the page", at: opening))
    }

    let links = RenderedPage.resolveLinks(
      in: text, of: page, with: resolver, withAnchors: configuration.checksAnchors)
    decorations.destinations = links.destinations
    var summaryDecorations = decorations
    summaryDecorations.destinations = links.summaryDestinations
    warnings += links.warnings

    var renderOptions = HTMLRenderOptions(
      allowsRawHTML: configuration.allowsUnsafeHTML, allowsUnsafeURLs: configuration.allowsUnsafeHTML,
      filtersTags: !configuration.allowsUnsafeHTML,
      softBreak: configuration.joinsCJKLines ? .cjkAware : .newline)
    renderOptions.alignsTableCellsWithClasses = true
    let renderer = HTMLRenderer(options: renderOptions)
    content = renderer.render(text, decorations: decorations, blockOverride: components)
    elementIDs = configuration.checksAnchors ? ElementIDs.find(in: content) : []
    if let override = page.summaryOverride {
      var writer = HTMLWriter()
      writer.raw("<p>")
      writer.text(override)
      writer.raw("</p>")
      summary = writer.string
      hasMore = true
    } else if let moreRun {
      summary = renderer.render(
        text.prefix(upToRun: moreRun), decorations: summaryDecorations, blockOverride: components)
      hasMore = true
    } else if let paragraph = topLevel.firstIndex(where: { $0.kind == .paragraph }) {
      let end = paragraph + 1 < topLevel.count ? topLevel[paragraph + 1].firstRun : runs.count
      summaryDecorations.headingIDs = [:]
      summary = renderer.render(
        text.slice(runs: topLevel[paragraph].firstRun..<end), decorations: summaryDecorations,
        blockOverride: components)
      hasMore = topLevel.count > 1
    } else {
      summary = ""
      hasMore = !topLevel.isEmpty
    }
    toc = anchors.entries
    if !configuration.allowsUnsafeHTML {
      warnings += RenderedPage.droppedURLs(in: text, path: page.sourcePath)
    }
    self.warnings = warnings
    listSpacings = spacings
    self.dataFiles = dataFiles

    internalLinks = links.inSite
    linkDependencies = links.dependencies
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
  }

  /// Every link and image of `text` that points inside the site, at its `[` or `![`, with the
  /// destinations to write instead of the written ones (``LinkResolver``).
  ///
  /// Without `withAnchors`, links to an anchor on the same page are left out (the page exists)
  /// and fragments are not kept: a documentation site has thousands of them.
  private static func resolveLinks(
    in text: AttributedText, of page: Page, with resolver: LinkResolver, withAnchors: Bool
  ) -> ResolvedLinks {
    var links = ResolvedLinks()
    let source = String(page.sourcePath.dropFirst("Content/".count))
    for (index, record) in text.inlineRecords.enumerated() {
      let key = Int(record.identity)
      let written: String
      let isImage: Bool
      switch record.kind {
      case .link(let link): (written, isImage) = (link.url, false)
      case .image(let image): (written, isImage) = (image.source, true)
      default: continue
      }
      if written.utf8.first == UInt8(ascii: "#") {
        links.summaryDestinations[key] = resolver.href(page.url) + written
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
      if let href = resolution.href { links.destinations[key] = href }
      guard let target = resolution.target else { continue }
      if written.utf8.first != UInt8(ascii: "/") {
        let isCut = { (byte: UInt8) in byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") }
        let cut = written.utf8.firstIndex(where: isCut) ?? written.utf8.endIndex
        links.summaryDestinations[key] = resolution.href ?? resolver.href(target) + written[cut...]
      } else if let href = resolution.href {
        links.summaryDestinations[key] = href
      }
      let location = span(ofInline: index, in: text).start(in: page.sourcePath)
      if let warning = resolution.warning { links.warnings.append(.warning(warning, at: location)) }
      links.inSite.append(
        InternalLink(
          written: written, target: target, isImage: isImage, location: location,
          fragment: withAnchors && !isImage ? InternalLink.fragment(of: written) : nil))
    }
    return links
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
    return text.runRecords.first { run in
      var inline = run.inline
      while inline >= 0, inline != Int32(index) { inline = text.inlineRecords[Int(inline)].parent }
      return inline == Int32(index)
    }?.span ?? .unknown
  }

  static func style(
    from marker: ComponentDirectives.Marker, base: BulletList.Style, _ spacings: inout Set<String>
  )
    -> BulletList.Style
  {
    var style = base
    if let bullet = marker.attributes["bullet"], !bullet.isEmpty {
      style.bullets = [bullet] + base.bullets.dropFirst()
    }
    if let language = marker.attributes["lang"], !language.isEmpty { style.language = language }
    if let spacing = marker.attributes["spacing"], !spacing.isEmpty {
      style.spacing = spacing
      spacings.insert(spacing)
    }
    return style
  }

  /// Rows of a GFM table as bookmarks: the first column is the title, the second the URL (a
  /// link's destination when the cell holds a link, else its text).
  static func bookmarks(from text: AttributedText, runs range: Range<Int>, path: String) -> ImportedBookmarks
  {
    var headers: [String] = []
    var rows: [Int: [Int: (text: String, link: String?)]] = [:]
    var rowOrder: [(identity: Int, location: SourceLocation)] = []
    for index in range {
      let run = text.runs[index]
      guard let intent = run.presentationIntent, case .tableCell(let column) = intent.innermost.kind else {
        continue
      }
      let row = intent.components[1]
      if row.kind == .tableHeaderRow {
        while headers.count <= column { headers.append("") }
        headers[column] += run.text
        continue
      }
      if rows[row.identity] == nil {
        rows[row.identity] = [:]
        rowOrder.append((row.identity, run.sourceSpan.start(in: path)))
      }
      var cell = rows[row.identity]![column] ?? ("", nil)
      cell.text += run.kind == .softBreak ? " " : run.text
      if cell.link == nil, let link = run.link { cell.link = link.url }
      rows[row.identity]![column] = cell
    }
    let entries = rowOrder.map { row -> (BookmarkTable.Bookmark, SourceLocation) in
      let cells = rows[row.identity] ?? [:]
      let title = cells[0]?.text ?? ""
      // The URL cell's link, else its text, else the title's link (`| [Swift](https://…) | |`).
      let candidates = [cells[1]?.link, cells[1]?.text, cells[0]?.link].compactMap { $0 }
      let url = candidates.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
      let extra = (2..<max(2, headers.count)).map { cells[$0]?.text ?? "" }
      return (BookmarkTable.Bookmark(title: title, url: url, extra: extra), row.location)
    }
    return ImportedBookmarks(
      headers: headers.isEmpty ? ["Title", "URL"] : headers,
      groups: [ImportedBookmarks.Group(name: nil, entries: entries)])
  }
}

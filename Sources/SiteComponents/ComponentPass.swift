import Diagnostics
import Foundation
import HTMLRendering
import RichText
import SiteContent

/// One top-level block of a page's text: what the component directives are found among.
struct TopLevelBlock {
  /// The block's identity in the model (what ``RenderDecorations`` is keyed by).
  var identity: Int
  /// What kind of block it is.
  var kind: PresentationIntent.Kind
  /// The index of its first run.
  var firstRun: Int
}

/// Reads a page's component directives (`<!-- list -->`, `<!-- readmore -->`,
/// `<!-- bookmarks -->`, `<!--more-->`) into the decorations the renderer obeys, with the
/// warnings, list spacings and data files they bring.
///
/// The settings, the run's choices and the project's folder are handed to each
/// ``apply(to:topLevel:configuration:context:projectRoot:)``, not kept: the pass is made and
/// copied for every page, and a copy of the settings retains each of their many parts.
struct ComponentPass {
  let page: Page
  /// The page's language, for the components' labels.
  let language: String
  /// The list style of every list without a `<!-- list -->` of its own.
  let baseStyle: BulletList.Style

  /// What the renderer is to do besides rendering cmark-gfm's HTML: heading ids, hidden blocks.
  var decorations = RenderDecorations()
  /// Folio's components, which the renderer's block override writes.
  var components = FolioComponents()
  var warnings: [Diagnostic] = []
  /// The list spacings used, for the generated stylesheet.
  var spacings: Set<String> = []
  /// Data files read by `<!-- bookmarks src=… -->`, relative to `Content/`.
  var dataFiles: Set<String> = []
  /// The first run of the `<!--more-->` block, or the `<!--more-->` inside a paragraph, if there is
  /// one.
  var moreRun: Int? = nil
  /// The http(s) bookmarks of data files, when external links are collected.
  var externalLinks: [ExternalLink] = []
  /// The http(s) bookmarks of Markdown tables, most of which are links of the text too.
  var tableLinks: [ExternalLink] = []
  private var readMoreCount = 0
  private var bookmarkCount = 0
  private var openReadMores: [SourceLocation] = []

  init(page: Page, configuration: SiteConfiguration) {
    self.page = page
    language = page.language ?? configuration.language
    var bullets = configuration.bullets
    if let bullet = page.params.first(where: { $0.key == "bullet" })?.value.string { bullets[0] = bullet }
    baseStyle = BulletList.Style(bullets: bullets, spacing: configuration.listSpacing)
    components.defaultListStyle = baseStyle
    // A language without built-in words takes them from its i18n/<code>.yaml.
    components.writingWords =
      configuration.labelFiles[language] == nil
      ? WritingBlocks.Words(language: language)
      : WritingBlocks.Words(labels: configuration.labels(in: language))
    if let spacing = configuration.listSpacing { spacings.insert(spacing) }
  }

  /// Reads every directive among the top-level blocks of `text`, rendered with `configuration`
  /// for a run that makes the choices of `context`, in the project at `projectRoot`.
  mutating func apply(
    to text: AttributedText, topLevel: [TopLevelBlock], configuration: SiteConfiguration,
    context: BuildContext, projectRoot: URL
  ) throws {
    let runs = text.runs
    for (position, block) in topLevel.enumerated() where block.kind == .htmlBlock {
      let run = runs[block.firstRun]
      let location = run.sourceSpan.start(in: page.sourcePath)
      guard let marker = ComponentDirectives.marker(in: run.text) else { continue }
      if let problem = marker.problem, ComponentDirectives.names.contains(marker.name) {
        let directive = run.text.trimmingCharacters(in: .whitespacesAndNewlines)
        warnings.append(
          ComponentProblem.malformedDirective(problem: problem, directive: directive).diagnostic(at: location)
        )
        decorations.hiddenBlocks.insert(block.identity)
        continue
      }
      let next = position + 1 < topLevel.count ? topLevel[position + 1] : nil
      switch marker.name {
      case "more":
        moreRun = moreRun ?? block.firstRun
        decorations.hiddenBlocks.insert(block.identity)
      case "list": list(marker, block, next: next, at: location)
      case "readmore": readMore(marker, block, at: location, configuration: configuration)
      case "/readmore":
        if openReadMores.isEmpty {
          warnings.append(ComponentProblem.readMoreClosesNothing.diagnostic(at: location))
          decorations.hiddenBlocks.insert(block.identity)
        } else {
          openReadMores.removeLast()
          components.readMoreClosings.insert(block.identity)
        }
      case "bookmarks":
        let end = position + 2 < topLevel.count ? topLevel[position + 2].firstRun : runs.count
        try bookmarks(
          marker, block, next: next, tableEnd: end, in: text, at: location, configuration: configuration,
          context: context, projectRoot: projectRoot)
      default:
        if !configuration.allowsUnsafeHTML { decorations.hiddenBlocks.insert(block.identity) }
      }
    }
    if moreRun == nil { moreRun = Self.inlineMore(in: text) }
    // Named at its opening line: that is where the writer has to look.
    for opening in openReadMores {
      warnings.append(ComponentProblem.readMoreNeverClosed.diagnostic(at: opening))
    }
  }

  /// The run of the first `<!--more-->` written inside a paragraph (`text.<!--more-->`, as Hugo
  /// and Jekyll posts often end their first paragraph): the summary is what comes before it.
  private static func inlineMore(in text: AttributedText) -> Int? {
    let bytes = text.bytes
    for (index, run) in text.runRecords.enumerated()
    where run.kind == .inlineHTML && run.end - run.start >= 11 {
      let html = String(decoding: bytes[run.start..<run.end], as: UTF8.self)
      if let marker = ComponentDirectives.marker(in: html), marker.name == "more", marker.problem == nil {
        return index
      }
    }
    return nil
  }

  /// `<!-- list … -->`: the style of the list right after it.
  private mutating func list(
    _ marker: ComponentDirectives.Marker, _ block: TopLevelBlock, next: TopLevelBlock?,
    at location: SourceLocation
  ) {
    decorations.hiddenBlocks.insert(block.identity)
    var isList = false
    if let next {
      switch next.kind {
      case .unorderedList, .orderedList: isList = true
      default: break
      }
    }
    guard let next, isList else {
      warnings.append(ComponentProblem.listWithoutList.diagnostic(at: location))
      return
    }
    let style = baseStyle.applying(marker)
    // A spacing the directive does not set is the base style's, which `init` put in already.
    if let spacing = style.spacing { spacings.insert(spacing) }
    components.listStyles[next.identity] = style
  }

  /// `<!-- readmore … -->`: opens a read-more block.
  private mutating func readMore(
    _ marker: ComponentDirectives.Marker, _ block: TopLevelBlock, at location: SourceLocation,
    configuration: SiteConfiguration
  ) {
    readMoreCount += 1
    openReadMores.append(location)
    var lines = ReadMore.defaultLines
    if let value = marker.attributes["lines"] {
      if let parsed = Int(value), ReadMore.allowedLines.contains(parsed) {
        lines = parsed
      } else {
        warnings.append(ComponentProblem.readMoreLines(value).diagnostic(at: location))
      }
    }
    let isInline = marker.attributes["inline"] != nil
    let defaultLabel =
      isInline
      ? configuration.labels(in: language)["readMoreInline"] ?? ""
      : configuration.labels(in: language)["readMore"] ?? ""
    components.readMoreOpenings[block.identity] = ReadMore(
      lines: lines, isInline: isInline, label: marker.attributes["label"] ?? defaultLabel,
      id: "readmore-\(readMoreCount)")
  }

  /// `<!-- bookmarks … -->`: the table right after it, or the data file `src` names, as a
  /// bookmark table.
  private mutating func bookmarks(
    _ marker: ComponentDirectives.Marker, _ block: TopLevelBlock, next: TopLevelBlock?, tableEnd: Int,
    in text: AttributedText, at location: SourceLocation, configuration: SiteConfiguration,
    context: BuildContext, projectRoot: URL
  ) throws {
    bookmarkCount += 1
    let id = "bookmarks-\(bookmarkCount)"
    let key = page.url + "#" + id
    let caption = marker.attributes["caption"]
    if let source = marker.attributes["src"], source.isEmpty {
      warnings.append(ComponentProblem.bookmarksEmptySource.diagnostic(at: location))
      decorations.hiddenBlocks.insert(block.identity)
    } else if let source = marker.attributes["src"] {
      let folder = (page.sourcePath as NSString).deletingLastPathComponent
      let joined = source.hasPrefix("/") ? "Content" + source : folder + "/" + source
      let relative = (joined as NSString).standardizingPath
      guard relative.hasPrefix("Content/"), !relative.contains("/../") else {
        throw ComponentProblem.bookmarksSourceOutsideContent(source).error(at: location)
      }
      dataFiles.insert(String(relative.dropFirst("Content/".count)))
      let loaded = try BookmarkImporter.load(
        from: SiteFiles(root: projectRoot, mounts: configuration.mounts), displayPath: relative,
        directive: location)
      if context.collectsExternalLinks { externalLinks += loaded.externalLinks }
      components.bookmarkTables[block.identity] = loaded.table(
        id: id, storageKey: key, caption: caption, policy: configuration.urlPolicy, warnings: &warnings)
    } else if let next, case .table = next.kind {
      decorations.hiddenBlocks.insert(block.identity)
      let table = BookmarkImporter.markdownTable(
        in: text, runs: next.firstRun..<tableEnd, path: page.sourcePath)
      if context.collectsExternalLinks { tableLinks += table.externalLinks }
      components.bookmarkTables[next.identity] = table.table(
        id: id, storageKey: key, caption: caption, policy: configuration.urlPolicy, warnings: &warnings)
    } else {
      warnings.append(ComponentProblem.bookmarksWithoutTable.diagnostic(at: location))
      decorations.hiddenBlocks.insert(block.identity)
    }
  }
}

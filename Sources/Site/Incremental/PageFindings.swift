import BuildCache
import Diagnostics
import Foundation
import HTMLRendering
import SiteComponents
import SiteContent

/// What the shown pages' Markdown produced besides HTML, kept per page so that a rebuild which
/// renders a few pages again updates only their share: warnings, list spacings (rules in
/// `folio-lists.css`), data files (inputs, so not published) and site-relative links with the
/// ones that lead nowhere.
///
/// Findings come out ordered by source path, then line and column, whatever order pages were
/// recorded in.
struct PageFindings {
  private struct Entry {
    var warnings: [Diagnostic]
    var spacings: Set<String>
    var dataFiles: Set<String>
    var links: [InternalLink]
    /// http and https links, when they are collected.
    var externalLinks: [ExternalLink]
    /// The ids of the page's content elements, which most links to its anchors name.
    var ids: Set<String>
    /// The page's URL: the example the hint of its broken links gives.
    var url: String
  }

  /// By source path, for every page recorded.
  private var entries: [String: Entry] = [:]
  /// Pages with warnings, and pages with broken links: a handful on most sites, so totals are
  /// gathered from these instead of from every page.
  private var warned: Set<String> = []
  private var broken: [String: [Diagnostic]] = [:]
  /// Recorded since the last link check.
  private var unchecked: Set<String> = []
  /// The index of output paths for link suggestions, kept while no file appears or disappears:
  /// a save in `folio serve` re-checks one page and should not index the whole site again.
  private var suggestions: LinkSuggestions?
  /// Content element ids by page URL, and whether a recorded page's ids changed since the last check:
  /// links from other pages to its anchors must then be checked again.
  private var idsByURL: [String: Set<String>] = [:]
  private var anchorsMoved = false
  /// Whether the next check looks at every page's links (``checkEveryPageNext()``).
  private var everyPageDue = false
  /// How many pages use each spacing and each data file, so one page's share can be taken back.
  private var spacingUses: [String: Int] = [:]
  private var dataFileUses: [String: Int] = [:]

  /// Has the next link check look at every page, not only those recorded since the last: a
  /// Markdown file came or went, which changes what a link to it is told without a page
  /// appearing or disappearing when the file is a hidden draft.
  mutating func checkEveryPageNext() {
    everyPageDue = true
  }

  /// The site-relative links of the page at `sourcePath` (for the cross-language check).
  func links(ofPageAt sourcePath: String) -> [InternalLink] { entries[sourcePath]?.links ?? [] }

  /// Records (or replaces) what the page at `sourcePath` produced; its links are checked by the
  /// next ``checkLinks(everyPage:files:severity:)``.
  mutating func record(_ rendered: RenderedPage, forPageAt sourcePath: String, url: String) {
    let ids = rendered.elementIDs
    if let old = entries[sourcePath] {
      for spacing in old.spacings { PageFindings.count(spacing, by: -1, in: &spacingUses) }
      for file in old.dataFiles { PageFindings.count(file, by: -1, in: &dataFileUses) }
      if old.ids != ids { anchorsMoved = true }
    }
    add(rendered, at: sourcePath, url: url, ids: ids)
    // Most pages of a build that does not check anchors have none recorded: no entry at all.
    if !ids.isEmpty || idsByURL[url] != nil { idsByURL[url] = ids }
    if rendered.warnings.isEmpty { warned.remove(sourcePath) } else { warned.insert(sourcePath) }
    unchecked.insert(sourcePath)
  }

  /// No findings, as before the first build.
  init() {}

  /// The findings of `pages` (each page's path in the project, URL and rendering), as
  /// ``record(_:forPageAt:url:)`` records them one by one into empty findings, and every page's
  /// links due for the next check: what a site organised afresh starts from. Each page's path
  /// is hashed once here, not five times (looking for an old entry, the warned and unchecked
  /// sets): at 100,000 pages that took half a second.
  init(recording pages: [(sourcePath: String, url: String, rendered: RenderedPage)]) {
    entries.reserveCapacity(pages.count)
    for (sourcePath, url, rendered) in pages {
      let ids = rendered.elementIDs
      add(rendered, at: sourcePath, url: url, ids: ids)
      if !ids.isEmpty { idsByURL[url] = ids }
      if !rendered.warnings.isEmpty { warned.insert(sourcePath) }
    }
    everyPageDue = true
  }

  /// Puts the entry of the page at `sourcePath` in place and counts its spacings and data files
  /// (what ``record(_:forPageAt:url:)`` and ``init(recording:)`` both do).
  private mutating func add(_ rendered: RenderedPage, at sourcePath: String, url: String, ids: Set<String>) {
    entries[sourcePath] = Entry(
      warnings: rendered.warnings, spacings: rendered.listSpacings, dataFiles: rendered.dataFiles,
      links: rendered.internalLinks, externalLinks: rendered.externalLinks, ids: ids, url: url)
    for spacing in rendered.listSpacings { PageFindings.count(spacing, by: 1, in: &spacingUses) }
    for file in rendered.dataFiles { PageFindings.count(file, by: 1, in: &dataFileUses) }
  }

  /// Every list spacing some page uses.
  var spacings: Set<String> { Set(spacingUses.keys) }

  /// Every data file some page reads.
  var dataFiles: Set<String> { Set(dataFileUses.keys) }

  /// The source paths of the pages that read any of `files` (relative to `Content/`).
  func pages(reading files: Set<String>) -> [String] {
    guard !files.isDisjoint(with: dataFileUses.keys) else { return [] }
    return entries.compactMap { sourcePath, entry in
      entry.dataFiles.isDisjoint(with: files) ? nil : sourcePath
    }
  }

  /// Every page's http and https links (none unless they are collected), by source path.
  var externalLinks: [ExternalLink] {
    entries.sorted { ByteOrder.precedes($0.key, $1.key) }.flatMap(\.value.externalLinks)
  }

  /// The pages' own warnings (not broken links).
  var warnings: [Diagnostic] {
    warned.sorted(by: ByteOrder.precedes).flatMap { entries[$0]?.warnings ?? [] }
  }

  /// Links to no page or file, as of the last check (kept, not gathered on each call: a large
  /// site with links to pages it does not have can hold thousands).
  private(set) var brokenLinks: [Diagnostic] = []

  /// How many pages' links one task of the link check looks at: most pages have a few links,
  /// so a task per page would cost more in scheduling than the checks.
  static let pagesPerTask = 256

  /// Checks the links of the pages recorded since the last check, or of every page when a file
  /// appeared or disappeared or a page's headings changed since then, against `files`. Throws
  /// every broken link of the site when `severity` is `.error`.
  ///
  /// With `checksAnchors`, a link whose page exists but has no element with the id its fragment
  /// names is a warning whatever `severity` is: ids can also come from scripts Folio cannot see.
  /// A page's HTML is searched for the id in `handedOver` when `files` holds only its path (a
  /// file handed to the writer: ``OutputDelta/handOver()``).
  ///
  /// `pageFiles` are the Markdown files that make pages and `markdownFiles` all of them (drafts
  /// too), both relative to `Content/`: a link to a Markdown file that makes no page is reported
  /// with the file it names, as `namingFile` names it (a mounted folder's file where it is in
  /// the project).
  ///
  /// With `stored` (a build with the cache that does not check anchors), a page whose key under
  /// the site's key `site` (``LinkCheckStage``) the store holds takes the problems stored there
  /// and is not checked; every page's key and problems are recorded in the store for the next
  /// file.
  mutating func checkLinks(
    everyPage: Bool, files: [String: [UInt8]], handedOver: [String: [UInt8]] = [:],
    severity: Diagnostic.Severity, checksAnchors: Bool,
    layoutIDs: Set<String>?, pageFiles: some Collection<String> = [String](), markdownFiles: Set<String> = [],
    namingFile: @Sendable (String) -> String = { $0 },
    stored: (store: LinkCheckStore, site: ContentDigest)? = nil
  ) throws {
    let pages = everyPage || anchorsMoved || everyPageDue ? Array(entries.keys) : Array(unchecked)
    let entries = self.entries
    let idsByURL = self.idsByURL
    // With the cache, each page's key and the problems an earlier build found under it: those
    // pages are not checked again (never with anchors: ``LinkCheckStage``).
    let earlier: [(key: ContentDigest, taken: (problems: [Diagnostic], stored: ArraySlice<UInt8>)?)]? =
      stored.map {
        stored in
        precondition(!checksAnchors, "the link check stage's keys do not hold the pages' ids")
        return ChunkedWork.map(pages.count, chunk: PageFindings.pagesPerTask) { position in
          let entry = entries[pages[position]]
          let key = LinkCheckStage.key(
            site: stored.site, sourcePath: pages[position], url: entry?.url ?? "", links: entry?.links ?? [])
          return (key, stored.store.problems(forKey: key))
        }
      }
    // Each page's links that lead nowhere, on all cores: a site cut from elsewhere can have
    // thousands of broken ones.
    let found = ChunkedWork.map(pages.count, chunk: PageFindings.pagesPerTask) {
      position -> [(InternalLink, anchorOnly: Bool)] in
      if earlier?[position].taken != nil { return [] }
      return (entries[pages[position]]?.links ?? []).compactMap { link -> (InternalLink, anchorOnly: Bool)? in
        guard PageFindings.exists(link.target, in: files) else { return (link, false) }
        guard checksAnchors, let fragment = link.fragment else { return nil }
        return PageFindings.hasElement(
          id: fragment, at: link.target, ids: idsByURL, layoutIDs: layoutIDs, files: files,
          handedOver: handedOver)
          ? nil : (link, true)
      }
    }
    if everyPage { suggestions = nil }
    let makesSuggestions = suggestions == nil && found.contains { $0.contains { !$0.anchorOnly } }
    let makesFileSuggestions = found.contains { $0.contains { !$0.anchorOnly && $0.0.markdownFile != nil } }
    // The two indexes of what a broken link may have meant, each on a core: on a site cut from
    // elsewhere both are needed, and each takes a pass over every output or page.
    var fileSuggestions: MarkdownFileSuggestions? = nil
    let made = ChunkedWork.beside {
      makesSuggestions ? LinkSuggestions(outputPaths: files.keys) : nil
    } while: {
      if makesFileSuggestions { fileSuggestions = MarkdownFileSuggestions(files: pageFiles) }
    }
    if let made { suggestions = made }
    let suggestions = self.suggestions
    let madeForFiles = fileSuggestions
    let problemsByPage = ChunkedWork.map(pages.count, chunk: PageFindings.pagesPerTask) { position in
      if let problems = earlier?[position].taken?.problems { return problems }
      // The linking page is the example of how files become URLs: one the writer knows.
      let example = entries[pages[position]].map { LinkProblem.Example(file: pages[position], url: $0.url) }
      return found[position].map { link, anchorOnly in
        anchorOnly
          ? PageFindings.missingAnchor(link, ids: idsByURL[PageFindings.pageURL(link.target)] ?? [])
          : PageFindings.problem(
            link, severity: severity, suggestions: suggestions, fileSuggestions: madeForFiles,
            markdownFiles: markdownFiles, namingFile: namingFile, example: example)
      }.sorted {
        ($0.location?.line ?? 0, $0.location?.column ?? 0) < (
          $1.location?.line ?? 0, $1.location?.column ?? 0
        )
      }
    }
    if let stored, let earlier {
      // Encoded here, on every core, not by the file's writer, which the build waits for.
      let encoded = ChunkedWork.map(pages.count, chunk: PageFindings.pagesPerTask) { position in
        earlier[position].taken == nil ? LinkCheckStage.encode(problemsByPage[position]) : nil
      }
      stored.store.record(
        pages.indices.map { position in
          let (key, taken) = earlier[position]
          if let taken { return (key, taken.stored, reused: true) }
          return (key, ArraySlice(encoded[position] ?? []), reused: false)
        })
    }
    var changed = false
    for (sourcePath, problems) in zip(pages, problemsByPage) where broken[sourcePath] ?? [] != problems {
      broken[sourcePath] = problems.isEmpty ? nil : problems
      changed = true
    }
    unchecked = []
    anchorsMoved = false
    everyPageDue = false
    if changed { brokenLinks = broken.sorted { ByteOrder.precedes($0.key, $1.key) }.flatMap(\.value) }
    let errors = brokenLinks.filter { $0.severity == .error }
    // The pages' warnings come after the errors: a build that fails on a broken link still says
    // that a page's `{:toc}` was left out, so one run shows everything to fix. Only what this
    // check has in hand, every page rendered: a build that fails earlier (a missing layout)
    // would report a previous build's findings from a `folio serve` session.
    guard errors.isEmpty else {
      throw DiagnosticError(errors + warnings + brokenLinks.filter { $0.severity == .warning })
    }
  }

  /// Whether the page or file at `target` has an element with the id `id`: in its content, or
  /// written by the layouts (`layoutIDs`; nil when a layout makes ids with tags, and then the
  /// page's HTML is searched). Other HTML files are searched; files that are not HTML are not
  /// checked.
  private static func hasElement(
    id: String, at target: String, ids: [String: Set<String>], layoutIDs: Set<String>?,
    files: [String: [UInt8]], handedOver: [String: [UInt8]]
  ) -> Bool {
    let url = pageURL(target)
    if let content = ids[url] {
      if content.contains(id) { return true }
      if let layoutIDs { return layoutIDs.contains(id) }
    }
    let path = String(InternalLink.percentDecoded(url).dropFirst())
    let file = path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    guard let html = handedOver[file] ?? files[file],
      path.isEmpty || path.hasSuffix("/") || path.hasSuffix(".html")
    else { return true }
    // As Folio writes attribute values: `&`, `<`, `>` and `"` escaped.
    var escaped = HTMLWriter()
    escaped.text(id)
    return [" id=\"", " name=\""].contains { attribute in
      let needle = Array(attribute.utf8) + escaped.bytes + [UInt8(ascii: "\"")]
      return ByteSearch.contains(needle, in: html)
    }
  }

  /// A site path as the page URL it names: `/docs/cli` and `/docs/cli/index.html` are `/docs/cli/`.
  private static func pageURL(_ target: String) -> String {
    if target.hasSuffix("/index.html") { return String(target.dropLast("index.html".count)) }
    if target.hasSuffix("/") || target.utf8.contains(UInt8(ascii: ".")) { return target }
    return target + "/"
  }

  /// The warning for a link whose page has no element with the id its fragment names, with the
  /// heading id it probably meant.
  private static func missingAnchor(_ link: InternalLink, ids: Set<String>) -> Diagnostic {
    let closest = EditDistance.closest(to: link.fragment ?? "", in: ids)
    return LinkProblem.missingAnchor(link, page: pageURL(link.target), closest: closest).diagnostic(
      severity: .warning)
  }

  /// The diagnostic for a link that leads nowhere, with the URL or file it probably meant.
  private static func problem(
    _ link: InternalLink, severity: Diagnostic.Severity, suggestions: LinkSuggestions?,
    fileSuggestions: MarkdownFileSuggestions?, markdownFiles: Set<String>, namingFile: (String) -> String,
    example: LinkProblem.Example?
  ) -> Diagnostic {
    if let file = link.markdownFile {
      let isDraft = markdownFiles.contains(file)
      return LinkProblem.noPageFromFile(
        link, file: namingFile("Content/" + file), isDraft: isDraft,
        suggestion: isDraft ? nil : fileSuggestions?.suggestion(for: file, written: link.written),
        example: example
      ).diagnostic(severity: severity)
    }
    let candidates = suggestions.map { $0.suggestions(for: InternalLink.percentDecoded(link.target)) }
    return LinkProblem.broken(link, suggestions: candidates, example: example).diagnostic(severity: severity)
  }

  /// Whether a site path names an output file or a folder with an `index.html`.
  ///
  /// Works on UTF-8 bytes: the check runs once per link of the site, and `Character`-based
  /// string operations cost several times more.
  private static func exists(_ target: String, in files: [String: [UInt8]]) -> Bool {
    let decoded = InternalLink.percentDecoded(target)
    let path = decoded.utf8.dropFirst()  // the leading `/`
    if let key = String(path), files[key] != nil { return true }
    let folder = path.isEmpty || path.last == UInt8(ascii: "/") ? "" : "/"
    return files[String(decoding: path, as: UTF8.self) + folder + "index.html"] != nil
  }

  private static func count(_ key: String, by change: Int, in uses: inout [String: Int]) {
    let total = uses[key, default: 0] + change
    uses[key] = total > 0 ? total : nil
  }
}

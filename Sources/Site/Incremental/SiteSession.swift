import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
import Synchronization

/// A site kept in memory between builds, so that a change rebuilds only what depends on it:
/// a changed page re-renders itself and the list, tag and feed pages that show it; a template
/// change lays every page out again from cached content HTML; a static file is copied alone.
///
/// `folio build` uses one session once; `folio serve` keeps one for its lifetime. Not for
/// use from several threads at once (each build uses all cores itself).
public final class SiteSession {
  /// What a rebuild changed.
  public struct Update: Sendable {
    /// The new site.
    public var result: SiteBuilder.Result
    /// Output paths whose bytes changed, were added or were removed.
    public var changedPaths: [String]
  }

  /// The options every build uses.
  public let options: SiteBuilder.Options
  private var configuration: SiteConfiguration?
  /// The door every read of the site's files goes through, opened by a full build.
  private var siteFiles: SiteFiles?
  private var templates: TemplateLibrary?
  private var markdownFiles: Set<String> = []
  private var staticFiles: [String: [UInt8]] = [:]
  private var assetFiles: [String: [UInt8]] = [:]
  private var pagesByPath: [String: Page] = [:]
  private let cache = RenderCache()
  private var jobOutputs: [String: (signature: Int, bytes: [UInt8])] = [:]
  private var files: [String: [UInt8]] = [:]
  /// Outputs rewritten whole on every build (feeds, assets, static files, aliases).
  private var generatedPaths: Set<String> = []
  /// Work a failed rebuild left undone; the next rebuild does it too.
  private var pending = RebuildPlan()
  /// The last good build's structure (nil after a failed build) and the pages it holds by path
  /// (relative to `Content/`, as in `pagesByPath`): kept so that an edit which moves nothing
  /// swaps the page in place.
  private var structure: SiteStructure?
  private var shownPages: [String: Page] = [:]
  /// Per page warnings, list spacings, data files and links, and which links are broken.
  private var findings = PageFindings()
  /// Characters the feeds left out of pages' titles and summaries, found by the last build.
  private var feedWarnings: [Diagnostic] = []
  /// The last sitemap written, reused while the structure is only patched.
  private var sitemap: [UInt8]?
  /// How many HTML files the site has.
  private var pageCount = 0
  /// The ids the layouts write on every page (for the anchor check), nil when a layout makes
  /// them with tags.
  private var layoutIDs: Set<String>? = nil
  /// Whether rebuilds follow: false for a one-shot build (`SiteBuilder`), which then keeps no
  /// per-output signatures and lists no changed paths.
  var rebuildsFollow = true

  /// How many laid-out pages pass between two progress reports: often enough for a smooth bar,
  /// rarely enough that reporting costs nothing next to the layout.
  static let progressInterval = 64

  /// Creates a session; nothing is read until ``build()``.
  public init(options: SiteBuilder.Options) {
    self.options = options
  }

  /// Builds the whole site from scratch.
  public func build() throws -> SiteBuilder.Result {
    var plan = RebuildPlan()
    plan.reloadsConfiguration = true
    return try rebuild(plan).result
  }

  /// Readies the kept structure for edits (the table of where each page is held), so that the
  /// first save after a full organisation is as quick as the next ones. `folio serve` calls it
  /// after the browsers have been told; `folio build` never needs it.
  public func prepareForEdits() {
    structure?.preparePlaces()
  }

  /// Rebuilds what `plan` says changed (and what an earlier failed rebuild left undone).
  public func rebuild(_ plan: RebuildPlan) throws -> Update {
    var plan = plan
    plan.merge(pending)
    pending = plan
    let update = try perform(plan)
    pending = RebuildPlan()
    return update
  }

  // MARK: Steps

  private func perform(_ plan: RebuildPlan) throws -> Update {
    var plan = plan
    // Bookmark data files are read while their pages are rendered: such a file changed is its
    // pages changed.
    for sourcePath in findings.pages(reading: plan.staticFiles) {
      plan.pages.insert(String(sourcePath.dropFirst("Content/".count)))
    }
    var timings: [(String, Double)] = []
    func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
      let start = DispatchTime.now().uptimeNanoseconds
      defer { timings.append((name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)) }
      return try body()
    }
    let root = options.projectRoot
    let full = plan.reloadsConfiguration || configuration == nil
    if full {
      let files = try SiteFiles(root: root)
      siteFiles = files
      var loaded = try step("configure") { try SiteConfiguration.load(from: files) }
      if let baseURL = options.baseURL { loaded.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
      loaded.checksAnchors = options.checksAnchors
      configuration = loaded
      templates = nil
      pagesByPath = [:]
      cache.removeAll()
      jobOutputs = [:]
      structure = nil
      let sources = try step("discover") { try ContentFiles(files: files) }
      markdownFiles = Set(sources.markdown)
      staticFiles = [:]
      for path in sources.staticFiles { staticFiles[path] = try sources.read(path) }
      assetFiles = try loadAssets(changed: nil)
    }
    let config = configuration!
    if templates == nil || plan.reloadsTemplates {
      templates = try step("templates") {
        // Named from the root, so template diagnostics name `Templates/page.mustache` as content
        // diagnostics name `Content/…`; a site without Templates/ uses the default theme alone.
        let siteTemplates = try SiteSession.readTemplates(siteFiles!)
        var sources: [TemplateLibrary.Source] = [
          .embedded(DefaultTheme.templates, describedAs: "(default theme)")
        ]
        if let siteTemplates { sources.insert(.files(siteTemplates, displayRoot: "Templates"), at: 0) }
        let library = try TemplateLibrary(sources, missingPartials: .reportError)
        if options.checksAnchors { layoutIDs = SiteSession.layoutIDs(siteTemplates: siteTemplates ?? []) }
        return library
      }
      jobOutputs = [:]
    }
    let library = templates!
    if !full {
      try step("discover") { try applyFileChanges(plan) }
    }
    let toParse = full ? markdownFiles : plan.pages.intersection(markdownFiles)
    for path in plan.pages where !markdownFiles.contains(path) {
      if let gone = pagesByPath.removeValue(forKey: path) { cache.remove(gone.sourcePath) }
    }
    if full {
      // Until every page is parsed, each file is taken to make the page its path names; pages
      // whose links relied on a file that turned out otherwise (a slug, a draft) are rendered
      // again by settleLinks.
      var urls: [String: String] = [:]
      for path in markdownFiles { urls[path] = PageAddress(ofMarkdownFile: path).url() }
      cache.links = LinkResolver(basePath: config.basePath, pageURLs: urls, staticFiles: staticFiles.keys)
    }
    try step("parse") { try parse(toParse.sorted(), config) }
    try step("settle links") { plan.pages.formUnion(try settleLinks(config)) }

    // Held by this build alone until it succeeds: patched in place without a copy, and dropped
    // by a failed build, so the next one organises the site afresh.
    var site = structure
    structure = nil
    let replaced = site == nil ? nil : step("patch structure") { patch(&site!, changing: plan.pages) }
    if replaced == nil {
      // SiteStructure orders pages itself (a total order), so no sort is needed here.
      site = try step("organise") {
        shownPages = pagesByPath.filter { options.includesDrafts || !$0.value.isDraft }
        return try SiteStructure(
          pages: Array(shownPages.values), configuration: config, reserved: reservedPaths(config),
          cache: cache)
      }
    }

    // Start from the previous site and write only what this build produces anew, so a
    // one-page change costs one page, not a pass over every file. The session lets go of its
    // files meanwhile, so writing them does not copy the whole dictionary.
    var output = OutputDelta(files: full ? [:] : files)
    if !full { files = [:] }
    do {
      for path in generatedPaths { output.remove(path) }
      output.isGenerating = false
      // A patched structure has the same jobs: only those that show a replaced page can differ,
      // unless the templates changed under all of them.
      let candidates = plan.reloadsTemplates ? nil : replaced.map(\.jobs)
      let rendered = try step("render") { try renderJobs(site!, candidates, config, library, into: &output) }
      output.isGenerating = true
      step("findings") {
        if let replaced {
          for page in replaced.pages {
            if let rendered = cache.get(page.sourcePath) {
              findings.record(rendered, forPageAt: page.sourcePath, url: page.url)
            }
          }
        } else {
          findings.removeAll(makingRoomFor: site!.pages.count)
          // One snapshot of the cache instead of a lock per page; every shown page is in it by now.
          let renderedPages = cache.all
          for page in site!.pages {
            if let rendered = renderedPages[page.sourcePath] {
              findings.record(rendered, forPageAt: page.sourcePath, url: page.url)
            }
          }
        }
      }
      addAliases(site!, config, into: &output)
      step("feeds") { addFeeds(site!, config, reusingSitemap: replaced != nil, into: &output) }
      try step("assets") { try addAssets(findings.dataFiles, spacings: findings.spacings, into: &output) }
      try step("check links") {
        try findings.checkLinks(
          everyPage: !output.appearedOrDisappeared.isEmpty, files: output.files, severity: config.brokenLinks,
          checksAnchors: options.checksAnchors, layoutIDs: layoutIDs)
      }
      step("keep outputs") {
        guard rebuildsFollow else { return }
        for (path, signature, bytes) in rendered.fresh { jobOutputs[path] = (signature, bytes) }
        for path in rendered.gone { jobOutputs[path] = nil }
      }
    } catch {
      if !full { files = output.reverted() }
      throw error
    }

    let changed: [String] = step("changes") {
      if full {
        pageCount = output.keys.filter { $0.hasSuffix(".html") }.count
        guard rebuildsFollow else { return [] }
        return Set(files.keys).union(output.keys).filter { files[$0] != output.files[$0] }.sorted()
      }
      for path in output.appearedOrDisappeared where path.hasSuffix(".html") {
        pageCount += output.files[path] == nil ? -1 : 1
      }
      return output.changedPaths.sorted()
    }
    structure = site
    generatedPaths = output.generated
    files = output.files
    return Update(
      result: SiteBuilder.Result(
        files: files, warnings: config.warnings + feedWarnings + findings.warnings + findings.brokenLinks,
        pageCount: pageCount,
        timings: timings),
      changedPaths: changed)
  }

  /// The template files of the site's `Templates/` (nil when it has none), read through `files`;
  /// the theme's assets below `Templates/assets/` are not templates.
  private static func readTemplates(_ files: SiteFiles) throws -> [(relativePath: String, bytes: [UInt8]?)]? {
    guard files.exists("Templates") else { return nil }
    let folder = URL(fileURLWithPath: files.rootPath).appendingPathComponent("Templates")
    return try ContentFiles.listFiles(in: folder.resolvingSymlinksInPath()).filter {
      $0.hasSuffix(".mustache") || $0.hasSuffix(".html")
    }.map { ($0, try files.read("Templates/" + $0)) }
  }

  /// The ids written by the default theme's templates and the site's own (`Templates/`).
  private static func layoutIDs(siteTemplates: [(relativePath: String, bytes: [UInt8]?)]) -> Set<String>? {
    var texts = Array(DefaultTheme.templates.values)
    for (_, bytes) in siteTemplates {
      if let bytes { texts.append(String(decoding: bytes, as: UTF8.self)) }
    }
    return ElementIDs.written(by: texts)
  }

  /// The outputs that are not pages, lists or aliases, with what writes each: a page or an
  /// alias that lands on one is an error, not a silent replacement.
  private func reservedPaths(_ config: SiteConfiguration) -> [String: String] {
    var reserved: [String: String] = [:]
    for path in staticFiles.keys { reserved[path] = "the file Content/\(path)" }
    for path in assetFiles.keys { reserved["assets/" + path] = "the theme's assets/\(path)" }
    reserved["assets/folio-lists.css"] = "the theme's assets/folio-lists.css"
    if config.atomFeed { reserved["atom.xml"] = "the Atom feed" }
    if config.rssFeed { reserved["rss.xml"] = "the RSS feed" }
    if config.sitemap { reserved["sitemap.xml"] = "the sitemap" }
    if config.robots { reserved["robots.txt"] = "robots.txt" }
    reserved[OutputDirectory.markerName] = "Folio's output marker"
    return reserved
  }

  /// Adds and removes files the plan names, reading only those.
  private func applyFileChanges(_ plan: RebuildPlan) throws {
    let files = siteFiles!
    for path in plan.pages {
      if files.exists("Content/" + path) {
        markdownFiles.insert(path)
      } else {
        markdownFiles.remove(path)
      }
    }
    for path in plan.staticFiles {
      staticFiles[path] = try files.readIfPresent("Content/" + path, limit: SiteFiles.maximumFileBytes)
    }
    if !plan.assets.isEmpty { assetFiles = try loadAssets(changed: plan.assets) }
  }

  /// Brings the link facts up to date with the pages and files now known, renders again the
  /// pages whose links relied on a fact that changed, and returns their paths.
  private func settleLinks(_ config: SiteConfiguration) throws -> Set<String> {
    var urls: [String: String] = [:]
    urls.reserveCapacity(pagesByPath.count)
    for (path, page) in pagesByPath where options.includesDrafts || !page.isDraft { urls[path] = page.url }
    let actual = LinkResolver(basePath: config.basePath, pageURLs: urls, staticFiles: staticFiles.keys)
    let changed = actual.changes(from: cache.links)
    cache.links = actual
    guard !changed.isEmpty else { return [] }
    let rendered = cache.all
    let dependents = pagesByPath.compactMap { path, page -> String? in
      let dependencies = rendered[page.sourcePath]?.linkDependencies ?? []
      return dependencies.isDisjoint(with: changed) ? nil : path
    }
    try parse(dependents.sorted(), config)
    return Set(dependents)
  }

  private func parse(_ paths: [String], _ config: SiteConfiguration) throws {
    for path in paths {
      cache.remove("Content/" + path)
    }
    // Each page's content is rendered as soon as it is parsed (see PageLoader.load); the page
    // then holds that instead of its parsed text. A page whose content fails to render keeps
    // its text and is left out of the cache: the render step renders it again and reports the
    // error where it always has.
    let cache = self.cache
    let root = options.projectRoot
    let includesDrafts = options.includesDrafts
    let loaded = try PageLoader(configuration: config).load(paths, from: siteFiles!) { page in
      cache.remove(page.sourcePath)
      guard includesDrafts || !page.isDraft,
        let rendered = try? RenderedPage(
          page: page, configuration: config, projectRoot: root, links: cache.links)
      else { return page }
      cache.set(page.sourcePath, rendered)
      return page.releasingText()
    }
    for (path, page) in loaded {
      pagesByPath[path] = page
    }
  }

  /// Swaps the changed pages into `site` and returns them with the jobs that show them, when
  /// no change moves anything (see ``PageShape``); otherwise returns nil and leaves `site` as it
  /// was, for the caller to organise the site afresh.
  private func patch(_ site: inout SiteStructure, changing paths: Set<String>) -> Patch? {
    var replacements: [(old: Page, new: Page)] = []
    for path in paths {
      let old = shownPages[path]
      let new = pagesByPath[path].flatMap { options.includesDrafts || !$0.isDraft ? $0 : nil }
      if let old, let new, PageShape(old) == PageShape(new) {
        if old !== new { replacements.append((old, new)) }
      } else if old != nil || new != nil {
        return nil
      }
      // Both nil: a draft edited while drafts are hidden, which shows nowhere.
    }
    let jobs = site.replace(replacements)
    for path in paths where shownPages[path] != nil { shownPages[path] = pagesByPath[path] }
    return Patch(pages: replacements.map(\.new), jobs: jobs)
  }

  /// Pages swapped into the structure, and the indices of the jobs that show them.
  private struct Patch {
    var pages: [Page]
    var jobs: [Int]
  }

  /// What ``renderJobs(_:_:_:_:into:)`` laid out, kept by the session once the build succeeds.
  private struct Rendered {
    var fresh: [(path: String, signature: Int, bytes: [UInt8])] = []
    /// Outputs of jobs the site no longer has.
    var gone: [String] = []
  }

  /// Lays out every job (or every one of `candidates`) whose inputs changed; reuses the bytes
  /// of the others.
  private func renderJobs(
    _ site: SiteStructure, _ candidates: [Int]?, _ config: SiteConfiguration, _ templates: TemplateLibrary,
    into files: inout OutputDelta
  ) throws -> Rendered {
    let root = options.projectRoot
    let context = TemplateContext(configuration: config, site: site, root: root)
    let jobs = site.renderJobs
    let indices = candidates ?? Array(jobs.indices)
    let signatures = indices.map { jobs[$0].signature(in: site) }
    let stale = indices.indices.filter {
      jobOutputs[jobs[indices[$0]].outputPath]?.signature != signatures[$0]
    }
    let results = Mutex<[Int: Swift.Result<[UInt8], DiagnosticError>]>([:])
    let done = Atomic<Int>(0)
    // Set by the first render that used up a template's whole work or output budget: the other
    // jobs would each pay it again (10,000 pages of a runaway layout, 10,000 times a second), so
    // they are skipped and the build fails with that one error.
    let exhausted = Atomic<Bool>(false)
    let progress = options.progress
    DispatchQueue.concurrentPerform(iterations: stale.count) { position in
      defer {
        let count = done.add(1, ordering: .relaxed).newValue
        if count % SiteSession.progressInterval == 0 || count == stale.count { progress?(count, stale.count) }
      }
      guard !exhausted.load(ordering: .relaxed) else { return }
      let job = jobs[indices[stale[position]]]
      let result: Swift.Result<[UInt8], DiagnosticError>
      do {
        let rendered = try job.page.map { try site.rendered($0, configuration: config, root: root) }
        guard templates.template(named: job.layout) != nil else {
          throw DiagnosticError(
            .error(
              "unknown layout '\(job.layout)'",
              at: job.page.map {
                $0.layoutLocation ?? SourceLocation(path: $0.sourcePath, line: 1, column: 1)
              },
              hint:
                "add Templates/\(job.layout).mustache or use one of: \(templates.templateNames.filter { !$0.contains("/") }.joined(separator: ", "))"
            ))
        }
        let value = context.value(for: job, rendered: rendered)
        result = .success(try templates.renderBytes(job.layout, with: value))
      } catch let error as DiagnosticError {
        if RenderLimits.isExhausted(by: error) { exhausted.store(true, ordering: .relaxed) }
        result = .failure(error)
      } catch {
        result = .failure(DiagnosticError(.error("\(error)")))
      }
      results.withLock { $0[position] = result }
    }
    var problems: [Diagnostic] = []
    var output = Rendered()
    let collected = results.withLock { $0 }
    for (position, candidate) in stale.enumerated() {
      let path = jobs[indices[candidate]].outputPath
      guard let result = collected[position] else { continue }  // skipped: a render was exhausted
      switch result {
      case .success(let bytes):
        output.fresh.append((path, signatures[candidate], bytes))
        files.set(path, bytes)
      case .failure(let error): problems += error.diagnostics
      }
    }
    if exhausted.load(ordering: .relaxed) {
      // Renders that ran at once each found the same template at fault: report it once.
      var seen = Set<Diagnostic>()
      problems = problems.filter { seen.insert($0).inserted }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }

    if candidates == nil {
      let live = Set(jobs.map(\.outputPath))
      for path in jobOutputs.keys where !live.contains(path) {
        output.gone.append(path)
        files.remove(path)
      }
    }
    return output
  }

  /// Redirect pages for the pages' aliases.
  private func addAliases(_ site: SiteStructure, _ config: SiteConfiguration, into files: inout OutputDelta) {
    // The language is the site owner's text, written into an attribute: escaped like the rest.
    let language = XMLText.escape(config.language)
    for alias in site.aliases {
      let target = XMLText.escape(config.href(alias.target))
      files.set(
        alias.outputPath,
        Array(
          "<!DOCTYPE html>\n<html lang=\"\(language)\"><head><meta charset=\"utf-8\"><title>Redirect</title><link rel=\"canonical\" href=\"\(target)\"><meta http-equiv=\"refresh\" content=\"0; url=\(target)\"></head><body><p><a href=\"\(target)\">\(target)</a></p></body></html>\n"
            .utf8))
    }
  }

  /// The feeds, robots.txt and the sitemap. The sitemap lists the structure's pages with their
  /// dates, so a patched structure (same URLs, same dates, same aliases) keeps the last one.
  private func addFeeds(
    _ site: SiteStructure, _ config: SiteConfiguration, reusingSitemap: Bool, into files: inout OutputDelta
  ) {
    let writer = FeedWriter(
      title: config.title, description: config.description, baseURL: config.baseURL, author: config.author,
      language: config.language)
    let entries = site.feedPages.prefix(FeedWriter.entryCount).map { page in
      FeedWriter.Entry(
        title: page.title, url: page.url, date: page.date, updated: page.updated,
        summary: site.summary(of: page))
    }
    let feeds = (config.atomFeed ? ["atom.xml"] : []) + (config.rssFeed ? ["rss.xml"] : [])
    feedWarnings = zip(site.feedPages, entries).flatMap { page, entry in
      let start = SourceLocation(path: page.sourcePath, line: 1, column: 1)
      return [
        XMLText.droppedCharacters(
          in: entry.title, field: "title", feeds: feeds, at: page.titleLocation ?? start),
        XMLText.droppedCharacters(
          in: entry.summary, field: "summary", feeds: feeds, at: page.summaryLocation ?? start),
      ].compactMap { $0 }
    }
    .sorted { ($0.location!, $0.message) < ($1.location!, $1.message) }
    if config.atomFeed { files["atom.xml"] = Array(writer.atom(Array(entries)).utf8) }
    if config.rssFeed { files["rss.xml"] = Array(writer.rss(Array(entries)).utf8) }
    if config.sitemap {
      if !reusingSitemap || sitemap == nil {
        // Every page and list written so far: the job outputs and aliases (feeds, assets and
        // static files come later). Byte order: the same on every machine, and cheaper than
        // Unicode-aware comparison.
        let urls = files.keys.filter { $0.hasSuffix("/index.html") || $0 == "index.html" }
          .sorted(by: SiteStructure.precedes).map {
            path in
            let url = "/" + String(path.dropLast("index.html".count))
            return (url: url, lastModified: site.lastModified[url])
          }
        sitemap = writer.sitemapBytes(urls.filter { !site.aliasURLs.contains($0.url) })
      }
      files["sitemap.xml"] = sitemap
    }
    if config.robots { files["robots.txt"] = Array(writer.robots(sitemap: config.sitemap).utf8) }
  }

  /// The theme's assets overlaid with the site's `Templates/assets/` (re-read only `changed`).
  private func loadAssets(changed: Set<String>?) throws -> [String: [UInt8]] {
    let files = siteFiles!
    let siteAssets = URL(fileURLWithPath: files.rootPath).appendingPathComponent("Templates/assets")
    var assets = changed == nil ? [:] : assetFiles
    let paths: [String]
    if changed == nil {
      for (path, text) in DefaultTheme.assets { assets[path] = Array(text.utf8) }
      paths = ContentFiles.listFiles(in: siteAssets.resolvingSymlinksInPath())
    } else {
      paths = changed!.sorted()
    }
    for path in paths {
      let location = SourceLocation(path: "Templates/assets/" + path, line: 1, column: 1)
      do throws(OutputPath.Problem) {
        _ = try OutputPath(relative: "assets/" + path)
      } catch {
        throw DiagnosticError(error.diagnostic(field: "the file name", value: path, at: location))
      }
      let bytes = try files.readIfPresent("Templates/assets/" + path, limit: SiteFiles.maximumFileBytes)
      assets[path] = bytes ?? DefaultTheme.assets[path].map { Array($0.utf8) }
    }
    return assets
  }

  private func addAssets(_ dataFiles: Set<String>, spacings: Set<String>, into files: inout OutputDelta)
    throws
  {
    for (path, bytes) in assetFiles { files["assets/" + path] = bytes }
    var css = "/* Generated by Folio: item spacing of lists with data-spacing. */\n"
    for spacing in spacings.sorted()
    where spacing.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "%" }) {
      css += ".folio-list[data-spacing=\"\(spacing)\"] > li + li { margin-top: \(spacing); }\n"
    }
    files["assets/folio-lists.css"] = Array(css.utf8)
    // Files that fed a component are inputs, like Hugo's data/, and are not published.
    var clashes: [Diagnostic] = []
    for (path, bytes) in staticFiles where !dataFiles.contains(path) {
      // The structure refuses pages and aliases over these; a static file over a theme asset
      // (`Content/assets/folio.css`) is caught here.
      if assetFiles[String(path.dropFirst("assets/".count))] != nil, path.hasPrefix("assets/") {
        clashes.append(
          SiteProblem.staticFileReplacesAnAsset(path: path).diagnostic(
            at: SourceLocation(path: "Content/" + path, line: 1, column: 1)))
        continue
      }
      files[path] = bytes
    }
    guard clashes.isEmpty else {
      throw DiagnosticError(
        clashes.sorted { $0.location?.description ?? "" < $1.location?.description ?? "" })
    }
  }
}

extension RebuildPlan {
  /// Adds another plan's work to this one.
  mutating func merge(_ other: RebuildPlan) {
    reloadsConfiguration = reloadsConfiguration || other.reloadsConfiguration
    reloadsTemplates = reloadsTemplates || other.reloadsTemplates
    pages.formUnion(other.pages)
    staticFiles.formUnion(other.staticFiles)
    assets.formUnion(other.assets)
  }
}

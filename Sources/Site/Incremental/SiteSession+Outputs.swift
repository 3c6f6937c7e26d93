import BuildCache
import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
import SiteComponents
import SiteContent
import SiteLayout
import Synchronization

/// Laying out the jobs and writing the aliases, feeds and assets.
extension SiteSession {
  /// What ``renderJobs(_:_:_:_:into:)`` laid out, kept by the session once the build succeeds.
  struct Rendered {
    var fresh: [(path: String, key: ContentDigest, bytes: [UInt8])] = []
    /// Outputs of jobs the site no longer has.
    var gone: [String] = []
  }

  /// What became of one job: laid out anew, its output kept (its key is the last one's), or a
  /// problem.
  private enum JobResult {
    case laidOut(ContentDigest, [UInt8])
    case kept
    case failed(DiagnosticError)
  }

  /// Lays out every job (or every one of `candidates`) whose key (``LayoutStage``) differs from
  /// the one its output was last made with; keeps the bytes of the others.
  func renderJobs(
    _ site: SiteStructure, _ candidates: [Int]?, _ config: SiteConfiguration, _ templates: TemplateLibrary,
    into files: inout OutputDelta
  ) throws -> Rendered {
    let root = options.projectRoot
    let jobs = site.renderJobs
    // A page's data holds only what the layouts in use can read: a minimal layout that shows
    // the title and content is not handed each page's structured data and list entries.
    let context = TemplateContext(
      configuration: config, site: site, root: root, drawsDiagrams: assetFiles["mermaid.min.js"] != nil
    )
    .showingPictures(PictureCatalog(cache.links, settings: config.images))
    .reading(templates.names(usedBy: Set(jobs.lazy.map(\.layout))))
    let indices = candidates ?? Array(jobs.indices)
    let kept = jobOutputs
    var digest = self.templatesDigest
    if templatesShowPictures {
      let links = cache.links
      let images = links.imageSizes.keys.sorted().map { path in
        "\(path) \(links.value(ofFact: "size:" + path) ?? "")"
      }
      digest = digest.followed(
        by: ContentDigest(of: images.joined(separator: "\n"), seed: 0x7069_6374), seed: 0x7069_6374)
    }
    let templatesDigest = digest
    // A key is worth its digest only where a stored output may match it: in a session that
    // rebuilds (`folio serve`), not in a one-shot build, which keeps nothing.
    let keyed = rebuildsFollow
    let results = Mutex<[Int: JobResult]>([:])
    let done = Atomic<Int>(0)
    // Set by the first render that used up a template's whole work or output budget: the other
    // jobs would each pay it again (10,000 pages of a runaway layout, 10,000 times a second), so
    // they are skipped and the build fails with that one error.
    let exhausted = Atomic<Bool>(false)
    let progress = options.progress
    // One worker per core takes jobs a few at a time, each with its own copy of the templates
    // and of the values every page shares: renders on different cores then update no common
    // reference count (shared counts made each retain and release slow: +16% of the build's
    // CPU time on two cores). One worker renders with the originals.
    // A save in `folio serve` looks at a handful of jobs and lays out one or two: one worker
    // then, as copying the templates and shared values costs more than those jobs do.
    let workers =
      indices.count < SiteSession.jobsWorthAnotherWorker
      ? 1 : min(indices.count, ProcessInfo.processInfo.activeProcessorCount)
    let batch = 4
    let claimed = Atomic<Int>(0)
    // The books' print pages are claimed first: each is the work of all its chapters' pages,
    // and claimed last (their jobs come after the pages) it ran alone on one core while the
    // others waited, a 100-chapter book's whole 40 ms added to the step.
    let order =
      indices.indices.filter { jobs[indices[$0]].book != nil }
      + indices.indices.filter { jobs[indices[$0]].book == nil }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      let (templates, context) =
        workers > 1 ? (templates.unsharedCopy(), context.unsharedCopy()) : (templates, context)
      var finished: [(Int, JobResult)] = []
      // How many bytes the layout added to the last page's content: a page's output starts with
      // room for its content and that much more, instead of growing from 4 KiB by doubling
      // (a 9 KB page took three buffers and kept one of 16 KiB until the write).
      var layoutBytes = 4096
      while true {
        let start = claimed.add(batch, ordering: .relaxed).oldValue
        guard start < indices.count else { break }
        for claim in start..<min(indices.count, start + batch) {
          let position = order[claim]
          defer {
            let count = done.add(1, ordering: .relaxed).newValue
            if count % SiteSession.progressInterval == 0 || count == indices.count {
              progress?(count, indices.count)
            }
          }
          guard !exhausted.load(ordering: .relaxed) else { continue }
          let job = jobs[indices[position]]
          let result: JobResult
          do {
            let rendered = try job.page.map { try site.rendered($0, configuration: config, root: root) }
            guard templates.template(named: job.layout) != nil else {
              let available = templates.templateNames.filter { !$0.contains("/") }
              throw SiteProblem.unknownLayout(job.layout, available: available).error(
                at: job.page.map {
                  $0.layoutLocation ?? SourceLocation(path: $0.sourcePath, line: 1, column: 1)
                })
            }
            let value = context.value(for: job, rendered: rendered)
            let key =
              keyed
              ? LayoutStage.key(templates: templatesDigest, layout: job.layout, value: value)
              : ContentDigest(high: 0, low: 0)
            if keyed, kept[job.outputPath]?.key == key {
              result = .kept
            } else {
              let contentBytes = rendered?.content.utf8.count ?? 0
              let bytes = try templates.renderBytes(
                job.layout, with: value, capacity: contentBytes + layoutBytes + 256)
              // Learnt from pages only: a list's entries would make the next page's room too large.
              if rendered != nil, job.listed.isEmpty { layoutBytes = max(0, bytes.count - contentBytes) }
              result = .laidOut(key, bytes)
            }
          } catch let error as DiagnosticError {
            if RenderLimits.isExhausted(by: error) { exhausted.store(true, ordering: .relaxed) }
            result = .failed(error)
          } catch {
            result = .failed(DiagnosticError(.error("\(error)")))
          }
          finished.append((position, result))
        }
      }
      results.withLock { results in
        for (position, result) in finished { results[position] = result }
      }
    }
    var problems: [Diagnostic] = []
    var output = Rendered()
    let collected = results.withLock { $0 }
    files.reserveCapacity(adding: indices.count)
    if keyed { output.fresh.reserveCapacity(indices.count) }
    for position in indices.indices {
      let path = jobs[indices[position]].outputPath
      guard let result = collected[position] else { continue }  // skipped: a render was exhausted
      switch result {
      case .laidOut(let key, let bytes):
        // Kept for the next build's keys only where one follows: a one-shot build's pages are
        // handed to the writer, which lets them go once written.
        if keyed { output.fresh.append((path, key, bytes)) }
        files.set(path, bytes)
      case .kept:
        // Still in the files the last build left, unless this build started from none.
        if files[path] == nil, let bytes = kept[path]?.bytes { files.set(path, bytes) }
      case .failed(let error): problems += error.diagnostics
      }
    }
    // Renders that ran at once may each find the same fault (a template's exhausted budget,
    // KaTeX missing): report each distinct problem once.
    var seen = Set<Diagnostic>()
    problems = problems.filter { seen.insert($0).inserted }
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
  func addAliases(_ site: SiteStructure, _ config: SiteConfiguration, into files: inout OutputDelta) {
    // A redirect is in the language of the page it leads to, as that page's `<html lang>` is
    // (a Japanese page's old URL is announced as Japanese). The language is the site owner's
    // text, written into an attribute: escaped like the rest. The page carries the theme's
    // Content-Security-Policy, as every page Folio writes does (Folio's own text: no quote or
    // ampersand to escape).
    let siteLanguage = XMLText.escape(config.language)
    for alias in site.aliases {
      let language = alias.language.map(XMLText.escape) ?? siteLanguage
      let target = XMLText.escape(config.href(alias.target))
      files.set(
        alias.outputPath,
        Array(
          "<!DOCTYPE html>\n<html lang=\"\(language)\"><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"\(DefaultTheme.contentSecurityPolicy)\"><title>Redirect</title><link rel=\"canonical\" href=\"\(target)\"><meta http-equiv=\"refresh\" content=\"0; url=\(target)\"></head><body><p><a href=\"\(target)\">\(target)</a></p></body></html>\n"
            .utf8))
    }
  }

  /// The feeds, robots.txt and the sitemap. The sitemap lists the structure's pages with their
  /// dates, so a patched structure (same URLs, same dates, same aliases) keeps the last one.
  /// Each language's feeds and the sitemap are made at once, on all cores.
  func addFeeds(
    _ site: SiteStructure, _ config: SiteConfiguration, reusingSitemap: Bool, into files: inout OutputDelta
  ) {
    let writer = FeedWriter(
      title: config.title, description: config.description, baseURL: config.baseURL, author: config.author,
      language: config.language)
    // A multilingual site has feeds per language (`/ja/atom.xml`), each of its own pages.
    var feedSets: [(writer: FeedWriter, pages: [Page])] = [(writer, site.feedPages)]
    if config.languages.isMultilingual {
      feedSets = config.languages.all.map { language in
        var writer = FeedWriter(
          title: language.title ?? config.title, description: language.description ?? config.description,
          baseURL: config.baseURL, author: config.author, language: language.code)
        writer.prefix = language.prefix
        // A feed shows its newest entries only: the scan stops when it has them, instead of
        // reading every page of the site once per language.
        let pages = site.feedPages.lazy.filter { $0.language == language.code }.prefix(FeedWriter.entryCount)
        return (writer, Array(pages))
      }
    }
    feedWarnings = []
    for (writer, pages) in feedSets {
      let (feeds, warnings) = Self.feed(writer, pages: pages, site, config)
      for (path, bytes) in feeds { files[path] = bytes }
      feedWarnings += warnings
    }
    if feedSets.count > 1 {
      feedWarnings.sort {
        ($0.location?.description ?? "", $0.message) < ($1.location?.description ?? "", $1.message)
      }
    }
    if config.sitemap {
      if !reusingSitemap || sitemap == nil {
        // Every page and list written so far: the job outputs and aliases (feeds, assets and
        // static files come later). A page may be a file of its own (`/posts/trip.html`: a
        // permalink or `urls.style: files`); the 404 page is no page to index.
        // A book's print page repeats its chapters, which the sitemap lists already.
        let printPages = Set(site.books.map(\.printPath))
        let pagePaths = files.keys.filter {
          $0.hasSuffix(".html") && $0 != "404.html" && !$0.hasSuffix("/404.html") && !printPages.contains($0)
        }
        sitemap = Self.sitemap(of: pagePaths, site, config, writer)
      }
      files["sitemap.xml"] = sitemap
    }
    if config.robots { files["robots.txt"] = Array(writer.robots(sitemap: config.sitemap).utf8) }
  }

  /// The sitemap of the pages written at `pagePaths`, aliases left out, with each page's
  /// hreflang alternates on a multilingual site. Its entries are made in chunks on all cores:
  /// made on one, the sitemap of a bilingual site was the longest step after the renders.
  private static func sitemap(
    of pagePaths: [String], _ site: SiteStructure, _ config: SiteConfiguration, _ writer: FeedWriter
  ) -> [UInt8] {
    // Byte order: the same on every machine, and cheaper than Unicode-aware comparison.
    let sorted = pagePaths.sorted(by: ByteOrder.precedes)
    let chunk = 2048
    let multilingual = config.languages.isMultilingual
    // Each translation group's alternates are the same for every member: made once a group,
    // on all cores (the members of a group are far apart in the sitemap's order).
    let groups = site.translationGroups
    let groupLinks =
      multilingual
      ? ChunkedWork.map(groups.count, chunk: 1024) { group in
        writer.alternateLinks(SiteSession.alternates(in: groups[group], config))
      } : []
    let bodies = ChunkedWork.map((sorted.count + chunk - 1) / chunk, chunk: 1) { index in
      let paths = sorted[(index * chunk)..<min(sorted.count, (index + 1) * chunk)]
      let (aliasURLs, lastModified, groupOfURL) = (
        site.aliasURLs, site.lastModified, site.translationGroupOfURL
      )
      var pages: [(url: String, lastModified: String?)] = []
      var alternates: [[UInt8]] = []
      pages.reserveCapacity(paths.count)
      if multilingual { alternates.reserveCapacity(paths.count) }
      for path in paths {
        let url = "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
        guard !aliasURLs.contains(url) else { continue }
        pages.append((url, lastModified[url]))
        if multilingual { alternates.append(groupOfURL[url].map { groupLinks[$0] } ?? []) }
      }
      return writer.sitemapEntries(pages, alternates: alternates)
    }
    return writer.sitemap(entries: bodies, withAlternates: multilingual)
  }

  /// The hreflang alternates of a translation group for the sitemap: each translation and
  /// `x-default` at the default language's; none for a page without translations.
  static func alternates(in group: [SiteStructure.Translation], _ config: SiteConfiguration) -> [(
    String, String
  )] {
    guard group.count > 1 else { return [] }
    var links = group.map { ($0.language, $0.url) }
    if let main = group.first(where: { $0.language == config.language }) {
      links.append(("x-default", main.url))
    }
    return links
  }

  /// One language's Atom and RSS feeds of `pages` (newest first), with the warnings about
  /// characters XML forbids in their titles and summaries.
  private static func feed(
    _ writer: FeedWriter, pages: [Page], _ site: SiteStructure, _ config: SiteConfiguration
  ) -> (files: [(String, [UInt8])], warnings: [Diagnostic]) {
    let entries = pages.prefix(FeedWriter.entryCount).map { page in
      FeedWriter.Entry(
        title: page.title, url: page.url, date: page.date, updated: page.updated,
        // A written description is the entry's summary, as text; else the page's summary.
        summary: page.writtenDescription.map(XMLText.escape) ?? site.summary(of: page))
    }
    let folder = String(writer.prefix.dropFirst())
    let feeds = (config.atomFeed ? [folder + "atom.xml"] : []) + (config.rssFeed ? [folder + "rss.xml"] : [])
    let warnings = zip(pages, entries).flatMap { page, entry in
      let start = SourceLocation(path: page.sourcePath, line: 1, column: 1)
      let (title, summary) = (page.titleLocation ?? start, page.summaryLocation ?? start)
      return [
        (title, XMLText.droppedCharacters(in: entry.title, field: "title", feeds: feeds, at: title)),
        (summary, XMLText.droppedCharacters(in: entry.summary, field: "summary", feeds: feeds, at: summary)),
      ].compactMap { location, warning in warning.map { (location, $0) } }
    }
    .sorted { ($0.0, $0.1.message) < ($1.0, $1.1.message) }.map(\.1)
    var files: [(String, [UInt8])] = []
    if config.atomFeed { files.append((folder + "atom.xml", Array(writer.atom(Array(entries)).utf8))) }
    if config.rssFeed { files.append((folder + "rss.xml", Array(writer.rss(Array(entries)).utf8))) }
    return (files, warnings)
  }

  func addAssets(
    _ dataFiles: Set<String>, spacings: Set<String>, _ config: SiteConfiguration,
    into files: inout OutputDelta
  ) throws {
    // The switcher's stylesheet is written only where there is a switcher.
    for (path, bytes) in assetFiles where path != "folio-languages.css" || config.languages.isMultilingual {
      files["assets/" + path] = bytes
    }
    var css = "/* Generated by Folio: item spacing of lists with data-spacing. */\n"
    for spacing in spacings.sorted()
    where spacing.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "%" }) {
      css += ".folio-list[data-spacing=\"\(spacing)\"] > li + li { margin-top: \(spacing); }\n"
    }
    files["assets/folio-lists.css"] = Array(css.utf8)
    for feature in SiteFeatures.all {
      for (path, bytes) in feature.outputs(config) { files[path] = bytes }
    }
    // Files that fed a component are inputs, like Hugo's data/, and are not published.
    var clashes: [Diagnostic] = []
    let generated = generatedOutputs(config)
    let published = staticFiles.lazy.filter { !dataFiles.contains($0.key) }.map {
      (path: $0.key, bytes: $0.value)
    }
    activeContentWarnings = ActiveContent.warnings(for: published, settings: config.staticFiles)
    for (path, bytes) in staticFiles where !dataFiles.contains(path) {
      // The structure refuses pages and aliases over these; a static file over a file Folio
      // writes itself (`Content/atom.xml`, `Content/assets/folio.css`) is caught here, so that
      // a pull request cannot replace the feed or a theme script without a word.
      if let output = generated[path] {
        let location = SourceLocation(path: "Content/" + path, line: 1, column: 1)
        let problem: SiteProblem =
          path.hasPrefix("assets/") && assetFiles[String(path.dropFirst("assets/".count))] != nil
          ? .staticFileReplacesAnAsset(path: path)
          : .staticFileReplacesAGeneratedFile(path: path, owner: output.owner, setting: output.setting)
        clashes.append(problem.diagnostic(at: location))
        continue
      }
      files[path] = images.files[path] ?? bytes
    }
    // The photos' variants, beside their photos.
    for (path, bytes) in images.files where staticFiles[path] == nil {
      if let output = generated[path] {
        let location = SourceLocation(path: "Content/" + path, line: 1, column: 1)
        clashes.append(
          SiteProblem.staticFileReplacesAGeneratedFile(
            path: path, owner: output.owner, setting: output.setting
          )
          .diagnostic(at: location))
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

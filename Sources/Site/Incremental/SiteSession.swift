import BuildCache
import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
import SiteComponents
import SiteContent
import SiteLayout
import SiteOutput
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
    /// The output paths of the pages and lists laid out anew (whose inputs changed), sorted:
    /// the rebuild's layout work, which may leave bytes as they were.
    public var laidOutPaths: [String] = []
  }

  /// The options every build uses.
  public let options: SiteBuilder.Options
  // What the session keeps between builds. Internal, not private: the steps live in
  // SiteSession+Reading, +Parsing and +Outputs.
  /// What the last full build read: its settings, the run's context as it applied to them,
  /// and the door every read of the site's files goes through, kept together, so a rebuild has
  /// all or none.
  struct Project {
    var configuration: SiteConfiguration
    var context: BuildContext
    var files: SiteFiles
    /// The date of the last commit that changed each Markdown file, by path relative to
    /// `Content/` (`lastUpdated: git`; empty otherwise).
    var lastCommitDates: [String: String] = [:]
    /// What the build record keeps of the history those dates were read from
    /// (``SourceHistory/recordKey(ofProjectAt:)``); nil without `lastUpdated: git`, or when no
    /// record can stand for the dates.
    var historyKey: String? = nil
    /// The section pages of Zenn books, read from their `config.yaml` (``ContentFiles/zennBooks``).
    var zennBooks: [String: String?] = [:]

    /// The loader of the project's pages, with their Git dates and edit links.
    func pageLoader() -> PageLoader {
      var loader = PageLoader(configuration: configuration)
      loader.lastCommitDates = lastCommitDates
      loader.zennBooks = zennBooks
      if let repository = configuration.repository {
        loader.editURL = { [files] path in
          repository.editURL(forProjectPath: files.projectPath(of: "Content/" + path))
        }
      }
      return loader
    }
  }
  /// The project as the last full build read it (nil before the first).
  var project: Project?
  /// The outputs the last build laid out (``Update/laidOutPaths``).
  var laidOutPaths: [String] = []
  /// The search index's files as last written, by output path.
  var searchFiles: [String: [UInt8]] = [:]
  /// The search index of the last rebuild, being made, when its writing was deferred
  /// (``SiteBuilder/Options/defersSearchIndex``); ``finishSearchIndex()`` writes it.
  var pendingSearchIndex: SearchIndexJob?
  /// Whether this rebuild defers the search index.
  var defersSearchIndex = false
  /// The site's templates over the default theme.
  var templates: TemplateLibrary?
  /// The Markdown files of `Content/`, relative to it.
  var markdownFiles: Set<String> = []
  /// The same files in byte order as `Content/` was listed, until the first rebuild after it
  /// parses them all: sorting the set again took as long as listing the folder.
  var listedMarkdownFiles: [String] = []
  /// The other files of `Content/` and their bytes, by path relative to it.
  var staticFiles: [String: [UInt8]] = [:]
  /// Warnings about the names `Content/` was listed with (two that differ only in case).
  var listingWarnings: [Diagnostic] = []
  /// The theme's assets (the default theme's, overlaid with `Templates/assets/`), by path below
  /// `assets/`.
  var assetFiles: [String: [UInt8]] = [:]
  /// Every parsed page, drafts included, by path relative to `Content/`.
  var pagesByPath: [String: Page] = [:]
  /// The pages' renderings and the link facts they were made with.
  let cache = RenderCache()
  /// The books' chapters parsed and made into their book forms (``BookChapterStore``).
  let bookChapters = BookChapterStore()
  /// Each laid-out job's output and the key it was made with (``LayoutStage``), by output path.
  var jobOutputs: [String: (key: ContentDigest, bytes: [UInt8])] = [:]
  /// The digest of the site's templates as last loaded (``LayoutStage/templatesDigest(_:)``).
  var templatesDigest = ContentDigest(high: 0, low: 0)
  /// Whether a site template uses the `picture` lambda.
  var templatesShowPictures = false
  /// Every output file of the last good build, by path.
  var files: [String: [UInt8]] = [:]
  /// Outputs rewritten whole on every build (feeds, assets, static files, aliases).
  var generatedPaths: Set<String> = []
  /// Work a failed rebuild left undone; the next rebuild does it too.
  var pending = RebuildPlan()
  /// The last good build's structure (nil after a failed build) and the pages it holds by path
  /// (relative to `Content/`, as in `pagesByPath`): kept so that an edit which moves nothing
  /// swaps the page in place.
  var structure: SiteStructure?
  var shownPages: [String: Page] = [:]
  /// Per page warnings, list spacings, data files and links, and which links are broken.
  var findings = PageFindings()
  /// Characters the feeds left out of pages' titles and summaries, found by the last build.
  var feedWarnings: [Diagnostic] = []
  /// Links from a page into another language whose target has a translation in the page's own
  /// (multilingual sites only), found by the last build.
  var languageLinkWarnings: [Diagnostic] = []
  /// Published static files that can run script and that folio.yaml does not list, found by
  /// the last build (``ActiveContent``).
  var activeContentWarnings: [Diagnostic] = []
  /// The last sitemap written, reused while the structure is only patched.
  var sitemap: [UInt8]?
  /// How many HTML files the site has.
  var pageCount = 0
  /// The ids the layouts write on every page (for the anchor check), nil when a layout makes
  /// them with tags.
  var layoutIDs: Set<String>? = nil
  /// What the images stage made of the static files (``ImageStage``).
  var images = ImageState()
  /// The variants the last build left to make, until the caller takes them.
  var pendingVariants: VariantJob?
  /// The build cache of the running full build (``SiteBuilder/Options/usesCache``), and the
  /// notes about it (a file that was not used or could not be written).
  var pageStore: PageStore?
  var cacheNotes: [Diagnostic] = []
  /// The cache file being written, from the end of the page stage to the end of the build.
  var pageStoreWrite: CacheFileWrite<BuildCacheReport>?
  /// The link check's results of earlier builds, for the full build's check (nil without the
  /// cache or with anchors checked), and its next file being written, from the check to the end
  /// of the build.
  var linkCheckStore: LinkCheckStore?
  var linkCheckWrite: CacheFileWrite<LinkCheckReport>?
  /// Whether rebuilds follow: false for a one-shot build (`SiteBuilder`), which then keeps no
  /// per-output signatures and lists no changed paths.
  var rebuildsFollow = true

  /// How many jobs the layout stage looks at before it is worth a worker on another core with
  /// its own copy of the templates (``renderJobs(_:_:_:_:into:)``).
  static let jobsWorthAnotherWorker = 32

  /// How many laid-out pages pass between two progress reports: often enough for a smooth bar,
  /// rarely enough that reporting costs nothing next to the layout.
  static let progressInterval = 64

  /// Creates a session; nothing is read until ``build()``.
  public init(options: SiteBuilder.Options) {
    self.options = options
  }

  /// Builds the whole site from scratch.
  ///
  /// With the build cache and an output folder (``SiteBuilder/Options/outputFolder``), a build
  /// whose inputs and output are as the last recorded build left them returns that build's
  /// report with ``SiteBuilder/Result/upToDate`` set and no files; any other build returns a
  /// ``SiteBuilder/Result/record`` to keep once its files are written.
  public func build() throws -> SiteBuilder.Result {
    var started = timespec()
    clock_gettime(CLOCK_REALTIME, &started)
    let output = options.usesCache ? options.outputFolder : nil
    // Made before anything is read: what the record measures the inputs' times against.
    let clock =
      output != nil && options.measuresStampsByFileSystemClock
      ? CacheFolder(projectRoot: options.projectRoot).clockStamp() : nil
    var recordNote: Diagnostic? = nil
    var previous: BuildRecord? = nil
    if let output {
      if let result = upToDateResult(writingTo: output, note: &recordNote, previous: &previous) {
        return result
      }
      if let reuse = previous?.reuse(writingTo: output) { options.reusesOutput?(reuse) }
    }
    var plan = RebuildPlan()
    plan.reloadsConfiguration = true
    var result = try rebuild(plan).result
    if let output {
      let recording = Date()
      result.record = record(
        of: result, startedAt: started, clock: clock, output: output, replacing: previous)
      result.timings.append(("record", Date().timeIntervalSince(recording)))
    }
    // After the record is made: a note about this run's record file is not the site's, and is
    // not reported again by the next build.
    if let recordNote { result.warnings.append(recordNote) }
    return result
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
    // Findings name files as the site reads them; a file in a mounted folder is reported where
    // it is in the project (`articles/a.md`, not `Content/articles/a.md`), so that an editor
    // opens it and a GitHub annotation lands on the pull request's diff.
    var update: Update
    do {
      update = try perform(plan)
    } catch let error as DiagnosticError {
      throw DiagnosticError(project?.files.locatedInProject(error.diagnostics) ?? error.diagnostics)
    }
    if let files = project?.files {
      update.result.warnings = files.locatedInProject(update.result.warnings)
    }
    pending = RebuildPlan()
    return update
  }

  // MARK: Steps

  func perform(_ plan: RebuildPlan) throws -> Update {
    // A build that fails still finishes the cache file it started (its pages are good).
    defer {
      _ = pageStoreWrite?.wait()
      pageStoreWrite = nil
      pageStore = nil
      linkCheckStore = nil
      _ = linkCheckWrite?.wait()
      linkCheckWrite = nil
    }
    var plan = plan
    // Bookmark data files are read while their pages are rendered: such a file changed is its
    // pages changed.
    for sourcePath in findings.pages(reading: plan.staticFiles) {
      plan.pages.insert(String(sourcePath.dropFirst("Content/".count)))
    }
    var clock = StepClock()
    let kept = plan.reloadsConfiguration ? nil : project
    let full = kept == nil
    let project = try kept ?? reloadEverything(&clock)
    let config = project.configuration
    // The files before the templates, as a full build reads them (reloadEverything): a site
    // with a bad file name and a broken partial fails on the file name either way, not on
    // whichever of the two was edited last (found by the generated edits, seed 9033).
    if !full {
      try clock.time(.discover) { try applyFileChanges(plan, from: project.files) }
      if !plan.staticFiles.isEmpty { clock.time(.images) { processImages(plan.staticFiles, config) } }
    }
    let library: TemplateLibrary
    if let templates, !plan.reloadsTemplates {
      library = templates
    } else {
      library = try clock.time(.templates) { try loadTemplates(from: project.files) }
      templates = library
      // Every job is laid out again (renderJobs), but the outputs of the last build are kept
      // until then: those of jobs gone in this build are found among them and removed.
    }
    // A search index still being made for the previous rebuild is dropped: this one makes
    // the whole index again, against the files the last written one left.
    pendingSearchIndex = nil
    defersSearchIndex = options.defersSearchIndex && !full
    try reparse(&plan, full: full, project, &clock)

    // Held by this build alone until it succeeds: patched in place without a copy, and dropped
    // by a failed build, so the next one organises the site afresh.
    var replaced: Patch? = nil
    var patched: SiteStructure? = nil
    if var kept = structure {
      structure = nil
      // A static file where the kept structure writes a page, a list or an alias: the site is
      // organised afresh, which refuses it as a fresh build does.
      if !plan.staticFiles.contains(where: { staticFiles[$0] != nil && SiteSession.writes(kept, at: $0) }) {
        replaced = clock.time(.patchStructure) { patch(&kept, changing: plan.pages) }
        if replaced != nil { patched = kept }
      }
    }
    let site =
      try patched
      ?? clock.time(.organise) {
        // SiteStructure orders pages itself (a total order), so no sort is needed here.
        shownPages = shown(project)
        return try SiteStructure(
          pages: Array(shownPages.values), configuration: config, reserved: reservedPaths(config),
          cache: cache, makesPDF: makesBookPDFs(config), bookChapters: bookChapters)
      }

    // Start from the previous site and write only what this build produces anew, so a
    // one-page change costs one page, not a pass over every file. The session lets go of its
    // files meanwhile, so writing them does not copy the whole dictionary.
    var output = OutputDelta(files: full ? [:] : files)
    if !full { files = [:] }
    do {
      try produce(site, replacing: replaced, plan, config, library, into: &output, &clock)
    } catch {
      if !full { files = output.reverted() }
      pendingSearchIndex = nil
      throw error
    }
    var cacheReport: BuildCacheReport? = nil
    if let write = pageStoreWrite {
      pageStoreWrite = nil
      let (report, notes) = clock.time(.writeCache) { write.wait() }
      cacheReport = report
      cacheNotes += notes
    }
    if let write = linkCheckWrite {
      linkCheckWrite = nil
      let (report, notes) = clock.time(.writeCache) { write.wait() }
      cacheReport?.linkChecks = report
      cacheNotes += notes
    }
    let changed = clock.time(.changes) { changedPaths(full: full, output) }
    structure = site
    generatedPaths = output.generated
    files = output.filesNotHandedOver
    var result = SiteBuilder.Result(
      files: files,
      // The settings' notes (a title taken from the folder) after every warning: least urgent.
      warnings: config.warnings.filter { $0.severity != .note } + listingWarnings + activeContentWarnings
        + images.warnings
        + site.docs.warnings + site.aliasWarnings + site.bookWarnings + feedWarnings + findings.warnings
        + findings.brokenLinks
        + languageLinkWarnings + cacheNotes
        + config.warnings.filter { $0.severity == .note },
      pageCount: pageCount,
      timings: clock.timings,
      externalLinks: project.context.collectsExternalLinks
        ? ExternalLinkReference.grouped(config.menuLinks + findings.externalLinks) : [],
      externalLinkSettings: config.externalLinks, cache: cacheReport, images: images.report)
    result.handedOver = output.handedOver
    return Update(result: result, changedPaths: changed, laidOutPaths: laidOutPaths)
  }

  /// Reads the configuration, the content files and the theme's assets afresh, forgetting
  /// everything the session kept.
  func reloadEverything(_ clock: inout StepClock) throws -> Project {
    var project = try openProject(&clock)
    let files = project.files
    let loaded = project.configuration
    self.project = project
    cacheNotes = []
    pageStore = try clock.time(.readCache) { try openPageStore(project) }
    templates = nil
    pagesByPath = [:]
    cache.removeAll()
    cache.context = project.context
    jobOutputs = [:]
    structure = nil
    let sources = try clock.time(.discover) { try ContentFiles(files: files) }
    listingWarnings = sources.warnings
    project.zennBooks = sources.zennBooks
    self.project = project
    markdownFiles = Set(sources.markdown)
    listedMarkdownFiles = sources.markdown
    if let settings = loaded.lastUpdated {
      let history = clock.time(.gitHistory) {
        SourceHistory.lastCommitDates(
          of: sources.markdown, files: files, projectRoot: options.projectRoot.path, settings: settings)
      }
      project.lastCommitDates = history.dates
      project.historyKey = history.key
      project.configuration.warnings += history.warnings
      self.project = project
    }
    staticFiles = [:]
    for path in sources.staticFiles { staticFiles[path] = try sources.read(path) }
    clock.time(.images) { processImages(nil, loaded) }
    assetFiles = try loadAssets(changed: nil, from: files)
    return project
  }

  /// Reads the settings, with the run's choices applied to them, and opens the door every
  /// later read of the project's files goes through (mounted folders included).
  func openProject(_ clock: inout StepClock) throws -> Project {
    let projectFiles = try SiteFiles(root: options.projectRoot)
    var loaded = try clock.time(.configure) {
      try SiteConfiguration.load(from: projectFiles, sections: SiteFeatures.settingsSections)
    }
    // Every later read sees the mounted folders as folders of Content/.
    let files =
      loaded.mounts.isEmpty ? projectFiles : try SiteFiles(root: options.projectRoot, mounts: loaded.mounts)
    var context = options.context
    if let baseURL = context.baseURL {
      do throws(BaseURL.Problem) {
        loaded.baseURL = try BaseURL.checked(baseURL)
        loaded.hasBaseURL = true
      } catch {
        throw ContentProblem.badBaseURL(baseURL, field: "--base-url", error).error(at: nil)
      }
    }
    if !loaded.hasBaseURL, context.warnsWithoutBaseURL {
      // Once a build, at folio.yaml when there is one: every page lacks the same links.
      let settings =
        loaded.settingsFiles.contains("folio.yaml")
        ? SourceLocation(path: "folio.yaml", line: 1, column: 1) : nil
      loaded.warnings.append(SiteProblem.noBaseURL.diagnostic(at: settings))
    }
    if loaded.linkCards {
      let cache = LinkCacheFile.titles(from: projectFiles)
      context.linkTitles = cache.titles
      loaded.warnings += cache.warnings
    }
    return Project(configuration: loaded, context: context, files: files)
  }

  /// The site's templates over the default theme.
  func loadTemplates(from files: SiteFiles) throws -> TemplateLibrary {
    // Named from the root, so template diagnostics name `Templates/page.mustache` as content
    // diagnostics name `Content/…`; a site without Templates/ uses the default theme alone.
    let siteTemplates = try SiteSession.readTemplates(files)
    templatesDigest = LayoutStage.templatesDigest(siteTemplates ?? [])
    // A layout that shows a photo with `{{#picture}}` rests on the photos, which its data does
    // not hold: their stamps and sizes join the templates' digest (``LayoutStage``).
    let lambdaName = Array("#picture".utf8)
    templatesShowPictures = (siteTemplates ?? []).contains { $0.bytes?.firstRange(of: lambdaName) != nil }
    var sources: [TemplateLibrary.Source] = [
      .embedded(DefaultTheme.templates, describedAs: "(default theme)")
    ]
    if let siteTemplates { sources.insert(.files(siteTemplates, displayRoot: "Templates"), at: 0) }
    let library = try TemplateLibrary(sources, missingPartials: .reportError)
    if options.context.checksAnchors { layoutIDs = SiteSession.layoutIDs(siteTemplates: siteTemplates ?? []) }
    return library
  }

  /// Parses the pages `plan` names (every page when `full`), forgets removed ones, and renders
  /// again the pages whose links relied on something that changed (added to `plan`).
  func reparse(
    _ plan: inout RebuildPlan, full: Bool, _ project: Project, _ clock: inout StepClock
  ) throws {
    let config = project.configuration
    let toParse =
      full && listedMarkdownFiles.count == markdownFiles.count
      ? listedMarkdownFiles
      : (full ? markdownFiles : plan.pages.intersection(markdownFiles)).sorted(by: ByteOrder.precedes)
    listedMarkdownFiles = []
    for path in plan.pages where !markdownFiles.contains(path) {
      if let gone = pagesByPath.removeValue(forKey: path) { cache.remove(gone.sourcePath) }
    }
    if full {
      // Until every page is parsed, each file is taken to make the page its path names; pages
      // whose links relied on a file that turned out otherwise (a slug, a draft) are rendered
      // again by settleLinks.
      // On every core: on a multilingual site each guess reads the file name's language.
      let languages = config.languages
      let guessed = ChunkedWork.map(toParse.count, chunk: 1024) { [toParse] index in
        PageLoader.guessedURL(ofMarkdownFile: toParse[index], in: languages)
      }
      var urls: [String: String] = [:]
      urls.reserveCapacity(toParse.count)
      for (path, url) in zip(toParse, guessed) { urls[path] = url }
      cache.links = LinkResolver(
        basePath: config.basePath, pageURLs: urls, staticFiles: staticFiles.keys,
        imageSizes: LinkResolver.imageSizes(of: staticFiles), photos: images.photos)
      cache.reserveCapacity(toParse.count)
    }
    let store = full ? pageStore : nil
    try clock.time(.parse) {
      if let store { try loadPages(toParse, project, store: store) } else { try parse(toParse, project) }
    }
    let dependents = try clock.time(.settleLinks) {
      let dependents = try settleLinks(project, full: full, plan)
      if let store {
        try renderStaleHits(project, store: store)
        pageStore = nil
        pageStoreWrite = startWritingPageStore(store)
      }
      return dependents
    }
    plan.pages.formUnion(dependents)
  }

  /// Lays out the jobs that changed, records the pages' findings, and writes the aliases, feeds
  /// and assets into `output`; checks the links.
  func produce(
    _ site: SiteStructure, replacing replaced: Patch?, _ plan: RebuildPlan, _ config: SiteConfiguration,
    _ templates: TemplateLibrary, into output: inout OutputDelta, _ clock: inout StepClock
  ) throws {
    for path in generatedPaths { output.remove(path) }
    output.isGenerating = false
    // A patched structure has the same jobs: only those that show a replaced page can differ,
    // unless the templates changed under all of them.
    // A changed image reaches every layout that shows one with `{{#picture}}`.
    let picturesChanged = templatesShowPictures && plan.staticFiles.contains(where: ImageFileSize.isImage)
    let candidates = plan.reloadsTemplates || picturesChanged ? nil : replaced.map(\.jobs)
    // Made beside the steps before the search step: it needs only the parsed pages.
    let searchIndex = startSearchIndex(site, config)
    let rendered = try clock.time(.render) {
      try renderJobs(site, candidates, config, templates, into: &output)
    }
    // The cards the pages name, looked for while the build holds their HTML.
    let cards = clock.time(.linkPreviews) { linkPreviewCards(config, namedIn: output) }
    // Written on the other core while this one makes the feeds and checks the links, and
    // handed over: the writer lets the pages' bytes go once they are written. The steps that read
    // a page's HTML afterwards (the anchor check, which may search it for an id, and a book's
    // PDF, printed from its print page) keep them until the build is done.
    var handedOver: [String: [UInt8]] = [:]
    if !rebuildsFollow, let laidOut = options.laidOut {
      let handed = output.handOver()
      if options.context.checksAnchors || site.booksMakePDFs { handedOver = handed }
      laidOut(handed)
      releaseContents(site)
    }
    output.isGenerating = true
    clock.time(.findings) { recordFindings(site, replacing: replaced) }
    addAliases(site, config, into: &output)
    clock.time(.feeds) { addFeeds(site, config, reusingSitemap: replaced != nil, into: &output) }
    try clock.time(.assets) {
      try addAssets(findings.dataFiles, spacings: findings.spacings, config, into: &output)
    }
    clock.time(.linkPreviews) {
      addLinkPreviewCards(cards, config, into: &output)
      finishImageCache()
    }
    if defersSearchIndex, let searchIndex {
      // The last index stays as it was until finishSearchIndex() writes this one.
      pendingSearchIndex = searchIndex
      for (path, bytes) in searchFiles { output[path] = bytes }
    } else {
      try clock.time(.search) { try addSearchIndex(searchIndex, into: &output) }
    }
    // A file made again since it was handed over is read from the output.
    if handedOver.count != output.handedOver.count {
      handedOver = handedOver.filter { output.handedOver[$0.key] != nil }
    }
    try clock.time(.books) { try addBooks(site, config, into: &output, handedOver: handedOver) }
    let files = output.files
    let everyPage = !output.appearedOrDisappeared.isEmpty
    try clock.time(.checkLinks) {
      try findings.checkLinks(
        everyPage: everyPage, files: files, handedOver: handedOver, severity: config.brokenLinks,
        checksAnchors: options.context.checksAnchors, layoutIDs: layoutIDs,
        pageFiles: cache.links.pageURLs.keys,
        markdownFiles: markdownFiles,
        namingFile: { [files = project?.files] in files?.projectPath(of: $0) ?? $0 },
        stored: linkCheckStore.map { store in
          let site = LinkCheckStage.siteKey(
            settings: store.settings, outputPaths: files.keys, pageFiles: cache.links.pageURLs.keys,
            markdownFiles: markdownFiles, severity: config.brokenLinks)
          return (store, site)
        })
      // Only the full build's check: a rebuild in the same session keeps its findings in memory.
      if let store = linkCheckStore {
        linkCheckStore = nil
        linkCheckWrite = startWritingLinkCheckStore(store)
      }
      // Timed with the other link check: untimed, it was the unexplained part of a multilingual
      // build's wall time.
      if config.languages.isMultilingual {
        languageLinkWarnings = CrossLanguageLinks.warnings(
          site.pages, links: { [findings] in findings.links(ofPageAt: $0) }, site: site,
          languages: config.languages)
      }
    }
    clock.time(.keepOutputs) {
      guard rebuildsFollow else { return }
      for (path, key, bytes) in rendered.fresh { jobOutputs[path] = (key, bytes) }
      laidOutPaths = rendered.fresh.map(\.path).sorted()
      for path in rendered.gone { jobOutputs[path] = nil }
    }
  }

  /// The pages the site shows: drafts only with `--drafts`; a Zenn book with `published:
  /// false` is a draft with all its chapters, as on Zenn.
  func shown(_ project: Project) -> [String: Page] {
    guard !options.context.includesDrafts else { return pagesByPath }
    let shown = pagesByPath.filter { !$0.value.isDraft }
    let draftBooks: [String] = project.zennBooks.keys.compactMap { index in
      pagesByPath[index]?.isDraft == true ? String(index.dropLast("_index.md".count)) : nil
    }
    guard !draftBooks.isEmpty else { return shown }
    return shown.filter { path, _ in !draftBooks.contains { path.hasPrefix($0) } }
  }

  /// Whether this build makes the books' PDFs: `folio build` when `--pdf` or `books.pdf` asks.
  func makesBookPDFs(_ config: SiteConfiguration) -> Bool {
    options.printsBookPDFs && (options.context.makesBookPDFs || config.books?.pdf == true)
  }

  /// Records the warnings, links and ids of the pages rendered anew (every shown page when the
  /// site was organised afresh).
  func recordFindings(_ site: SiteStructure, replacing replaced: Patch?) {
    if let replaced {
      for page in replaced.pages {
        if let rendered = cache.get(page.sourcePath) {
          findings.record(rendered, forPageAt: page.sourcePath, url: page.url)
        }
      }
      return
    }
    // One snapshot of the cache instead of a lock per page; every shown page is in it by now.
    let renderedPages = cache.all
    findings = PageFindings(
      recording: site.pages.compactMap { page in
        renderedPages[page.sourcePath].map { (page.sourcePath, page.url, $0) }
      })
  }

  /// The output paths whose bytes this build changed (none for a one-shot build), and the page
  /// count brought up to date.
  func changedPaths(full: Bool, _ output: OutputDelta) -> [String] {
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

}

import Diagnostics
import Foundation
import SiteComponents
import SiteContent
import Synchronization

/// The site's shape: sections and their pages in order, taxonomies, pagination, neighbours,
/// and the list of things to render.
package struct SiteStructure: Sendable {
  /// One output to lay out: a page, a list page, a taxonomy, a term, the 404 page or the search
  /// page.
  package struct Job: Sendable {
    enum Kind: Sendable { case page, list, taxonomy, term, notFound, search, book }
    var kind: Kind
    /// The layout template it is rendered with.
    package var layout: String
    /// Where it is written, relative to the output folder.
    package var outputPath: String
    /// Its site URL.
    package var url: String
    /// The page it shows (a list shows its section page), if any.
    package var page: Page?
    /// Its title.
    package var title: String
    /// The pages it lists, on this page of the pager.
    package var listed: [Page] = []
    /// A taxonomy's terms with their URLs and page counts.
    package var terms: [(name: String, url: String, count: Int)] = []
    /// Its page of the pager, from 1.
    package var pageNumber = 1
    /// How many pages the pager has.
    package var pageCount = 1
    /// How many pages the whole list holds, on all its pagination pages.
    package var listedCount = 0
    /// The URLs of the pager's pages.
    package var pagerURLs: [String] = []
    var taxonomy: String? = nil
    /// The job's language on a multilingual site (nil on others, and for jobs that show a page,
    /// whose language is the page's).
    package var language: String? = nil
    /// What links the job to its translations on a multilingual site (see
    /// ``SiteStructure/translationGroups``).
    package var translationKey: String? = nil
    /// Its translation key's place in ``SiteStructure/translationGroups``, set when the
    /// translations are grouped: the key is looked up once, in organise, and never again.
    package var translationGroup: Int? = nil
    /// The book whose print page it is, by its place in ``SiteStructure/books``.
    package var book: Int? = nil
  }

  /// One translation of a page or list: its language, URL and title.
  package struct Translation: Sendable, Hashable {
    /// The BCP 47 tag.
    package var language: String
    /// The site URL.
    package var url: String
    /// The title.
    package var title: String
  }

  /// The shown pages in order.
  package var pages: [Page]
  /// Every output to lay out.
  package var renderJobs: [Job] = []
  /// The redirect pages: where each is written, the URL it sends to and the language of the
  /// page it sends to (its `<html lang>`; nil where the page has none: the site's language).
  package var aliases: [(outputPath: String, target: String, language: String?)] = []
  /// The URLs the aliases take.
  package var aliasURLs: Set<String> = []
  /// The pages the feeds list, newest first.
  package var feedPages: [Page] = []
  /// Each page's previous and next page in its section, by URL.
  package var neighbours: [String: (previous: Page?, next: Page?)] = [:]
  /// The section pages by folder (a folder of pages without `_index.md` has a generated one).
  package var sections: [String: Page] = [:]
  /// The documentation sections: their sidebars, reading order and breadcrumbs' pages.
  package var docs = DocsNavigation()
  /// The books among them (``Book``), in the order of their sections' folders.
  package var books: [Book] = []
  /// The books' chapters parsed and made their book forms, kept between builds by the session.
  package let bookChapters: BookChapterStore
  /// Whether the books' PDFs are made (`books.pdf`, `folio build --pdf`): their pages link them.
  package var booksMakePDFs = false
  /// Keys `book:` does not know, and books without chapters.
  package var bookWarnings: [Diagnostic] = []
  /// Pages' aliases left out because a page has their URL (``SiteProblem/aliasTakenByAPage(alias:url:owner:)``).
  package var aliasWarnings: [Diagnostic] = []
  var termURLs: [String: String] = [:]
  /// Every translation key's translations (each job's, itself included), in the site's
  /// language order, numbered by ``Job/translationGroup``; empty on a one-language site.
  /// Numbers rather than the keys (`path:docs/cli.md`, long strings) because every layout,
  /// signature, sitemap entry and cross-language link asks for a job's group.
  package var translationGroups: [[Translation]] = []
  /// The translation group of each URL that has one, for the sitemap's alternates and the
  /// cross-language link check.
  package var translationGroupOfURL: [String: Int] = [:]
  /// Each URL's date for the sitemap.
  package var lastModified: [String: String] = [:]
  /// Where each page is held, for swapping in a new load of it (see ``replace(_:)``); made by
  /// the first replacement, so that `folio build`, which never replaces, does not pay for it.
  var places: [ObjectIdentifier: Place]? = nil
  private let renderedCache: RenderCache
  /// The rendered summary of `page` (empty until the page has been rendered).
  package func summary(of page: Page) -> String { renderedCache.get(page.sourcePath)?.summary ?? "" }
  /// The rendering of `page` (nil until the page has been rendered).
  package func rendering(of page: Page) -> RenderedPage? { renderedCache.get(page.sourcePath) }

  /// Organises `pages`; `reserved` names the other files the site writes (output path → what
  /// writes it, such as `the Atom feed` or `Content/robots.txt`), which no page, list or alias
  /// may replace.
  package init(
    pages: [Page], configuration config: SiteConfiguration, reserved: [String: String] = [:],
    cache: RenderCache = RenderCache(), makesPDF: Bool = false,
    bookChapters: BookChapterStore = BookChapterStore()
  ) throws {
    self.bookChapters = bookChapters
    self.pages = pages
    self.renderedCache = cache
    // Organising runs on one core while the others wait for the layouts: the sort beside the
    // check of the URLs, and a one-language site's taxonomies beside its pages and lists.
    let sortedPages = try ChunkedWork.beside {
      SiteStructure.sorted(pages)
    } while: {
      try SiteStructure.checkOneURLPerPage(pages)
    }
    let regular = sortedPages.filter { $0.kind == .page }
    let existing = sortedPages.filter { $0.kind != .page }
    let (generated, navigation) = SiteStructure.generatedSectionsAndDocs(regular, existing: existing, config)
    docs = navigation
    let ordered = sortedPages + generated
    let multilingual = config.languages.isMultilingual
    let taxonomies = ChunkedWork.beside {
      multilingual ? Taxonomies() : SiteStructure.taxonomies(of: regular, config, in: nil)
    } while: {
      addPages(ordered, regular)
      addLists(ordered, regular, config)
    }
    var problems: [Diagnostic] = []
    if multilingual {
      // Before the translations are grouped: each language's search page is the others'.
      renderJobs += SiteStructure.searchJobs(pages, config, &problems)
      addLanguages(ordered, regular, config, &problems)
    } else {
      add(taxonomies, &problems)
      renderJobs.append(
        Job(kind: .notFound, layout: "404", outputPath: "404.html", url: "/404.html", page: nil, title: "404")
      )
      renderJobs += SiteStructure.searchJobs(pages, config, &problems)
    }
    booksMakePDFs = makesPDF
    let bookFiles = addBooks(makesPDF: makesPDF, &problems)
    var claimed = claimOutputs(reserved.merging(bookFiles) { first, _ in first }, &problems)
    addAliases(config, &claimed, &problems)
    guard problems.isEmpty else { throw DiagnosticError(problems) }
  }

  /// The `/search/` page when search is on, and on a multilingual site one per language under
  /// its prefix (`/ja/search/`, its labels in that language, searching that language's index
  /// first), unless a page of the site is at that URL (it may use the `search` layout itself).
  static func searchJobs(_ pages: [Page], _ config: SiteConfiguration, _ problems: inout [Diagnostic])
    -> [Job]
  {
    guard config.search != nil else { return [] }
    let urls =
      config.languages.isMultilingual ? config.languages.all.map { $0.url("/search/") } : ["/search/"]
    // A page there takes the search page's place only when it says so with the search layout;
    // any other page (`slug: search`) would replace it without a word.
    var taken: Set<String> = []
    for page in pages where urls.contains(page.url) {
      taken.insert(page.url)
      guard page.layout != "search" else { continue }
      problems.append(
        SiteProblem.pageTakesTheSearchPage(url: page.url).diagnostic(
          at: page.slugLocation ?? SourceLocation(path: page.sourcePath, line: 1, column: 1)))
    }
    guard config.languages.isMultilingual else {
      if taken.contains("/search/") { return [] }
      return [
        Job(
          kind: .search, layout: "search", outputPath: "search/index.html", url: "/search/", page: nil,
          title: Labels.label("search", in: config.language))
      ]
    }
    return config.languages.all.compactMap { language in
      let url = language.url("/search/")
      guard !taken.contains(url) else { return nil }
      return Job(
        kind: .search, layout: "search", outputPath: String(url.dropFirst()) + "index.html", url: url,
        page: nil,
        title: config.labels(in: language.code)["search"] ?? "Search", language: language.code,
        translationKey: "search")
    }
  }

  /// The folders of the sections that list a page in `folder`: its own section, else every
  /// section above it (the home page lists dated pages by itself).
  static func sections(listingPagesIn folder: String, sections: [String: Page]) -> [String] {
    if sections[folder] != nil { return [folder] }
    var listing: [String] = []
    var ancestor = folder[...]
    while let slash = ancestor.utf8.lastIndex(of: UInt8(ascii: "/")) {
      ancestor = ancestor[..<slash]
      if sections[String(ancestor)] != nil { listing.append(String(ancestor)) }
    }
    return listing
  }

  /// `pages` in ``order(_:_:)``, compared through a contiguous copy of their sort keys, whose
  /// first bytes are read as integers: the pages lie all over the heap (they are made on every
  /// core), and a sort of 10,000 of them spent 13 ms mostly loading them and comparing strings.
  static func sorted(_ pages: [Page]) -> [Page] {
    struct Key {
      var weight: Int
      var date: (UInt64, UInt64)
      /// Whether `date` holds the whole date (`YYYY-MM-DD`; RFC 3339 times are longer).
      var dateIsWhole: Bool
      var title: UInt64
      var page: Page
    }
    let keys = pages.map { page in
      Key(
        weight: page.weight, date: dateKey(page), dateIsWhole: (page.date?.utf8.count ?? 0) <= dateKeyBytes,
        title: leadingBytes(page.title, from: 0), page: page)
    }
    return keys.sorted { a, b in
      if a.weight != b.weight { return b.weight == 0 || (a.weight != 0 && a.weight < b.weight) }
      if a.date != b.date { return a.date > b.date }  // newest first
      // Equal dates (when whole): the titles' first bytes decide, if they differ.
      if a.dateIsWhole, b.dateIsWhole, a.title != b.title { return a.title < b.title }
      return order(a.page, b.page)
    }.map(\.page)
  }

  /// `pages` in ``newestFirst(_:_:)``, compared through their dates' first bytes as integers
  /// (see ``sorted(_:)``).
  static func sortedNewestFirst(_ pages: [Page]) -> [Page] {
    let keys = pages.map { (date: dateKey($0), page: $0) }
    return keys.sorted { a, b in a.date != b.date ? a.date > b.date : newestFirst(a.page, b.page) }.map(
      \.page)
  }

  /// How many of a date's first bytes ``dateKey(_:)`` holds.
  private static let dateKeyBytes = 16

  /// The first ``dateKeyBytes`` bytes of the page's date as two integers (zero without a date).
  private static func dateKey(_ page: Page) -> (UInt64, UInt64) {
    let date = page.date ?? ""
    return (leadingBytes(date, from: 0), leadingBytes(date, from: 8))
  }

  /// Eight UTF-8 bytes of `text` from `offset`, big-endian, zero after its end: integers that
  /// order as the strings' bytes do, as far as they reach (names hold no NUL bytes).
  private static func leadingBytes(_ text: String, from offset: Int) -> UInt64 {
    var value: UInt64 = 0
    var count = 0
    for byte in text.utf8.dropFirst(offset).prefix(8) {
      value = value << 8 | UInt64(byte)
      count += 1
    }
    return count == 0 ? 0 : value << (8 * (8 - UInt64(count)))
  }

  /// Weight, then newest date, then title, then URL: a total order, so output is stable.
  /// Strings compare by their UTF-8 bytes: the same on every machine, and much cheaper than
  /// Unicode-aware comparison on sites with thousands of pages.
  static func order(_ a: Page, _ b: Page) -> Bool {
    // Read fields one at a time: binding `a.fields` would copy the whole struct, retaining
    // every string and array in it, on each of the sort's comparisons.
    // Weight 0 is no weight, as in Hugo: weighted pages first, lowest first, then the rest.
    let (weightA, weightB) = (a.weight, b.weight)
    if weightA != weightB { return weightB == 0 || (weightA != 0 && weightA < weightB) }
    // One three-way comparison per field: `!=` and then `<` compared each pair twice, the first
    // time Unicode-aware.
    let dates = ByteOrder.compare(b.date ?? "", a.date ?? "")
    if dates != 0 { return dates < 0 }
    let titles = ByteOrder.compare(a.title, b.title)
    if titles != 0 { return titles < 0 }
    return ByteOrder.compare(a.url, b.url) < 0
  }

  /// Newest first, then by URL.
  static func newestFirst(_ a: Page, _ b: Page) -> Bool {
    let dates = ByteOrder.compare(b.date ?? "", a.date ?? "")
    return dates != 0 ? dates < 0 : ByteOrder.compare(a.url, b.url) < 0
  }

  /// The file a URL is written to: `/a/` → `a/index.html`; a URL that names a file (`url:`
  /// in front matter, `/old/page.html`) → that file.
  static func outputPath(_ url: String) -> String {
    url.hasSuffix("/") ? String(url.dropFirst()) + "index.html" : String(url.dropFirst())
  }

  static func paginate(
    _ pages: [Page], size: Int, baseURL: String, _ make: (Int, Int, [Page], [String]) -> Job
  ) -> [Job] {
    let size = size > 0 ? size : max(pages.count, 1)
    let count = max(1, (pages.count + size - 1) / size)
    let urls = (1...count).map { $0 == 1 ? baseURL : "\(baseURL)page/\($0)/" }
    return (1...count).map { number in
      var job = make(number, count, Array(pages.dropFirst((number - 1) * size).prefix(size)), urls)
      job.listedCount = pages.count
      return job
    }
  }

  /// Renders a page's Markdown once, even when several jobs and the feeds need it.
  package func rendered(_ page: Page, configuration: SiteConfiguration, root: URL) throws -> RenderedPage {
    if let cached = renderedCache.get(page.sourcePath) { return cached }
    let rendered = try RenderedPage(
      page: page, configuration: configuration, context: renderedCache.context, projectRoot: root,
      links: renderedCache.links)
    renderedCache.set(page.sourcePath, rendered)
    return rendered
  }

  func summary(of page: Page, configuration: SiteConfiguration, root: URL) -> (String, Bool) {
    guard let rendered = try? rendered(page, configuration: configuration, root: root) else {
      return ("", false)
    }
    return (rendered.summary, rendered.hasMore)
  }
}

/// Rendered pages by source path (`Content/a.md`), shared between render jobs on many threads,
/// and the link facts and run context (``BuildContext``) they were rendered with. The session keeps a page's rendered content here,
/// not in the ``Page``, so that pages and their renderings do not refer to each other; and by
/// source path, since two pages may claim one URL while a writer fixes a clash.
package final class RenderCache: Sendable {
  private let storage = Mutex<[String: RenderedPage]>([:])
  private let resolver = Mutex(LinkResolver(basePath: "/", pageURLs: [:], staticFiles: []))
  private let runContext = Mutex(BuildContext())
  /// An empty cache.
  package init() {}
  /// What pages rendered now resolve their links with (see ``LinkResolver``).
  package var links: LinkResolver {
    get { resolver.withLock { $0 } }
    set { resolver.withLock { $0 = newValue } }
  }
  /// The run's choices pages rendered now are rendered with: set with the settings, at every
  /// full build, so that a page the layouts render late (a summary) is rendered as the others.
  package var context: BuildContext {
    get { runContext.withLock { $0 } }
    set { runContext.withLock { $0 = newValue } }
  }
  /// The rendering of the page at `url` (a source path), if kept.
  package func get(_ url: String) -> RenderedPage? { storage.withLock { $0[url] } }
  /// Keeps `page` as the rendering of the page at `url`.
  package func set(_ url: String, _ page: RenderedPage) { storage.withLock { $0[url] = page } }
  /// Forgets the rendering of the page at `url`.
  package func remove(_ url: String) { _ = storage.withLock { $0.removeValue(forKey: url) } }
  /// Forgets every rendering.
  package func removeAll() { storage.withLock { $0.removeAll() } }
  /// Makes room for `count` renderings (a full build's pages), so that the table does not grow,
  /// rehashing all it holds, while the pages load.
  package func reserveCapacity(_ count: Int) { storage.withLock { $0.reserveCapacity(count) } }
  /// Every kept rendering, by source path.
  package var all: [String: RenderedPage] { storage.withLock { $0 } }
  var summaries: [String: String] { storage.withLock { $0.mapValues(\.summary) } }
}

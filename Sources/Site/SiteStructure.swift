import Diagnostics
import Foundation
import Synchronization

/// The site's shape: sections and their pages in order, taxonomies, pagination, neighbours,
/// and the list of things to render.
struct SiteStructure: Sendable {
  struct Job: Sendable {
    enum Kind: Sendable { case page, list, taxonomy, term, notFound }
    var kind: Kind
    var layout: String
    var outputPath: String
    var url: String
    var page: Page?
    var title: String
    var listed: [Page] = []
    var terms: [(name: String, url: String, count: Int)] = []
    var pageNumber = 1
    var pageCount = 1
    var pagerURLs: [String] = []
    var taxonomy: String? = nil
  }

  var pages: [Page]
  var renderJobs: [Job] = []
  var aliases: [(outputPath: String, target: String)] = []
  var aliasURLs: Set<String> = []
  var feedPages: [Page] = []
  var neighbours: [String: (previous: Page?, next: Page?)] = [:]
  var sections: [String: Page] = [:]
  var termURLs: [String: String] = [:]
  var lastModified: [String: String] = [:]
  /// Where each page is held, for swapping in a new load of it (see ``replace(_:)``); made by
  /// the first replacement, so that `folio build`, which never replaces, does not pay for it.
  var places: [ObjectIdentifier: Place]? = nil
  private let renderedCache: RenderCache
  /// The rendered summary of the page at `url` (empty until the page has been rendered).
  func summary(ofURL url: String) -> String { renderedCache.get(url)?.summary ?? "" }

  /// Organises `pages`; `reserved` names the other files the site writes (output path → what
  /// writes it, such as `the Atom feed` or `Content/robots.txt`), which no page, list or alias
  /// may replace.
  init(
    pages: [Page], configuration config: SiteConfiguration, reserved: [String: String] = [:],
    cache: RenderCache = RenderCache()
  ) throws {
    self.pages = pages
    self.renderedCache = cache
    // Two pages claiming one URL.
    // Dictionaries keyed by every page are sized up front: growing one rehashes it each time.
    var owners: [String: Page] = [:]
    owners.reserveCapacity(pages.count)
    lastModified.reserveCapacity(pages.count)
    neighbours.reserveCapacity(pages.count)
    var problems: [Diagnostic] = []
    for page in pages {
      if let other = owners[page.url] {
        // Pages arrive in any order: report at the later path, naming the earlier, so the
        // message is the same on every run; but at a `slug` that made the clash, if one did.
        var (first, second) =
          SiteStructure.precedes(other.sourcePath, page.sourcePath) ? (other, page) : (page, other)
        if second.slugLocation == nil, first.slugLocation != nil { swap(&first, &second) }
        problems.append(
          .error(
            "'\(page.url)' is claimed by two pages: this one and \(first.sourcePath)",
            at: second.slugLocation ?? SourceLocation(path: second.sourcePath, line: 1, column: 1),
            hint: "give one of them another 'slug'"))
      }
      owners[page.url] = page
    }
    guard problems.isEmpty else {
      throw DiagnosticError(
        problems.sorted { ($0.location?.description ?? "") < ($1.location?.description ?? "") })
    }

    let ordered = SiteStructure.sorted(pages)
    let regular = ordered.filter { $0.kind == .page }
    for page in ordered where page.kind != .page { sections[page.folder] = page }
    for page in ordered { lastModified[page.url] = page.updated ?? page.date }
    feedPages = SiteStructure.sortedNewestFirst(regular.filter { $0.date != nil })

    // Pages and their neighbours within their folder.
    var byFolder: [String: [Page]] = [:]
    for page in regular { byFolder[page.folder, default: []].append(page) }
    for (_, list) in byFolder {
      for (index, page) in list.enumerated() {
        neighbours[page.url] = (
          index > 0 ? list[index - 1] : nil, index + 1 < list.count ? list[index + 1] : nil
        )
      }
    }
    for page in regular {
      renderJobs.append(
        Job(
          kind: .page, layout: page.layout ?? "page", outputPath: SiteStructure.outputPath(page.url),
          url: page.url, page: page, title: page.title))
    }
    // Sections and home, paginated. A section lists the pages of its folder and those of the
    // folders below it that have no section of their own. One pass over the pages, in order,
    // with the sections that list each folder worked out once per folder: filtering every page
    // for every section cost a large site tens of milliseconds.
    var listedBySection: [String: [Page]] = [:]
    var sectionsListing: [String: [String]] = [:]
    for page in regular {
      let folder = page.folder
      if sectionsListing[folder] == nil {
        sectionsListing[folder] = SiteStructure.sections(listingPagesIn: folder, sections: sections)
      }
      for section in sectionsListing[folder]! { listedBySection[section, default: []].append(page) }
    }
    for page in ordered where page.kind != .page {
      let listed: [Page] = page.kind == .home ? feedPages : listedBySection[page.folder] ?? []
      let layout = page.layout ?? (page.kind == .home ? "home" : "section")
      renderJobs += SiteStructure.paginate(listed, size: config.pageSize, baseURL: page.url) {
        number, count, slice, urls in
        Job(
          kind: .list, layout: layout, outputPath: SiteStructure.outputPath(urls[number - 1]),
          url: urls[number - 1], page: number == 1 ? page : nil,
          title: page.title, listed: slice, pageNumber: number, pageCount: count, pagerURLs: urls)
      }
    }
    if sections[""] == nil {
      renderJobs += SiteStructure.paginate(feedPages, size: config.pageSize, baseURL: "/") {
        number, count, slice, urls in
        Job(
          kind: .list, layout: "home", outputPath: SiteStructure.outputPath(urls[number - 1]),
          url: urls[number - 1], page: nil,
          title: config.title, listed: slice, pageNumber: number, pageCount: count, pagerURLs: urls)
      }
    }
    // Taxonomies.
    for taxonomy in config.taxonomies {
      // Terms whose slugs agree (`Swift` and `swift`) are one term with one page, named by the
      // spelling that sorts first; otherwise both would write the same file.
      var members: [String: [Page]] = [:]
      var spellings: [String: Set<String>] = [:]
      for page in regular {
        for term in page.terms[taxonomy] ?? [] {
          let slug = HeadingAnchors.slug(term).isEmpty ? "term" : HeadingAnchors.slug(term)
          // A slug holds letters, digits, '-' and '_' only; its length is what can go wrong.
          guard slug.utf8.count <= OutputPath.maximumSegmentBytes else {
            problems.append(
              OutputPath.Problem.segmentTooLong(bytes: slug.utf8.count).diagnostic(
                field: "the \(taxonomy) term", value: term,
                at: SourceLocation(path: page.sourcePath, line: 1, column: 1)))
            continue
          }
          if members[slug]?.last?.url != page.url { members[slug, default: []].append(page) }
          spellings[slug, default: []].insert(term)
        }
      }
      let slugs = members.keys.sorted { spellings[$0]!.min()! < spellings[$1]!.min()! }
      let names = slugs.map { spellings[$0]!.min()! }
      var terms: [(name: String, url: String, count: Int)] = []
      for (slug, name) in zip(slugs, names) {
        let url = "/\(taxonomy)/\(slug)/"
        for spelling in spellings[slug]! { termURLs["\(taxonomy)/\(spelling)"] = url }
        terms.append((name, url, members[slug]!.count))
        renderJobs += SiteStructure.paginate(members[slug]!, size: config.pageSize, baseURL: url) {
          number, count, slice, urls in
          Job(
            kind: .term, layout: "term", outputPath: SiteStructure.outputPath(urls[number - 1]),
            url: urls[number - 1], page: nil,
            title: name, listed: slice, pageNumber: number, pageCount: count, pagerURLs: urls,
            taxonomy: taxonomy)
        }
      }
      if !names.isEmpty {
        renderJobs.append(
          Job(
            kind: .taxonomy, layout: "taxonomy", outputPath: "\(taxonomy)/index.html", url: "/\(taxonomy)/",
            page: nil,
            title: taxonomy.prefix(1).uppercased() + taxonomy.dropFirst(), terms: terms, taxonomy: taxonomy))
      }
    }
    renderJobs.append(
      Job(kind: .notFound, layout: "404", outputPath: "404.html", url: "/404.html", page: nil, title: "404"))
    // Every output file has one owner: a section and a taxonomy both at /tags/, or an alias over
    // a page, would otherwise replace one another silently.
    var claimed: [String: (owner: String, source: String?)] = [:]
    claimed.reserveCapacity(renderJobs.count)
    for job in renderJobs {
      let owner =
        job.page?.sourcePath ?? job.taxonomy.map { "the '\($0)' taxonomy" }
        ?? (job.kind == .notFound ? "the 404 page" : "a page of a list")
      if let other = claimed[job.outputPath], other.owner != owner {
        let source = job.page?.sourcePath ?? other.source
        problems.append(
          .error(
            "'\(job.url)' is claimed by \(other.owner) and \(owner)",
            at: source.map { SourceLocation(path: $0, line: 1, column: 1) },
            hint: "give the page another 'slug' or rename its file"))
      }
      claimed[job.outputPath] = claimed[job.outputPath] ?? (owner, job.page?.sourcePath)
    }
    // Files the site writes besides its pages (feeds, assets, static files): a page, a list or
    // an alias that lands on one fails instead of replacing it.
    for (path, owner) in reserved.sorted(by: { SiteStructure.precedes($0.key, $1.key) }) {
      if let other = claimed[path] {
        problems.append(
          .error(
            "'/\(path)' is claimed by \(other.owner) and \(owner)",
            at: other.source.map { SourceLocation(path: $0, line: 1, column: 1) },
            hint: "give the page another 'slug' or rename the file"))
      } else {
        claimed[path] = (owner, nil)
      }
    }
    for page in pages {
      for (index, alias) in page.aliases.enumerated() {
        let location =
          (index < page.aliasLocations.count ? page.aliasLocations[index] : nil)
          ?? SourceLocation(path: page.sourcePath, line: 1, column: 1)
        // `/old/page.html` (an old site's file name) is written as that file, so the old URL
        // itself redirects; `/old/page/` gets an index.html like every page.
        var trimmed = Substring(alias)
        if trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let output: OutputPath
        do throws(OutputPath.Problem) {
          if trimmed.isEmpty { throw .emptySegment }
          let isFile = trimmed.split(separator: "/").last?.contains(".") ?? false
          output = try isFile ? OutputPath(relative: String(trimmed)) : OutputPath(siteURL: "/\(trimmed)/")
        } catch {
          problems.append(error.diagnostic(field: "alias", value: alias, at: location))
          continue
        }
        let path = output.relative
        let url = "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
        if let other = claimed[path] {
          problems.append(
            .error(
              "the alias '\(alias)' would replace '\(url)', which \(other.owner) already claims",
              at: location, hint: "remove the alias or point it at a URL no page uses"))
          continue
        }
        claimed[path] = (page.sourcePath, page.sourcePath)
        aliases.append((path, page.url))
        aliasURLs.insert(url)
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
  }

  /// The folders of the sections that list a page in `folder`: its own section, else every
  /// section above it (the home page lists dated pages by itself).
  private static func sections(listingPagesIn folder: String, sections: [String: Page]) -> [String] {
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
        weight: page.weight, date: dateKey(page), dateIsWhole: (page.date?.utf8.count ?? 0) <= 16,
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

  /// The first 16 bytes of the page's date as two integers (zero without a date).
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
    let dates = byteOrder(b.date ?? "", a.date ?? "")
    if dates != 0 { return dates < 0 }
    let titles = byteOrder(a.title, b.title)
    if titles != 0 { return titles < 0 }
    return byteOrder(a.url, b.url) < 0
  }

  static func precedes(_ a: String, _ b: String) -> Bool {
    byteOrder(a, b) < 0
  }

  /// Negative, zero or positive as `a` sorts before, with or after `b` by UTF-8 bytes.
  private static func byteOrder(_ a: String, _ b: String) -> Int {
    // memcmp over the contiguous UTF-8 of native strings; iterating the UTF8View byte by byte
    // showed up in the sorts of large sites.
    var (a, b) = (a, b)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
        return order != 0 ? Int(order) : x.count - y.count
      }
    }
  }

  /// Newest first, then by URL.
  static func newestFirst(_ a: Page, _ b: Page) -> Bool {
    let dates = byteOrder(b.date ?? "", a.date ?? "")
    return dates != 0 ? dates < 0 : byteOrder(a.url, b.url) < 0
  }

  static func outputPath(_ url: String) -> String {
    String(url.dropFirst()) + "index.html"
  }

  static func paginate(
    _ pages: [Page], size: Int, baseURL: String, _ make: (Int, Int, [Page], [String]) -> Job
  ) -> [Job] {
    let size = size > 0 ? size : max(pages.count, 1)
    let count = max(1, (pages.count + size - 1) / size)
    let urls = (1...count).map { $0 == 1 ? baseURL : "\(baseURL)page/\($0)/" }
    return (1...count).map { number in
      make(number, count, Array(pages.dropFirst((number - 1) * size).prefix(size)), urls)
    }
  }

  /// Renders a page's Markdown once, even when several jobs and the feeds need it.
  func rendered(_ page: Page, configuration: SiteConfiguration, root: URL) throws -> RenderedPage {
    if let rendered = page.preRendered { return rendered }
    if let cached = renderedCache.get(page.url) { return cached }
    let rendered = try RenderedPage(
      page: page, configuration: configuration, projectRoot: root, links: renderedCache.links)
    renderedCache.set(page.url, rendered)
    return rendered
  }

  func summary(of page: Page, configuration: SiteConfiguration, root: URL) -> (String, Bool) {
    guard let rendered = try? rendered(page, configuration: configuration, root: root) else {
      return ("", false)
    }
    return (rendered.summary, rendered.hasMore)
  }
}

/// Rendered pages shared between render jobs on many threads, and the link facts they were
/// rendered with.
final class RenderCache: Sendable {
  private let storage = Mutex<[String: RenderedPage]>([:])
  private let resolver = Mutex(LinkResolver(basePath: "/", pageURLs: [:], staticFiles: []))
  /// What pages rendered now resolve their links with (see ``LinkResolver``).
  var links: LinkResolver {
    get { resolver.withLock { $0 } }
    set { resolver.withLock { $0 = newValue } }
  }
  func get(_ url: String) -> RenderedPage? { storage.withLock { $0[url] } }
  func set(_ url: String, _ page: RenderedPage) { storage.withLock { $0[url] = page } }
  func remove(_ url: String) { _ = storage.withLock { $0.removeValue(forKey: url) } }
  func removeAll() { storage.withLock { $0.removeAll() } }
  var all: [String: RenderedPage] { storage.withLock { $0 } }
  var summaries: [String: String] { storage.withLock { $0.mapValues(\.summary) } }
}

import Diagnostics
import SiteContent

/// The steps of organising a site (``SiteStructure/init(pages:configuration:reserved:cache:)``),
/// in the order it runs them.
extension SiteStructure {
  /// Every output path claimed so far, with who claims it and the source file to report at.
  typealias Claims = [String: (owner: String, source: String?)]

  /// Refuses two pages that claim one URL.
  static func checkOneURLPerPage(_ pages: [Page]) throws {
    // Dictionaries keyed by every page are sized up front: growing one rehashes it each time.
    var owners: [String: Page] = [:]
    owners.reserveCapacity(pages.count)
    var claimants: [String: [Page]] = [:]
    for page in pages {
      if let other = owners[page.url] {
        claimants[page.url, default: [other]].append(page)
      } else {
        owners[page.url] = page
      }
    }
    guard !claimants.isEmpty else { return }
    // Pages arrive in any order: each is reported at its path, naming the first in byte order,
    // so the messages are the same on every run; but at a `slug` that made the clash, if one
    // did.
    var problems: [Diagnostic] = []
    for (url, pages) in claimants {
      let sorted = pages.sorted { ByteOrder.precedes($0.sourcePath, $1.sourcePath) }
      for page in sorted.dropFirst() {
        var (first, second) = (sorted[0], page)
        if second.slugLocation == nil, first.slugLocation != nil { swap(&first, &second) }
        problems.append(
          SiteProblem.twoPagesClaim(url: url, other: first.sourcePath).diagnostic(
            at: second.slugLocation ?? SourceLocation(path: second.sourcePath, line: 1, column: 1)))
      }
    }
    throw DiagnosticError(problems.sorted { $0.description < $1.description })
  }

  /// The sections, dates, feed order and neighbours, and a job per regular page.
  mutating func addPages(_ ordered: [Page], _ regular: [Page]) {
    lastModified.reserveCapacity(ordered.count)
    neighbours.reserveCapacity(ordered.count)
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
    // Documentation pages: previous and next in their sidebar's order, across its groups.
    for page in regular { if let around = docs.neighbours(of: page.url) { neighbours[page.url] = around } }
    for page in regular {
      renderJobs.append(
        Job(
          kind: .page, layout: layout(of: page, else: "page"), outputPath: SiteStructure.outputPath(page.url),
          url: page.url, page: page, title: page.title))
    }
  }

  /// The section and home lists, paginated.
  mutating func addLists(_ ordered: [Page], _ regular: [Page], _ config: SiteConfiguration) {
    // Sections and home, paginated. A section lists the pages of its folder and those of the
    // folders below it that have no section of their own. One pass over the pages, in order,
    // with the sections that list each folder worked out once per folder: filtering every page
    // for every section cost a large site tens of milliseconds.
    var listedBySection: [String: [Page]] = [:]
    var sectionsListing: [String: [String]] = [:]
    for page in regular {
      let folder = page.folder
      let listing =
        sectionsListing[folder]
        ?? SiteStructure.sections(listingPagesIn: folder, sections: sections)
      sectionsListing[folder] = listing
      for section in listing { listedBySection[section, default: []].append(page) }
    }
    let multilingual = config.languages.isMultilingual
    for page in ordered where page.kind != .page {
      // Each language's home lists the dated pages of its language's main sections only.
      let listed: [Page] =
        page.kind != .home
        ? listedBySection[page.folder] ?? []
        : SiteStructure.mainSectionPages(
          multilingual ? feedPages.filter { $0.language == page.language } : feedPages, config)
      let layout = layout(of: page, else: page.kind == .home ? "home" : "section")
      // A documentation section's list is its sidebar: one page, never a pager.
      let size = docs.isDocs(page.folder) ? 0 : config.pageSize
      renderJobs += SiteStructure.paginate(listed, size: size, baseURL: page.url) {
        number, count, slice, urls in
        Job(
          kind: .list, layout: layout, outputPath: SiteStructure.outputPath(urls[number - 1]),
          url: urls[number - 1], page: number == 1 ? page : nil,
          title: page.title, listed: slice, pageNumber: number, pageCount: count, pagerURLs: urls,
          language: multilingual ? page.language : nil,
          translationKey: multilingual ? page.translationKey.map { SiteStructure.pagerKey($0, number) } : nil)
      }
    }
    if multilingual {
      addGeneratedHomes(config)
    } else if sections[""] == nil {
      let listed = SiteStructure.mainSectionPages(feedPages, config)
      renderJobs += SiteStructure.paginate(listed, size: config.pageSize, baseURL: "/") {
        number, count, slice, urls in
        Job(
          kind: .list, layout: "home", outputPath: SiteStructure.outputPath(urls[number - 1]),
          url: urls[number - 1], page: nil,
          title: config.title, listed: slice, pageNumber: number, pageCount: count, pagerURLs: urls)
      }
    }
  }

  /// The jobs, term URLs and problems of one language's taxonomies, made apart from the
  /// structure so that each language's can be made on a core of its own.
  struct Taxonomies: Sendable {
    var jobs: [Job] = []
    /// ``termURLs`` entries, in the order they are set.
    var termURLs: [(key: String, url: String)] = []
    var problems: [Diagnostic] = []
  }

  /// Adds what ``taxonomies(of:_:in:)`` made.
  mutating func add(_ taxonomies: Taxonomies, _ problems: inout [Diagnostic]) {
    renderJobs += taxonomies.jobs
    for (key, url) in taxonomies.termURLs { termURLs[key] = url }
    problems += taxonomies.problems
  }

  /// A list of terms and a paginated list per term, for every taxonomy of `regular`'s pages,
  /// under `language`'s URLs when there is one.
  static func taxonomies(of regular: [Page], _ config: SiteConfiguration, in language: SiteLanguage?)
    -> Taxonomies
  {
    var made = Taxonomies()
    let termKey = language.map { $0.folder.isEmpty ? "" : $0.folder + "\u{0}" } ?? ""
    let url = { (path: String) in language?.url(path) ?? path }
    for taxonomy in config.taxonomies {
      // Terms whose slugs agree (`Swift` and `swift`) are one term with one page, named by the
      // spelling that sorts first; otherwise both would write the same file.
      var groups: [String: TermGroup] = [:]
      for page in regular {
        for term in page.terms[taxonomy] ?? [] {
          let written = Slug.of(term)
          let slug = written.isEmpty ? "term" : written
          // A slug holds letters, digits, '-' and '_' only: its length, or a name such as
          // `_darcs`, is what can go wrong.
          do throws(OutputPath.Problem) {
            try OutputPath.check(segment: slug)
          } catch {
            made.problems.append(
              error.diagnostic(
                field: "the \(taxonomy) term", value: term,
                at: SourceLocation(path: page.sourcePath, line: 1, column: 1)))
            continue
          }
          groups[slug, default: TermGroup(name: term)].add(page, spelledAs: term)
        }
      }
      let ordered = groups.sorted { $0.value.name < $1.value.name }
      var terms: [(name: String, url: String, count: Int)] = []
      for (slug, group) in ordered {
        let termURL = url("/\(taxonomy)/\(slug)/")
        let name = group.name
        for spelling in group.spellings {
          made.termURLs.append((termKey + "\(taxonomy)/\(spelling)", termURL))
        }
        terms.append((name, termURL, group.pages.count))
        made.jobs += SiteStructure.paginate(group.pages, size: config.pageSize, baseURL: termURL) {
          number, count, slice, urls in
          Job(
            kind: .term, layout: "term", outputPath: SiteStructure.outputPath(urls[number - 1]),
            url: urls[number - 1], page: nil,
            title: name, listed: slice, pageNumber: number, pageCount: count, pagerURLs: urls,
            taxonomy: taxonomy, language: language?.code,
            translationKey: language.map { _ in SiteStructure.pagerKey("term:\(taxonomy)/\(slug)", number) })
        }
      }
      if !ordered.isEmpty {
        let taxonomyURL = url("/\(taxonomy)/")
        made.jobs.append(
          Job(
            kind: .taxonomy, layout: "taxonomy", outputPath: SiteStructure.outputPath(taxonomyURL),
            url: taxonomyURL, page: nil,
            title: SiteStructure.taxonomyTitle(taxonomy, in: language?.code, config), terms: terms,
            taxonomy: taxonomy,
            language: language?.code, translationKey: language.map { _ in "taxonomy:\(taxonomy)" }))
      }
    }
    return made
  }

  /// Gives every output file one owner, and reports the jobs that land on another's file or on
  /// a `reserved` one.
  mutating func claimOutputs(_ reserved: [String: String], _ problems: inout [Diagnostic]) -> Claims {
    // Every output file has one owner: a section and a taxonomy both at /tags/, or an alias over
    // a page, would otherwise replace one another silently.
    var claimed: Claims = [:]
    claimed.reserveCapacity(renderJobs.count)
    // The jobs' fields are read in place: a `for job in` copy of each job (two dozen fields)
    // cost more than the claims, 0.14 s at 100,000 pages.
    for index in renderJobs.indices {
      let path = renderJobs[index].outputPath
      let source = renderJobs[index].page?.sourcePath
      let owner =
        source ?? renderJobs[index].taxonomy.map { "the '\($0)' taxonomy" }
        ?? (renderJobs[index].kind == .notFound
          ? "the 404 page" : renderJobs[index].kind == .search ? "the search page" : "a page of a list")
      if let other = claimed[path] {
        if other.owner != owner {
          problems.append(
            SiteProblem.twoOutputsClaim(url: renderJobs[index].url, first: other.owner, second: owner)
              .diagnostic(
                at: (source ?? other.source).map { SourceLocation(path: $0, line: 1, column: 1) }))
        }
      } else {
        claimed[path] = (owner, source)
      }
    }
    // Files the site writes besides its pages (feeds, assets, static files): a page, a list or
    // an alias that lands on one fails instead of replacing it.
    for (path, owner) in reserved.sorted(by: { ByteOrder.precedes($0.key, $1.key) }) {
      if let other = claimed[path] {
        problems.append(
          SiteProblem.replacesAGeneratedFile(url: "/" + path, first: other.owner, second: owner).diagnostic(
            at: other.source.map { SourceLocation(path: $0, line: 1, column: 1) }))
      } else {
        claimed[path] = (owner, nil)
      }
    }
    return claimed
  }

  /// `alias` as a site URL: itself when it starts with `/`, else read from the folder holding
  /// the page at `pageURL` (`.` and `..` resolved); nil when it climbs above the site.
  static func aliasURL(_ alias: String, of pageURL: String) -> String? {
    guard !alias.hasPrefix("/") else { return alias }
    var segments = pageURL.split(separator: "/").dropLast().map(String.init)
    for segment in alias.split(separator: "/", omittingEmptySubsequences: false) {
      switch segment {
      case "", ".": continue
      case "..":
        guard !segments.isEmpty else { return nil }
        segments.removeLast()
      default: segments.append(String(segment))
      }
    }
    return "/" + segments.joined(separator: "/") + (alias.hasSuffix("/") ? "/" : "")
  }

  /// A redirect for every alias of every page, and for every entry of `redirects:` in
  /// folio.yaml, where no other output is.
  mutating func addAliases(
    _ config: SiteConfiguration, _ claimed: inout Claims, _ problems: inout [Diagnostic]
  ) {
    // In the order of the pages' paths, not the order they came in (a dictionary's, in a
    // build): of two pages with one alias, the same one is reported on every run.
    let withAliases = pages.filter { !$0.aliases.isEmpty }
    for page in withAliases.sorted(by: { ByteOrder.precedes($0.sourcePath, $1.sourcePath) }) {
      for (index, alias) in page.aliases.enumerated() {
        let location =
          (index < page.aliasLocations.count ? page.aliasLocations[index] : nil)
          ?? SourceLocation(path: page.sourcePath, line: 1, column: 1)
        // An alias without a leading `/` is relative to the page's folder, as Hugo reads one:
        // `../readme` on /project/about/readme/ is /project/readme/.
        guard let absolute = SiteStructure.aliasURL(alias, of: page.url) else {
          problems.append(
            OutputPath.Problem.leavesTheSite.diagnostic(field: "alias", value: alias, at: location))
          continue
        }
        addRedirect(
          written: alias, from: absolute, to: page.url, language: page.language, owner: page.sourcePath,
          field: "alias", at: location, &claimed, &problems)
      }
    }
    guard !config.redirects.isEmpty else { return }
    // `redirects:` names pages by their files as the project has them (`content/posts/a.md`,
    // read through a mount as Content/posts/a.md).
    var pageOfFile: [String: Page] = [:]
    for page in pages {
      pageOfFile[config.mounts.projectPath(of: page.sourcePath)] = page
    }
    let urls = Set(renderJobs.lazy.map(\.url))
    for redirect in config.redirects {
      let target: (url: String, language: String?)
      if redirect.sendsToAURL {
        guard urls.contains(redirect.to) else {
          problems.append(SiteProblem.redirectToNothing(redirect.to).diagnostic(at: redirect.location))
          continue
        }
        target = (redirect.to, nil)
      } else if let page = pageOfFile[redirect.to] {
        target = (page.url, page.language)
      } else {
        problems.append(SiteProblem.redirectToNothing(redirect.to).diagnostic(at: redirect.location))
        continue
      }
      addRedirect(
        written: redirect.from, from: redirect.from, to: target.url, language: target.language,
        owner: "the redirect '\(redirect.from)' in folio.yaml", field: "redirect", at: redirect.location,
        &claimed, &problems)
    }
  }

  /// The file a redirect from the site URL `url` is written to: `/old/page.html` (an old site's
  /// file name) is that file, so the old URL itself redirects; `/old/page/` gets an index.html
  /// like every page. Percent-encoded bytes are decoded, as the web server decodes a request's
  /// path to find the file (`%20` is a space, `%3F` a `?` in the name); a decoded `..` or `/` is
  /// then refused like a written one, and so is a `?` or `#` written as it is, which ends the
  /// URL's path before the file.
  package static func redirectFile(of url: String) throws(OutputPath.Problem) -> OutputPath {
    if let delimiter = url.first(where: { $0 == "?" || $0 == "#" }) { throw .endsTheURLPath(delimiter) }
    var trimmed = Substring(url.removingPercentEncoding ?? url)
    if trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
    if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    if trimmed.isEmpty { throw .emptySegment }
    let isFile = trimmed.split(separator: "/").last?.contains(".") ?? false
    return try OutputPath(decodedURLPath: isFile ? String(trimmed) : trimmed + "/index.html")
  }

  /// A redirect page at the site URL `from` (as `written`) that sends readers to `to`, unless
  /// the URL is no file Folio may write or another output has it.
  private mutating func addRedirect(
    written: String, from absolute: String, to target: String, language: String?, owner: String,
    field: String, at location: SourceLocation?, _ claimed: inout Claims, _ problems: inout [Diagnostic]
  ) {
    let output: OutputPath
    do throws(OutputPath.Problem) {
      output = try SiteStructure.redirectFile(of: absolute)
    } catch {
      problems.append(error.diagnostic(field: field, value: written, at: location))
      return
    }
    let path = output.relative
    let url = "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
    if let other = claimed[path] {
      // A page's alias over a page or another page's alias is left out, as Hugo leaves it (the
      // page keeps its URL), with a warning; over a file Folio writes itself, or from
      // folio.yaml's `redirects:`, it is an error.
      if field == "alias", other.source != nil {
        aliasWarnings.append(
          (other.owner == owner
            ? SiteProblem.aliasIsItsOwnURL(alias: written)
            : SiteProblem.aliasTakenByAPage(alias: written, url: url, owner: other.owner)).diagnostic(
              at: location))
        return
      }
      problems.append(
        SiteProblem.aliasReplaces(alias: written, url: url, owner: other.owner).diagnostic(at: location))
      return
    }
    claimed[path] = (owner, location?.path)
    aliases.append((path, target, language))
    aliasURLs.insert(url)
  }
}

/// The pages of one term, under every spelling whose slug agrees (`Swift`, `swift`).
struct TermGroup {
  /// The spelling that sorts first, which names the term's page.
  var name: String
  /// Every spelling used.
  var spellings: Set<String> = []
  /// The pages, in the order they were added, each once.
  var pages: [Page] = []

  /// Adds `page`, which lists the term as `spelling`.
  mutating func add(_ page: Page, spelledAs spelling: String) {
    if pages.last !== page { pages.append(page) }
    spellings.insert(spelling)
    name = min(name, spelling)
  }
}

import Diagnostics
import SiteContent

/// The steps of organising a multilingual site that a one-language site does not take: each
/// language's home (when it has no `_index`), taxonomies and 404 page, and the translations of
/// every job. Sections, pagination and neighbours need no step of their own: a page's folder
/// starts with its language (``Page/folder``), so each language's sections list its pages only.
extension SiteStructure {
  /// The translation key of page `number` of a list whose first page has `key`.
  static func pagerKey(_ key: String, _ number: Int) -> String {
    number == 1 ? key : key + "#page/\(number)"
  }

  /// The key of `term` of `taxonomy` in ``termURLs`` for pages of a language whose section
  /// folder is `languageFolder` (empty for the default language and on one-language sites).
  static func termKey(_ taxonomy: String, _ term: String, languageFolder: String) -> String {
    (languageFolder.isEmpty ? "" : languageFolder + "\u{0}") + "\(taxonomy)/\(term)"
  }

  /// Where each tag link of `page` leads, term by term in the order of the site's taxonomies
  /// (`/` for a term no page of the page's language is listed under), as the layouts write
  /// them (``TemplateContext``). A regular page is listed under its own terms; a section or
  /// home page is not, so its links change with other pages.
  package func termURLs(of page: Page, _ configuration: SiteConfiguration) -> [String] {
    let language = page.language.flatMap { code in configuration.languages.all.first { $0.code == code } }
    return configuration.taxonomies.flatMap { taxonomy in
      (page.terms[taxonomy] ?? []).map {
        termURLs[SiteStructure.termKey(taxonomy, $0, languageFolder: language?.folder ?? "")] ?? "/"
      }
    }
  }

  /// The title of `taxonomy`'s page: its name capitalised; on a multilingual site the `tags`
  /// taxonomy takes the `tags` label of its language (`タグ`).
  static func taxonomyTitle(_ taxonomy: String, in language: String?, _ config: SiteConfiguration) -> String {
    if let language, taxonomy == "tags", let label = config.labels(in: language)["tags"] { return label }
    return taxonomy.prefix(1).uppercased() + taxonomy.dropFirst()
  }

  /// A home list for every language without an `_index` page of its own.
  mutating func addGeneratedHomes(_ config: SiteConfiguration) {
    for language in config.languages.all where sections[language.folder]?.kind != .home {
      let listed = SiteStructure.mainSectionPages(feedPages.filter { $0.language == language.code }, config)
      renderJobs += SiteStructure.paginate(listed, size: config.pageSize, baseURL: language.prefix) {
        number, count, slice, urls in
        Job(
          kind: .list, layout: "home", outputPath: SiteStructure.outputPath(urls[number - 1]),
          url: urls[number - 1], page: nil, title: language.title ?? config.title, listed: slice,
          pageNumber: number, pageCount: count, pagerURLs: urls, language: language.code,
          translationKey: SiteStructure.pagerKey("path:_index.md", number))
      }
    }
  }

  /// Each language's taxonomies and 404 page, and every job's translations.
  mutating func addLanguages(
    _ ordered: [Page], _ regular: [Page], _ config: SiteConfiguration, _ problems: inout [Diagnostic]
  ) {
    var pagesByLanguage: [String: [Page]] = [:]
    for page in regular { pagesByLanguage[page.language ?? "", default: []].append(page) }
    let byLanguage = pagesByLanguage
    for index in renderJobs.indices where renderJobs[index].kind == .page {
      renderJobs[index].translationKey = renderJobs[index].page?.translationKey
    }
    // Each language's taxonomies on a core, beside the grouping of the pages and lists into
    // translations: made one after the other, the three were most of what organising a
    // bilingual site costs more than organising a one-language one, all on one core.
    let languages = config.languages.all
    let pageJobCount = renderJobs.count
    // The tasks read the jobs through a copy that ends with them: one still alive when the 404
    // jobs are appended below would make that append copy all 10,000 jobs (a retain of each of
    // their references) and free them again, 19 ms on the critical path of a bilingual build.
    let made = { [renderJobs] in
      ChunkedWork.map(languages.count + 1, chunk: 1) { task -> LanguageWork in
        guard task < languages.count else {
          var grouping = TranslationGrouping(capacity: renderJobs.count)
          grouping.add(renderJobs[...])
          return .grouping(grouping)
        }
        let language = languages[task]
        return .taxonomies(
          SiteStructure.taxonomies(of: byLanguage[language.code] ?? [], config, in: language))
      }
    }()
    var grouping = TranslationGrouping(capacity: 0)
    for work in made {
      switch work {
      case .grouping(let pages): grouping = pages
      case .taxonomies(let taxonomies): add(taxonomies, &problems)
      }
    }
    for language in languages {
      let url = language.url("/404.html")
      renderJobs.append(
        Job(
          kind: .notFound, layout: "404", outputPath: String(url.dropFirst()), url: url, page: nil,
          title: "404", language: language.code, translationKey: "404"))
    }
    // The taxonomies' and 404 pages' keys (`term:`, `taxonomy:`, `404`) are never a page's, so
    // grouping them after the pages' makes the groups it would have made in one pass.
    grouping.add(renderJobs[pageJobCount...])
    grouping.finish(renderJobs, languages: languages.map(\.code))
    for (index, group) in grouping.assigned { renderJobs[index].translationGroup = group }
    translationGroups = grouping.groups
    translationGroupOfURL = grouping.groupOfURL
    problems += grouping.problems
  }

  /// What one task of ``addLanguages(_:_:_:_:)`` made.
  private enum LanguageWork: Sendable {
    case taxonomies(Taxonomies)
    case grouping(TranslationGrouping)
  }

  /// Jobs grouped by translation key, each group in the site's language order, with the two
  /// pages of one language that share a key reported.
  struct TranslationGrouping: Sendable {
    /// Each key is hashed once, here; after that a job names its group by number.
    private var groupOfKey: [String: Int] = [:]
    /// The pages that own each group (a page, or a list's first page): a few at most.
    private var owners: [[(language: String, page: Page)]] = []
    private var unplaced: [Int] = []
    /// ``SiteStructure/translationGroups``.
    private(set) var groups: [[Translation]] = []
    /// ``SiteStructure/translationGroupOfURL``.
    private(set) var groupOfURL: [String: Int] = [:]
    /// Each grouped job's index and group.
    private(set) var assigned: [(index: Int, group: Int)] = []
    private(set) var problems: [Diagnostic] = []

    init(capacity: Int) {
      groupOfKey.reserveCapacity(capacity)
      groupOfURL.reserveCapacity(capacity)
      assigned.reserveCapacity(capacity)
    }

    /// Groups `jobs` (indexed as in the structure's jobs) after the ones added before.
    mutating func add(_ jobs: ArraySlice<Job>) {
      for index in jobs.indices {
        guard let key = jobs[index].translationKey else { continue }
        guard let language = jobs[index].page?.language ?? jobs[index].language else {
          unplaced.append(index)
          continue
        }
        let group: Int
        if let known = groupOfKey[key] {
          group = known
        } else {
          group = groups.count
          groupOfKey[key] = group
          groups.append([])
          owners.append([])
        }
        assigned.append((index, group))
        // Fields read in place: a copy of the job would retain every one of its references.
        let (kind, page) = (jobs[index].kind, jobs[index].page)
        if kind == .page || (kind == .list && jobs[index].pageNumber == 1), let page {
          if let other = owners[group].first(where: { $0.language == language })?.page {
            var (first, second) =
              ByteOrder.precedes(other.sourcePath, page.sourcePath) ? (other, page) : (page, other)
            if second.languageLocation == nil, first.languageLocation != nil { swap(&first, &second) }
            problems.append(
              LanguageProblem.twoTranslations(
                key: String(key.drop { $0 != ":" }.dropFirst()), language: language, other: first.sourcePath
              ).diagnostic(
                at: second.languageLocation ?? SourceLocation(path: second.sourcePath, line: 1, column: 1)))
            continue
          }
          owners[group].append((language, page))
        }
        // Appended in place (a copy taken out and put back would copy the array each time).
        if !groups[group].contains(where: { $0.language == language }) {
          let url = jobs[index].url
          groups[group].append(Translation(language: language, url: url, title: jobs[index].title))
          groupOfURL[url] = group
        }
      }
    }

    /// Gives the jobs without a language the group of their key, if others have it, and puts
    /// each group in the order of `languages`.
    mutating func finish(_ jobs: [Job], languages codes: [String]) {
      for index in unplaced {
        if let group = jobs[index].translationKey.flatMap({ groupOfKey[$0] }) {
          assigned.append((index, group))
        }
      }
      // A language's position found by comparing a few short codes: hashing each code, twice a
      // comparison, was most of the cost of sorting a group of two.
      func position(_ code: String) -> Int { codes.firstIndex(of: code) ?? codes.count }
      for group in groups.indices where groups[group].count > 1 {
        groups[group].sort { position($0.language) < position($1.language) }
      }
    }
  }

  /// The translations of `job`, itself included, in the site's language order (empty on a
  /// one-language site).
  package func translations(of job: Job) -> [Translation] {
    job.translationGroup.map { translationGroups[$0] } ?? []
  }
}

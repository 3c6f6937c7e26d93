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

  /// The title of `taxonomy`'s page: its name capitalised; on a multilingual site the `tags`
  /// taxonomy takes the `tags` label of its language (`タグ`).
  static func taxonomyTitle(_ taxonomy: String, in language: String?, _ config: SiteConfiguration) -> String {
    if let language, taxonomy == "tags", let label = config.labels(in: language)["tags"] { return label }
    return taxonomy.prefix(1).uppercased() + taxonomy.dropFirst()
  }

  /// A home list for every language without an `_index` page of its own.
  mutating func addGeneratedHomes(_ config: SiteConfiguration) {
    for language in config.languages.all where sections[language.folder]?.kind != .home {
      let listed = feedPages.filter { $0.language == language.code }
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
    var byLanguage: [String: [Page]] = [:]
    for page in regular { byLanguage[page.language ?? "", default: []].append(page) }
    for language in config.languages.all {
      addTaxonomies(byLanguage[language.code] ?? [], config, &problems, in: language)
      let url = language.url("/404.html")
      renderJobs.append(
        Job(
          kind: .notFound, layout: "404", outputPath: String(url.dropFirst()), url: url, page: nil,
          title: "404",
          language: language.code, translationKey: "404"))
    }
    for index in renderJobs.indices where renderJobs[index].kind == .page {
      renderJobs[index].translationKey = renderJobs[index].page?.translationKey
    }
    addTranslations(config, &problems)
  }

  /// Groups the jobs by translation key, each group in the site's language order, and reports
  /// two pages of one language that share a key.
  mutating func addTranslations(_ config: SiteConfiguration, _ problems: inout [Diagnostic]) {
    // Each key is hashed once, here; after that a job names its group by number. The pages
    // that own a group (a page, or a list's first page) are kept beside it, a few at most.
    var groupOfKey: [String: Int] = [:]
    var owners: [[(language: String, page: Page)]] = []
    groupOfKey.reserveCapacity(renderJobs.count)
    translationGroupOfURL.reserveCapacity(renderJobs.count)
    var unplaced: [Int] = []
    for index in renderJobs.indices {
      guard let key = renderJobs[index].translationKey else { continue }
      guard let language = renderJobs[index].page?.language ?? renderJobs[index].language else {
        unplaced.append(index)
        continue
      }
      let group: Int
      if let known = groupOfKey[key] {
        group = known
      } else {
        group = translationGroups.count
        groupOfKey[key] = group
        translationGroups.append([])
        owners.append([])
      }
      renderJobs[index].translationGroup = group
      // Fields read in place: a copy of the job would retain every one of its references.
      let (kind, page) = (renderJobs[index].kind, renderJobs[index].page)
      if kind == .page || (kind == .list && renderJobs[index].pageNumber == 1), let page {
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
      if !translationGroups[group].contains(where: { $0.language == language }) {
        let url = renderJobs[index].url
        translationGroups[group].append(
          Translation(language: language, url: url, title: renderJobs[index].title))
        translationGroupOfURL[url] = group
      }
    }
    // A job without a language still shows the translations of its key, if others have it.
    for index in unplaced {
      renderJobs[index].translationGroup = renderJobs[index].translationKey.flatMap { groupOfKey[$0] }
    }
    // A language's position found by comparing a few short codes: hashing each code, twice a
    // comparison, was most of the cost of sorting a group of two.
    let codes = config.languages.all.map(\.code)
    func position(_ code: String) -> Int { codes.firstIndex(of: code) ?? codes.count }
    for group in translationGroups.indices where translationGroups[group].count > 1 {
      translationGroups[group].sort { position($0.language) < position($1.language) }
    }
  }

  /// The translations of `job`, itself included, in the site's language order (empty on a
  /// one-language site).
  package func translations(of job: Job) -> [Translation] {
    job.translationGroup.map { translationGroups[$0] } ?? []
  }
}

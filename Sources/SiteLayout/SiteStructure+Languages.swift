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
    // By language, then key: edited in place, without a string made per job.
    var owners: [String: [String: Page]] = [:]
    translations.reserveCapacity(renderJobs.count)
    translationKeys.reserveCapacity(renderJobs.count)
    for job in renderJobs {
      guard let key = job.translationKey, let language = job.page?.language ?? job.language else { continue }
      if job.kind == .page || (job.kind == .list && job.pageNumber == 1), let page = job.page {
        if let other = owners[language]?[key] {
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
        owners[language, default: [:]][key] = page
      }
      let translation = Translation(language: language, url: job.url, title: job.title)
      // Appended in place (a copy taken out and put back would copy the array each time).
      var isNew = true
      translations[key, default: []].appendIfNew(translation, isNew: &isNew)
      if isNew { translationKeys[job.url] = key }
    }
    let languages = config.languages
    for (key, group) in translations where group.count > 1 {
      translations[key] = group.sorted {
        languages.position(of: $0.language) < languages.position(of: $1.language)
      }
    }
  }

  /// The translations of `job`, itself included, in the site's language order (empty on a
  /// one-language site).
  package func translations(of job: Job) -> [Translation] {
    job.translationKey.flatMap { translations[$0] } ?? []
  }
}

extension [SiteStructure.Translation] {
  /// Appends `translation` unless a translation in its language is there; says which.
  fileprivate mutating func appendIfNew(_ translation: SiteStructure.Translation, isNew: inout Bool) {
    isNew = !contains { $0.language == translation.language }
    if isNew { append(translation) }
  }
}

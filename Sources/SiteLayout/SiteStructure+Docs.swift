import SiteContent

/// Folders of pages without `_index.md`, and documentation sections (``DocsNavigation``).
extension SiteStructure {
  /// A generated list page (``Page/generatedSection(folder:url:language:translationKey:)``) for every folder
  /// that holds pages, or folders of pages, and has no section of its own, as Hugo makes one:
  /// `/guides/` then answers, lists its pages and is their section. A folder gets none where
  /// its URL would not be the folder's place (its pages' URLs are elsewhere: a permalink
  /// pattern, `url:`), where something else has the URL (a page, an alias, a redirect, the
  /// search page, a taxonomy), or where its name starts with `_` (`_posts`, `_drafts`: Jekyll's
  /// folders, never published as they are).
  static func generatedSections(_ regular: [Page], existing: [Page], _ config: SiteConfiguration) -> [Page] {
    var folders: Set<String> = Set(existing.map(\.folder))
    var taken: Set<String> = []
    for page in regular {
      taken.insert(page.url)
      for alias in page.aliases { if let url = aliasURL(alias, of: page.url) { taken.insert(url) } }
    }
    for redirect in config.redirects { taken.formUnion([redirect.from, redirect.from + "/"]) }
    let languages = config.languages.isMultilingual ? config.languages.all.map { $0.url("/") } : ["/"]
    for prefix in languages {
      taken.insert(prefix + "search/")
      for taxonomy in config.taxonomies { taken.insert(prefix + taxonomy + "/") }
    }
    let languageFolders = Set(config.languages.all.map(\.folder))
    var made: [Page] = []
    // Folders in byte order, so the pages are the same on every run.
    var wanted: [String: String?] = [:]
    for page in regular {
      var folder = page.folder
      while !folder.isEmpty, !folders.contains(folder), !languageFolders.contains(folder) {
        let url = "/" + folder + "/"
        let name = folder.split(separator: "/").last ?? ""
        if !name.hasPrefix("_"), !taken.contains(url), page.url.hasPrefix(url) {
          wanted[folder] = wanted[folder] ?? .some(page.language)
        }
        folder = DocsNavigation.parent(of: folder)
      }
    }
    for (folder, language) in wanted.sorted(by: { ByteOrder.precedes($0.key, $1.key) }) {
      var key: String? = nil
      if config.languages.isMultilingual {
        let languageFolder = config.language(language)?.folder ?? ""
        let inLanguage =
          !languageFolder.isEmpty && folder.hasPrefix(languageFolder + "/")
          ? String(folder.dropFirst(languageFolder.count + 1)) : folder
        key = "path:" + inLanguage + "/_index.md"
      }
      made.append(
        Page.generatedSection(
          folder: folder, url: "/" + folder + "/", language: language, translationKey: key))
      folders.insert(folder)
    }
    return made
  }

  /// The layout of `page`'s own job: its own, else `docs` in a documentation section, else
  /// `fallback`.
  func layout(of page: Page, else fallback: String) -> String {
    page.layout ?? (docs.isDocs(page.folder) ? "docs" : fallback)
  }
}

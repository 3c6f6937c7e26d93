import SiteContent

/// Folders of pages without `_index.md`, and documentation sections (``DocsNavigation``).
extension SiteStructure {
  /// A generated list page (``Page/generatedSection(folder:url:language:translationKey:title:)``) for
  /// a folder that holds pages, or folders of pages, and has no section of its own, as Hugo makes one:
  /// `/guides/` then answers, lists its pages and is their section. A folder gets none where
  /// its URL would not be the folder's place (its pages' URLs are elsewhere: a permalink
  /// pattern, `url:`), where something else has the URL (a page, an alias, a redirect, the
  /// search page, a taxonomy), or where its name starts with `_` (`_posts`, `_drafts`: Jekyll's
  /// folders, never published as they are).
  ///
  /// As in Hugo, a top folder of `Content/` (of a language's folder) is always a section, and a
  /// folder below one is a section only with its own `_index.md`: its pages stay in the list of
  /// the section above (`posts/2024/a.md` is listed at `/posts/`). Inside documentation, where
  /// folders are the sidebar's groups, every folder of pages is a section, so each group's URL
  /// answers.
  static func generatedSectionsAndDocs(_ regular: [Page], existing: [Page], _ config: SiteConfiguration)
    -> (sections: [Page], docs: DocsNavigation)
  {
    var sections: [String: Page] = [:]
    for page in existing { sections[page.folder] = page }
    let top = generatedSections(regular, existing: existing, config) { folder, language in
      !DocsNavigation.folderInLanguage(folder, language: language, config).contains("/")
    }
    for page in top { sections[page.folder] = page }
    let docs = DocsNavigation(sections: sections, regular: regular, configuration: config)
    let nested = generatedSections(regular, existing: existing + top, config) { folder, _ in
      // The nearest section above decides: documentation, or not.
      var above = folder
      while !above.isEmpty, sections[above] == nil { above = DocsNavigation.parent(of: above) }
      return docs.isDocs(above)
    }
    var generated = top + nested
    var navigation = docs
    if !nested.isEmpty {
      for page in nested { sections[page.folder] = page }
      navigation = DocsNavigation(sections: sections, regular: regular, configuration: config)
    }
    // A folder a documentation nav names as a group is called by the group's title.
    let renamed = generated.map { page -> Page in
      guard let title = navigation.groupTitles[page.folder], title != page.title else { return page }
      return Page.generatedSection(
        folder: page.folder, url: page.url, language: page.language, translationKey: page.translationKey,
        title: title)
    }
    guard zip(renamed, generated).contains(where: { $0 !== $1 }) else { return (generated, navigation) }
    generated = renamed
    for page in generated { sections[page.folder] = page }
    return (generated, DocsNavigation(sections: sections, regular: regular, configuration: config))
  }

  /// The generated sections of the folders `included` accepts (a folder, and the language of
  /// the page that asked for it).
  private static func generatedSections(
    _ regular: [Page], existing: [Page], _ config: SiteConfiguration,
    including included: (String, String?) -> Bool
  ) -> [Page] {
    var folders: Set<String> = Set(existing.map(\.folder))
    let languageFolders = Set(config.languages.all.map(\.folder))
    // Folders in byte order, so the pages are the same on every run.
    var wanted: [String: String?] = [:]
    // A page whose URL is under its folder asks exactly what every other such page of that
    // folder and language asks (only the URL test differs by page): walked once per pair, not
    // once per page, since this runs on one core twice a build.
    var walked: Set<FolderInLanguage> = []
    for page in regular {
      if isUnder(page.url, folder: page.folder),
        !walked.insert(FolderInLanguage(folder: page.folder, language: page.language)).inserted
      {
        continue
      }
      var folder = page.folder
      while !folder.isEmpty, !folders.contains(folder), !languageFolders.contains(folder) {
        let url = "/" + folder + "/"
        let name = folder.split(separator: "/").last ?? ""
        if !name.hasPrefix("_"), page.url.hasPrefix(url), included(folder, page.language) {
          wanted[folder] = wanted[folder] ?? .some(page.language)
        }
        folder = DocsNavigation.parent(of: folder)
      }
    }
    // A folder whose URL a page, an alias, a redirect, the search page or a taxonomy takes gets
    // no section page. The few wanted URLs are looked up in a small set, page by page, rather
    // than every page's URL put in a set of 100,000 to look the few up in.
    var candidates: Set<String> = []
    for folder in wanted.keys { candidates.insert("/" + folder + "/") }
    var taken: Set<String> = []
    if !candidates.isEmpty {
      for page in regular {
        if candidates.contains(page.url) { taken.insert(page.url) }
        for alias in page.aliases {
          if let url = aliasURL(alias, of: page.url), candidates.contains(url) { taken.insert(url) }
        }
      }
      for redirect in config.redirects { taken.formUnion([redirect.from, redirect.from + "/"]) }
      let languages = config.languages.isMultilingual ? config.languages.all.map { $0.url("/") } : ["/"]
      for prefix in languages {
        taken.insert(prefix + "search/")
        for taxonomy in config.taxonomies { taken.insert(prefix + taxonomy + "/") }
      }
    }
    var made: [Page] = []
    for (folder, language) in wanted.sorted(by: { ByteOrder.precedes($0.key, $1.key) })
    where !taken.contains("/" + folder + "/") {
      var key: String? = nil
      if config.languages.isMultilingual {
        key = "path:" + DocsNavigation.folderInLanguage(folder, language: language, config) + "/_index.md"
      }
      made.append(
        Page.generatedSection(
          folder: folder, url: "/" + folder + "/", language: language, translationKey: key))
      folders.insert(folder)
    }
    return made
  }

  /// A folder and a page language, as `generatedSections` walks them.
  private struct FolderInLanguage: Hashable {
    let folder: String
    let language: String?
  }

  /// Whether `url` starts with `/folder/`, without making that string.
  private static func isUnder(_ url: String, folder: String) -> Bool {
    let url = url.utf8
    let folder = folder.utf8
    guard !folder.isEmpty, url.count >= folder.count + 2, url.first == UInt8(ascii: "/") else { return false }
    let start = url.index(after: url.startIndex)
    let end = url.index(start, offsetBy: folder.count)
    return url[start..<end].elementsEqual(folder) && url[end] == UInt8(ascii: "/")
  }

  /// The layout of `page`'s own job: its own, else `docs` in a documentation section, else
  /// `fallback`.
  func layout(of page: Page, else fallback: String) -> String {
    page.layout ?? (docs.isDocs(page.folder) ? "docs" : fallback)
  }
}

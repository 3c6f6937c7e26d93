import SiteContent

/// Which pages a home page lists: the dated pages of the site's main sections, not every dated
/// page. A guide page with a date is not a post, and a home page that listed it among the posts
/// surprised everyone who wrote one (issue 31).
extension SiteStructure {
  /// The pages of `dated` (one language's, newest first) in the main sections: folio.yaml's
  /// `mainSections`, else the section with the most dated pages (ties: the first by name), as
  /// Hugo's `mainSections` defaults to. A page's section is the first folder of its path under
  /// `Content/` (under its language's folder, when the language has one); pages at the top of
  /// `Content/` are the section `""`.
  static func mainSectionPages(_ dated: [Page], _ config: SiteConfiguration) -> [Page] {
    guard !dated.isEmpty else { return [] }
    let sections = dated.map { section(of: $0, config) }
    let main: Set<String>
    if config.mainSections.isEmpty {
      var counts: [String: Int] = [:]
      for section in sections { counts[section, default: 0] += 1 }
      let most = counts.max { a, b in
        a.value != b.value ? a.value < b.value : ByteOrder.precedes(b.key, a.key)
      }
      main = [most?.key ?? ""]
    } else {
      main = Set(config.mainSections)
    }
    return zip(dated, sections).compactMap { page, section in main.contains(section) ? page : nil }
  }

  /// The first folder of `page`'s path, without its language's folder (`ja/posts/a.md` is in
  /// `posts`).
  private static func section(of page: Page, _ config: SiteConfiguration) -> String {
    var folder = Substring(page.folder)
    if let languageFolder = config.language(page.language)?.folder, !languageFolder.isEmpty {
      if folder == languageFolder {
        folder = ""
      } else if folder.hasPrefix(languageFolder + "/") {
        folder = folder.dropFirst(languageFolder.count + 1)
      }
    }
    return String(folder.prefix { $0 != "/" })
  }
}

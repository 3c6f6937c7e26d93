import Mustache
import SiteContent
import SiteSearch

extension TemplateContext {
  /// The `site.search` object (docs/CONTRACTS.md): the search page's URL and one index per
  /// language of the shown pages (the site's language first, then by folder) on a multilingual
  /// site, the site's one on a one-language site.
  static func search(_ configuration: SiteConfiguration, _ site: SiteStructure) -> TemplateValue {
    var languages: [String: String] = [
      SearchIndex.folder(forLanguage: configuration.language): configuration.language
    ]
    // A one-language site has one index, which holds every page whatever its `lang`.
    for page in site.pages where configuration.languages.isMultilingual {
      let language = SearchIndex.language(ofPage: page.language, site: configuration.language)
      let folder = SearchIndex.folder(forLanguage: language)
      if languages[folder] == nil { languages[folder] = language }
    }
    let siteFolder = SearchIndex.folder(forLanguage: configuration.language)
    let folders = [siteFolder] + languages.keys.filter { $0 != siteFolder }.sorted()
    let indexes: [TemplateValue] = folders.map { folder in
      .object([
        "language": .string(languages[folder] ?? folder),
        "name": .string(
          configuration.languages.all.first { $0.code == languages[folder] }?.name ?? languages[folder]
            ?? folder),
        "url": .string(configuration.href("/search/\(folder)/")),
      ])
    }
    return .object([
      "url": .string(configuration.href("/search/")),
      "indexes": .array(indexes),
      "hasLanguages": .bool(indexes.count > 1),
      "script": .string(configuration.href("/assets/folio-search.js")),
      "sitemap": configuration.sitemap ? .string(configuration.href("/sitemap.xml")) : .null,
    ])
  }
}

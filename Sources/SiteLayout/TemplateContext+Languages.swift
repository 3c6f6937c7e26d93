import Mustache
import SiteContent

/// The template data of a multilingual site: each language's `site` members and labels,
/// `page.translations` with the alternates and the language switcher's links, and dates in
/// each language's format (docs/CONTRACTS.md).
extension TemplateContext {
  /// The `site` members and `labels` of every language (none on a one-language site): the
  /// language's title, description, home page and feeds over the site's.
  static func languageMembers(_ configuration: SiteConfiguration, _ shared: [String: TemplateValue])
    -> [String: (site: [String: TemplateValue], labels: TemplateValue)]
  {
    let languages = configuration.languages
    guard languages.isMultilingual else { return [:] }
    let list: [TemplateValue] = languages.all.map { language in
      .object([
        "lang": .string(language.code), "languageName": .string(language.name),
        "url": .string(configuration.href(language.prefix)),
        "isDefault": .bool(language.code == configuration.language),
      ])
    }
    var members: [String: (site: [String: TemplateValue], labels: TemplateValue)] = [:]
    for language in languages.all {
      var site = shared
      if let title = language.title { site["title"] = .string(title) }
      if let description = language.description {
        site["description"] = description.isEmpty ? .null : .string(description)
      }
      site["home"] = .string(configuration.href(language.prefix))
      site["language"] = .string(language.code)
      site["languages"] = .array(list)
      site["isMultilingual"] = .bool(true)
      var feeds: [String: TemplateValue] = [:]
      if configuration.atomFeed { feeds["atom"] = .string(configuration.href(language.url("/atom.xml"))) }
      if configuration.rssFeed { feeds["rss"] = .string(configuration.href(language.url("/rss.xml"))) }
      site["feeds"] = .object(feeds)
      if case .object(var search)? = shared["search"] {
        // The header's search box leads to the search page of the page's own language.
        search["url"] = .string(configuration.href(language.url("/search/")))
        site["search"] = .object(search)
      }
      members[language.code] = (site, labels(in: language.code, configuration))
    }
    return members
  }

  /// Each language's name and its `page.languageLinks` entry on pages without a version in it.
  static func languageLinks(_ configuration: SiteConfiguration) -> [String: (
    name: String, home: TemplateValue
  )] {
    var links: [String: (name: String, home: TemplateValue)] = [:]
    for language in configuration.languages.all {
      let home: TemplateValue = .object([
        "lang": .string(language.code), "languageName": .string(language.name),
        "url": .string(configuration.href(language.prefix)), "isCurrent": .bool(false),
        "isTranslation": .bool(false),
      ])
      links[language.code] = (language.name, home)
    }
    return links
  }

  /// `date` as pages in `language` show it: in the language's `dateFormat` on a multilingual
  /// site, `YYYY-MM-DD` on others (as `date`).
  func dateText(_ date: String, in language: String) -> String {
    guard let format = languageFormats[language]?.dates else { return String(date.prefix(10)) }
    return format.format(date)
  }

  /// `page.translations` (every version of the job's page or list, itself included, in the
  /// site's language order: `lang`, `languageName`, `title`, `url`, `permalink`, `isCurrent`),
  /// `page.hasTranslations`, `page.xDefault` (the default language's version) and
  /// `page.languageLinks` (one link per language of the site for the switcher: the page's
  /// translation, else that language's home page).
  func addTranslations(of job: SiteStructure.Job, language: String, to page: inout [String: TemplateValue]) {
    let translations = site.translations(of: job)
    page["translations"] = .array(
      translations.map { translation in
        .object([
          "lang": .string(translation.language),
          "languageName": .string(languageLinks[translation.language]?.name ?? translation.language),
          "title": .string(translation.title), "url": href(translation.url),
          "permalink": .string(absoluteURL(translation.url)),
          "isCurrent": .bool(translation.language == language),
        ])
      })
    page["hasTranslations"] = .bool(translations.count > 1)
    page["xDefault"] =
      translations.first { $0.language == configuration.language }.map { .string(absoluteURL($0.url)) }
      ?? .null
    page["languageLinks"] = .array(
      configuration.languages.all.map { other in
        let translation = translations.first { $0.language == other.code }
        if translation == nil, other.code != language, let home = languageLinks[other.code]?.home {
          return home
        }
        return .object([
          "lang": .string(other.code), "languageName": .string(other.name),
          "url": href(translation?.url ?? other.prefix), "isCurrent": .bool(other.code == language),
          "isTranslation": .bool(translation != nil),
        ])
      })
  }

  /// A site URL as an absolute one, under the base URL.
  func absoluteURL(_ url: String) -> String {
    // The leading slashes found by byte: asked several times for every page of a multilingual
    // site (its permalink and each translation's), where stepping by Character showed.
    let start = url.utf8.firstIndex { $0 != UInt8(ascii: "/") } ?? url.endIndex
    return configuration.baseURL + url[start...]
  }
}

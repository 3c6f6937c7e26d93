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

  /// What the language switcher needs of each language, in the site's order: made once, so
  /// that a page's `page.languageLinks` takes only its translations' URLs of its own.
  static func switcherEntries(
    _ configuration: SiteConfiguration, shape: TemplateObjectShape<LanguageLinkKey>
  ) -> [SwitcherEntry] {
    configuration.languages.all.map { language in
      let url = TemplateValue.string(configuration.href(language.prefix))
      let home = shape.object { key in
        switch key {
        case .lang: .string(language.code)
        case .languageName: .string(language.name)
        case .url: url
        case .isCurrent, .isTranslation: .bool(false)
        }
      }
      return SwitcherEntry(
        code: language.code, lang: .string(language.code), name: .string(language.name), home: home,
        homeURL: url)
    }
  }

  /// One language of the switcher: its code (as a string and a template value), its name, its
  /// entry on pages without a version in it, and its home page's URL.
  struct SwitcherEntry: Sendable {
    var code: String
    var lang: TemplateValue
    var name: TemplateValue
    var home: TemplateValue
    var homeURL: TemplateValue
  }

  /// The members of a `page.translations` entry.
  enum TranslationKey: String, CaseIterable, Sendable {
    case lang, languageName, title, url, permalink, isCurrent
  }

  /// The members of a `page.languageLinks` entry.
  enum LanguageLinkKey: String, CaseIterable, Sendable {
    case lang, languageName, url, isCurrent, isTranslation
  }

  /// `date` as pages in `language` show it: in the language's `dateFormat`, whether or not the
  /// site has `languages:` (``SiteConfiguration/dateFormat(for:)``; a page whose `lang` is not
  /// one of the site's languages gets that language's built-in format).
  func dateText(_ date: String, in language: String) -> String {
    guard let format = languageFormats[language]?.dates else {
      return configuration.dateFormat(for: language).format(date)
    }
    return format.format(date)
  }

  /// `page.translations` (every version of the job's page or list, itself included, in the
  /// site's language order: `lang`, `languageName`, `title`, `url`, `permalink`, `isCurrent`),
  /// `page.hasTranslations`, `page.xDefault` (the default language's version) and
  /// `page.languageLinks` (one link per language of the site for the switcher: the page's
  /// translation, else that language's home page). `url` and `permalink` are the job's own,
  /// already made for `page.url` and `page.permalink`: its own entry takes them as they are.
  func addTranslations(
    of job: SiteStructure.Job, language: String, url: TemplateValue, permalink: TemplateValue,
    to page: inout [String: TemplateValue]
  ) {
    let translations = site.translations(of: job)
    // Each translation's URL and place in the switcher, made once for both lists: the place
    // gives its code and name as ready values (by comparing a few short codes, not hashing).
    var urls: [TemplateValue] = []
    var positions: [Int?] = []
    urls.reserveCapacity(translations.count)
    positions.reserveCapacity(translations.count)
    for translation in translations {
      urls.append(translation.url == job.url ? url : href(translation.url))
      positions.append(switcher.firstIndex { $0.code == translation.language })
    }
    var xDefault = TemplateValue.null
    page["translations"] = .array(
      translations.indices.map { index in
        let translation = translations[index]
        let link = translation.url == job.url ? permalink : .string(absoluteURL(translation.url))
        // The default language's version; a group has one version per language.
        if translation.language == configuration.language { xDefault = link }
        let position = positions[index]
        return shapes.translation.object { key in
          switch key {
          case .lang: position.map { switcher[$0].lang } ?? .string(translation.language)
          case .languageName: position.map { switcher[$0].name } ?? .string(translation.language)
          case .title: .string(translation.title)
          case .url: urls[index]
          case .permalink: link
          case .isCurrent: .bool(translation.language == language)
          }
        }
      })
    page["hasTranslations"] = .bool(translations.count > 1)
    page["xDefault"] = xDefault
    // By position, each member read in place: a copy of an entry would retain all of them.
    page["languageLinks"] = .array(
      switcher.indices.map { position in
        let code = switcher[position].code
        let index = positions.firstIndex { $0 == position }
        if index == nil, code != language { return switcher[position].home }
        return shapes.languageLink.object { key in
          switch key {
          case .lang: switcher[position].lang
          case .languageName: switcher[position].name
          case .url: index.map { urls[$0] } ?? switcher[position].homeURL
          case .isCurrent: .bool(code == language)
          case .isTranslation: .bool(index != nil)
          }
        }
      })
  }

  /// A site URL as an absolute one, under the base URL.
  func absoluteURL(_ url: String) -> String {
    // Made by byte in one allocation: asked for every page (its permalink) and, on a
    // multilingual site, for each of its translations, where `baseURL + url[start...]` (a
    // copy of the base URL grown to take a substring) showed.
    var base = baseURL
    var path = url
    return base.withUTF8 { base in
      path.withUTF8 { path in
        let start = path.firstIndex { $0 != UInt8(ascii: "/") } ?? path.endIndex
        let rest = UnsafeBufferPointer(rebasing: path[start...])
        return String(unsafeUninitializedCapacity: base.count + rest.count) { buffer in
          _ = buffer.initialize(fromContentsOf: base)
          _ = buffer[base.count...].initialize(fromContentsOf: rest)
          return base.count + rest.count
        }
      }
    }
  }
}

import Foundation
import HTMLRendering
import Mustache
import SiteComponents
import SiteContent
import Synchronization
import YAML

/// The data every layout receives (documented in docs/CONTRACTS.md).
package struct TemplateContext: Sendable {
  let configuration: SiteConfiguration
  let site: SiteStructure
  var root: URL
  /// Each page's list entry, made once however many lists (home, section, terms) show it.
  private let listItems = ListItemCache()
  /// The `site` object without its menu, and the `labels` object in the site's language: the
  /// same for every job, so made once.
  private var siteMembers: TemplateRecord
  private var siteLabels: TemplateValue
  /// On a multilingual site, the `site` members and `labels` of each language, by code.
  private(set) var languageMembers: [String: (site: TemplateRecord, labels: TemplateValue)]
  /// The `plural` object and `inflect` lambda in the site's language, and in each language of
  /// the site's languages and pages' `lang`s, by code: each opens ICU's rules, so not per page.
  private var siteWords: CountedWords
  private var languageWords: [String: CountedWords]
  /// Each language's section folder and date format, by code (the site's language alone on a
  /// one-language site): looked
  /// up for every date and tag of every page, so kept apart from the settings' larger values.
  private(set) var languageFormats: [String: (folder: String, dates: DateFormat)]
  /// On a multilingual site, each language's own menu (nil: the site's), by code.
  let languageMenus: [String: [SiteConfiguration.MenuItem]?]
  /// On a multilingual site, what the switcher needs of each language, in the site's order
  /// (its entry on pages that have no version in it, a link to its home page, among them): the
  /// same on every page, so made once.
  private(set) var switcher: [SwitcherEntry]
  /// The site's base URL, this thread's own: every permalink (and, on a multilingual site,
  /// every translation's) starts with it, and a string longer than 15 bytes is shared storage.
  private(set) var baseURL: String
  /// The shapes of the objects every page gets several of, this thread's own.
  private(set) var shapes = TemplateObjectShapes()
  /// The `assets` object, the same for every page without a diagram.
  private var assets: TemplateValue
  /// The `assets` object of pages with a Mermaid diagram: with the site's `mermaid.min.js` and
  /// the theme's `folio-mermaid.js` that runs it, when the site provides the first.
  private var diagramAssets: TemplateValue
  /// `picture`: the lambda that writes a photo of the site as pages show theirs.
  var picture: TemplateValue = .null
  /// The members the layouts can read (``reading(_:)``); all of them unless told.
  private(set) var reads = LayoutReads.everything

  /// The data of `site` for its layouts; `root` is the project folder. `drawsDiagrams`: the site
  /// provides `Templates/assets/mermaid.min.js`.
  package init(
    configuration: SiteConfiguration, site: SiteStructure, root: URL = URL(fileURLWithPath: "/"),
    drawsDiagrams: Bool = false
  ) {
    self.configuration = configuration
    self.site = site
    self.root = root
    baseURL = configuration.baseURL
    var members = TemplateContext.siteMembers(configuration)
    if configuration.search != nil { members["search"] = TemplateContext.search(configuration, site) }
    siteMembers = TemplateContext.record(members)
    siteLabels = TemplateContext.labels(in: configuration.language, configuration)
    languageMembers = TemplateContext.languageMembers(configuration, members).mapValues {
      (TemplateContext.record($0.site), $0.labels)
    }
    siteWords = CountedWords(language: configuration.language, configuration)
    var words: [String: CountedWords] = [:]
    // A one-language site's pages may each have a `lang` of their own (a Japanese blog's English
    // posts).
    let codes = Set(configuration.languages.all.map(\.code) + site.pages.compactMap(\.language))
    for code in codes where code != configuration.language {
      words[code] = CountedWords(language: code, configuration)
    }
    languageWords = words
    var formats: [String: (folder: String, dates: DateFormat)] = [:]
    for language in configuration.languages.all {
      formats[language.code] = (language.folder, language.dateFormat)
    }
    if !configuration.languages.isMultilingual {
      formats[configuration.language] = ("", configuration.dateFormat(for: configuration.language))
    }
    languageFormats = formats
    switcher = TemplateContext.switcherEntries(configuration, shape: shapes.languageLink)
    var menus: [String: [SiteConfiguration.MenuItem]?] = [:]
    for language in configuration.languages.all { menus[language.code] = .some(language.menu) }
    languageMenus = menus
    // Every build writes folio-lists.css (list spacing rules), so every page links it, and the
    // features' stylesheets (folio-highlight.css, token colours, unless highlighting is off).
    var stylesheets: [TemplateValue] = [.string(configuration.href("/assets/folio-lists.css"))]
    for feature in SiteFeatures.all {
      stylesheets += feature.stylesheets(configuration).map { .string(configuration.href($0)) }
    }
    assets = .object(["stylesheets": .array(stylesheets), "scripts": .array([])])
    // Two files of their own (the CSP allows no inline script), in this order under `defer`.
    let diagramScripts: [TemplateValue] =
      drawsDiagrams
      ? [
        .string(configuration.href("/assets/mermaid.min.js")),
        .string(configuration.href("/assets/folio-mermaid.js")),
      ]
      : []
    diagramAssets = .object(["stylesheets": .array(stylesheets), "scripts": .array(diagramScripts)])
  }

  /// The context for layouts that can read only `names`: members no tag names are left out of
  /// every page's data (``LayoutReads``).
  package func reading(_ names: TemplateNames) -> TemplateContext {
    var context = self
    context.reads = LayoutReads(names)
    return context
  }

  /// A copy whose values made once for every page (the `site` members, labels, assets and the
  /// switcher's entries) share no storage with this one's, for one of the threads that render
  /// pages at once: each page's render retains and releases them, and counts shared between
  /// cores make each of those updates slow (``TemplateValue/unsharedCopy()``).
  package func unsharedCopy() -> TemplateContext {
    var copy = self
    copy.siteMembers = siteMembers.unsharedCopy()
    copy.siteLabels = siteLabels.unsharedCopy()
    copy.languageMembers = languageMembers.mapValues { members in
      (members.site.unsharedCopy(), members.labels.unsharedCopy())
    }
    copy.siteWords = siteWords.unsharedCopy()
    copy.languageWords = languageWords.mapValues { $0.unsharedCopy() }
    copy.switcher = switcher.map { entry in
      SwitcherEntry(
        code: entry.code, lang: entry.lang.unsharedCopy(), name: entry.name.unsharedCopy(),
        home: entry.home.unsharedCopy(), homeURL: entry.homeURL.unsharedCopy())
    }
    copy.languageFormats = languageFormats.mapValues { ($0.folder, $0.dates.unsharedCopy()) }
    copy.baseURL = Unshared.copy(baseURL)
    copy.shapes = TemplateObjectShapes()
    copy.assets = assets.unsharedCopy()
    copy.diagramAssets = diagramAssets.unsharedCopy()
    return copy
  }

  /// A site path as pages link it: with the site's base path (``SiteConfiguration/href(_:)``).
  func href(_ sitePath: String) -> TemplateValue {
    .string(configuration.href(sitePath))
  }

  /// What `job`'s layout receives, with the page's rendered content.
  package func value(for job: SiteStructure.Job, rendered: RenderedPage?) -> TemplateValue {
    // Make the page's list entry now, while pages are laid out on every core; list pages run
    // last and would otherwise make them all at the end (the home page alone lists every page).
    let item: TemplateValue? =
      if reads.listPages, job.kind == .page, let source = job.page { listItem(source) } else { nil }
    let language = job.page?.language ?? job.language ?? configuration.language
    // Sized for every member a page gets: growing a dictionary rehashes it.
    // (28 on a one-language site, 32 on a multilingual one).
    var page = [String: TemplateValue](minimumCapacity: 32)
    page["title"] = .string(job.title)
    // The home page, whatever its layout: a documentation site's home is a docs page, and its
    // <title> is the site's, not "Django REST framework – Django REST framework".
    page["isHome"] = .bool(job.page?.kind == .home)
    let (url, permalink) = (href(job.url), TemplateValue.string(absolute(job.url)))
    page["url"] = url
    page["permalink"] = permalink
    page["lang"] = .string(language)
    if let source = job.page {
      // A page's date and tags as its list entry has them, in the same language: made once.
      if let item, (source.language ?? configuration.language) == language {
        for key in ["date", "dateText", "dateISO", "tags"] { page[key] = item[key] }
      } else {
        if reads.date { page["date"] = source.date.map { .string(String($0.prefix(10))) } ?? .null }
        if reads.dateText {
          page["dateText"] = source.date.map { .string(dateText($0, in: language)) } ?? .null
        }
        if reads.dateISO { page["dateISO"] = source.date.map { .string(FeedWriter.rfc3339($0)) } ?? .null }
        if reads.tags { page["tags"] = .array(tags(of: source)) }
      }
      if reads.updated {
        page["updatedText"] = source.updated.map { .string(dateText($0, in: language)) } ?? .null
        page["updated"] = source.updated.map { .string(String($0.prefix(10))) } ?? .null
        page["updatedISO"] = source.updated.map { .string(FeedWriter.rfc3339($0)) } ?? .null
      }
      page["editURL"] = source.editURL.map { .string($0) } ?? .null
      page["draft"] = .bool(source.isDraft)
      page["description"] = source.description.map { .string($0) } ?? .null
      if reads.params {
        var params: [String: TemplateValue] = [:]
        for (key, value) in source.params { params[key] = TemplateContext.convert(value) }
        page["params"] = .object(params)
      }
      if reads.neighbours, let neighbours = site.neighbours[source.url] {
        page["previous"] = neighbours.previous.map { link($0) } ?? .null
        page["next"] = neighbours.next.map { link($0) } ?? .null
      }
      if reads.section, let section = site.sections[source.folder], source.kind == .page {
        page["section"] = link(section)
      }
      page["isGeneratedSection"] = .bool(source.isGeneratedSection)
    }
    if reads.section, job.kind == .term, let taxonomy = job.taxonomy {
      page["section"] = .object([
        "title": .string(
          SiteStructure.taxonomyTitle(
            taxonomy, in: configuration.languages.isMultilingual ? language : nil, configuration)),
        "url": href(configuration.language(language)?.url("/\(taxonomy)/") ?? "/\(taxonomy)/"),
      ])
    }
    if configuration.languages.isMultilingual {
      addTranslations(of: job, language: language, url: url, permalink: permalink, to: &page)
    }
    if job.kind == .book {
      page["book"] = bookValue(of: job)
      page["isDocs"] = .bool(false)
    } else if reads.docs {
      addDocs(of: job, language: language, to: &page)
      page["book"] = site.books.isEmpty ? .null : bookLinks(ofPageAt: job.url)
    } else {
      page["book"] = site.books.isEmpty ? .null : bookLinks(ofPageAt: job.url)
    }
    if reads.meta { page["meta"] = metadata(for: job, rendered: rendered, language: language) }
    if let rendered {
      page["content"] = .safeHTML(rendered.content)
      page["summary"] = .safeHTML(rendered.summary)
      page["hasMore"] = .bool(rendered.hasMore)
      let title = reads.titleHeading || reads.toc ? TemplateContext.titleHeading(of: rendered) : nil
      if reads.titleHeading {
        page["titleHeading"] = title.map { .safeHTML(String($0.heading)) } ?? .null
        page["body"] = .safeHTML(title?.rest ?? rendered.content)
        // A `# Title` further down that says the page's title (after an opening quote, as in
        // Django REST framework's pages): the page's one <h1> is that heading, where the writer
        // put it, and the theme writes none (MkDocs Material adds an <h1> only to content
        // without one).
        page["hasTitleHeadingBelow"] = .bool(
          title == nil && rendered.toc.first { $0.level == 1 }?.title == job.title)
      }
      if reads.toc {
        // The title heading is the page's `<h1>`, not an entry of its contents.
        let headings = rendered.toc.dropFirst(title?.isFirstHeading == true ? 1 : 0).filter {
          $0.level >= 2 && $0.level <= 4
        }
        page["toc"] = .array(TemplateContext.nest(headings))
        // Worth a table of contents from two headings on, at any level.
        page["hasToc"] = .bool(headings.count > 1)
      }
    }
    let site = siteValue(current: job.url, language: language)
    let labels =
      languageMembers[language]?.labels
      ?? (language == configuration.language
        ? siteLabels : TemplateContext.labels(in: language, configuration))
    // A language no page had when the context was made (an edited page's new `lang`) gets its own.
    let words =
      language == configuration.language
      ? siteWords : languageWords[language] ?? CountedWords(language: language, configuration)
    let assets = rendered?.hasDiagrams == true ? diagramAssets : assets
    var list: [String: TemplateValue] = ["count": .int(job.listedCount)]
    if reads.listPages { list["pages"] = .array(job.listed.map { listItem($0) }) }
    if reads.terms {
      list["terms"] = .array(
        job.terms.map {
          .object(["name": .string($0.name), "url": href($0.url), "count": .int($0.count)])
        })
    }
    if reads.pagination, job.pageCount > 1 {
      list["pagination"] = .object([
        "current": .int(job.pageNumber), "total": .int(job.pageCount),
        "previousURL": job.pageNumber > 1 ? href(job.pagerURLs[job.pageNumber - 2]) : .null,
        "nextURL": job.pageNumber < job.pageCount ? href(job.pagerURLs[job.pageNumber]) : .null,
        "pages": .array(
          job.pagerURLs.enumerated().map { index, url in
            .object([
              "number": .int(index + 1), "url": href(url), "isCurrent": .bool(index + 1 == job.pageNumber),
            ])
          }),
      ])
    }
    // Records: their names hashed once, where the page object's 28 would be hashed again by
    // every tag that looks in it.
    let pageValue = TemplateValue.record(TemplateRecord(page.map { ($0.key, $0.value) }))
    let listValue = TemplateValue.object(list)
    return shapes.root.object { key in
      switch key {
      case .site: site
      case .page: pageValue
      case .labels: labels
      case .assets: assets
      case .list: listValue
      case .plural: words.plural
      case .inflect: words.inflect
      case .picture: picture
      }
    }
  }

  private func absolute(_ url: String) -> String { absoluteURL(url) }

  private func siteValue(current: String, language: String) -> TemplateValue {
    // As `configuration.language(language)?.menu` (an unknown code is the default language),
    // without copying the language's settings for every page.
    let own = languageMenus[language] ?? configuration.languages.defaultLanguage.map { $0.menu }
    let menu = (own ?? nil) ?? configuration.menu
    let siteMembers = languageMembers[language]?.site ?? self.siteMembers
    guard reads.menu, !menu.isEmpty else { return .record(siteMembers) }
    let items = menu.map { item in
      shapes.menuItem.object { key in
        switch key {
        case .title: .string(item.title)
        case .url: href(item.url)
        case .isCurrent: .bool(current == item.url || (item.url != "/" && current.hasPrefix(item.url)))
        }
      }
    }
    return .record(siteMembers.setting("menu", to: .array(items)))
  }

  /// The `site` object with an empty menu (``siteValue(current:)`` fills it in per page).
  private static func siteMembers(_ configuration: SiteConfiguration) -> [String: TemplateValue] {
    var feeds: [String: TemplateValue] = [:]
    if configuration.atomFeed { feeds["atom"] = .string(configuration.href("/atom.xml")) }
    if configuration.rssFeed { feeds["rss"] = .string(configuration.href("/rss.xml")) }
    // Empty settings are left out, not sent as "", so `{{#site.author}}` sections simply skip.
    return [
      "title": .string(configuration.title),
      "description": configuration.description.isEmpty ? .null : .string(configuration.description),
      "baseURL": .string(configuration.baseURL), "language": .string(configuration.language),
      // The base path, for theme URLs: `{{site.root}}assets/folio.css`; `{{#url}}/x/{{/url}}`
      // does the same for any site path.
      "root": .string(configuration.basePath),
      // The home page of the page's language: the root on a one-language site.
      "home": .string(configuration.basePath),
      "url": .lambda(TemplateContext.urlLambda(basePath: configuration.basePath)),
      "author": configuration.author.isEmpty ? .null : .string(configuration.author),
      "copyright": configuration.copyright.isEmpty ? .null : .string(configuration.copyright),
      "generator": .string("Folio"),
      "feeds": .object(feeds),
      "menu": .array([]),
    ]
  }

  /// The `labels` object for pages in `language`.
  static func labels(in language: String, _ configuration: SiteConfiguration) -> TemplateValue {
    var labels = configuration.labels(in: language).mapValues { TemplateValue.string($0) }
    labels["readMoreInline"] = nil
    labels.merge(pluralForms(in: language, configuration)) { $1 }
    return .record(record(labels))
  }

  /// The members of an object every page reads, as a record (names in byte order, so that it is
  /// the same on every run): hashed once, not again by every tag that looks in it.
  static func record(_ members: [String: TemplateValue]) -> TemplateRecord {
    TemplateRecord(members.sorted { ByteOrder.precedes($0.key, $1.key) }.map { ($0.key, $0.value) })
  }

  private func link(_ page: Page) -> TemplateValue {
    shapes.link.object { key in
      switch key {
      case .title: .string(page.title)
      case .url: href(page.url)
      }
    }
  }

  private func tags(of page: Page) -> [TemplateValue] {
    let languageFolder = page.language.flatMap { languageFormats[$0]?.folder } ?? ""
    return configuration.taxonomies.flatMap { taxonomy in
      (page.terms[taxonomy] ?? []).map { term in
        let url = href(
          site.termURLs[SiteStructure.termKey(taxonomy, term, languageFolder: languageFolder)] ?? "/")
        return shapes.tag.object { key in
          switch key {
          case .name: .string(term)
          case .url: url
          }
        }
      }
    }
  }

  private func listItem(_ page: Page) -> TemplateValue {
    if let cached = listItems.get(page) { return cached }
    let (summary, hasMore) = site.summary(of: page, configuration: configuration, root: root)
    let item = shapes.listItem.object { key in
      switch key {
      case .title: .string(page.title)
      case .url: href(page.url)
      case .summary: .safeHTML(summary)
      case .hasMore: .bool(hasMore)
      case .date: page.date.map { .string(String($0.prefix(10))) } ?? .null
      case .dateText:
        page.date.map { .string(dateText($0, in: page.language ?? configuration.language)) } ?? .null
      case .dateISO: page.date.map { .string(FeedWriter.rfc3339($0)) } ?? .null
      case .tags: .array(tags(of: page))
      }
    }
    listItems.set(page, item)
    return item
  }

  /// `{{#site.url}}/assets/x.css{{/site.url}}`: the section's text, rendered, as a site path with
  /// the base path before it. The text comes out of variables escaped; the base path is escaped
  /// here, since a section lambda's text is inserted as it is.
  static func urlLambda(basePath: String) -> TemplateLambda {
    var writer = HTMLWriter()
    writer.text(basePath)
    let base = writer.string
    return .returningText { context in
      let path = try context.render(context.text).trimmingCharacters(in: .whitespacesAndNewlines)
      guard path.hasPrefix("/"), !path.hasPrefix("//") else { return path }
      return base + path.dropFirst()
    }
  }

  static func nest(_ entries: [HeadingAnchors.Entry]) -> [TemplateValue] {
    // Iterative nesting: a stack of (level, children) built bottom-up.
    var stack: [(level: Int, entry: HeadingAnchors.Entry?, children: [TemplateValue])] = [(0, nil, [])]
    func close() {
      let done = stack.removeLast()
      guard let entry = done.entry else { return }
      stack[stack.count - 1].children.append(
        .object([
          "title": .string(entry.title), "id": .string(entry.id), "level": .int(entry.level),
          "children": .array(done.children), "hasChildren": .bool(!done.children.isEmpty),
        ]))
    }
    for entry in entries {
      while stack.count > 1, stack[stack.count - 1].level >= entry.level { close() }
      stack.append((entry.level, entry, []))
    }
    while stack.count > 1 { close() }
    return stack[0].children
  }

  static func convert(_ value: YAMLValue) -> TemplateValue {
    switch value.kind {
    case .null: return .null
    case .bool(let bool): return .bool(bool)
    case .int(let int): return .int(int)
    case .double(let double): return .double(double)
    case .string(let string): return .string(string)
    case .sequence(let items): return .array(items.map(convert))
    case .mapping:
      return .object(
        Dictionary(value.stringEntries.map { ($0.key, convert($0.value)) }, uniquingKeysWith: { $1 }))
    }
  }
}

/// List entries by page, shared by render jobs on many threads.
private final class ListItemCache: Sendable {
  /// Entries spread over 64 locks by the page's address: with one lock, every page's render
  /// waited for it, and its dictionary's cache lines moved from core to core with each entry.
  private let shards: [Shard] = (0..<64).map { _ in Shard() }

  private final class Shard: Sendable {
    // Keyed by identity: one build's pages are distinct objects that live as long as the cache.
    let storage = Mutex<[ObjectIdentifier: TemplateValue]>([:])
  }

  private func shard(_ page: Page) -> Shard {
    // Objects are 16-byte aligned: the bits above those pick the shard.
    shards[Int((UInt(bitPattern: ObjectIdentifier(page)) >> 4) & 63)]
  }

  func get(_ page: Page) -> TemplateValue? { shard(page).storage.withLock { $0[ObjectIdentifier(page)] } }
  func set(_ page: Page, _ item: TemplateValue) {
    shard(page).storage.withLock { $0[ObjectIdentifier(page)] = item }
  }
}

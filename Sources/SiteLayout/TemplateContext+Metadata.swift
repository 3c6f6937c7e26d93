import Mustache
import SiteComponents
import SiteContent
import YAML

/// `page.meta`: what a page tells search engines and link previews (the `<meta>` tags,
/// OpenGraph, Twitter cards, the canonical link and schema.org JSON-LD of the default theme's
/// `partials/head.mustache`).
extension TemplateContext {
  /// `page.meta` for `job` in `language`: `description`, `canonical`, `type`, `locale`,
  /// `localeAlternates`, `image` (`url`, `width`, `height`), `twitterCard` and `jsonLD`.
  ///
  /// Absolute URLs (`canonical`, `image.url` of a file of the site, the JSON-LD's) are made
  /// only when the site has a base URL (``SiteConfiguration/hasBaseURL``): without one they
  /// would name `http://localhost/`, which a search engine or a shared link takes at its word.
  func metadata(for job: SiteStructure.Job, rendered: RenderedPage?, language: String) -> TemplateValue {
    let source = job.page
    let isPage = job.kind == .page && source?.kind == .page
    let siteDescription = configuration.language(language)?.description ?? configuration.description
    var description = source?.description
    if description == nil, isPage, let text = rendered?.summaryText, !text.isEmpty { description = text }
    if description == nil, !siteDescription.isEmpty { description = siteDescription }
    let hasBaseURL = configuration.hasBaseURL
    let canonical: String? = hasBaseURL && job.kind != .notFound ? absoluteURL(job.url) : nil
    var image: (url: String, width: Int?, height: Int?)? = nil
    if isPage, let found = rendered?.firstImage {
      let isSitePath = found.url.utf8.first == UInt8(ascii: "/")
      if !isSitePath || hasBaseURL {
        image = (isSitePath ? absoluteURL(found.url) : found.url, found.width, found.height)
      }
    }
    let isArticle = isPage && source?.date != nil
    var members: [String: TemplateValue] = [
      "description": description.map { .string($0) } ?? .null,
      "canonical": canonical.map { .string($0) } ?? .null,
      "type": .string(isArticle ? "article" : "website"),
      "locale": .string(TemplateContext.openGraphLocale(language)),
      "twitterCard": .string(image == nil ? "summary" : "summary_large_image"),
    ]
    if configuration.languages.isMultilingual {
      let others = site.translations(of: job).filter { $0.language != language }
      members["localeAlternates"] = .array(
        others.map { .string(TemplateContext.openGraphLocale($0.language)) })
    } else {
      members["localeAlternates"] = .array([])
    }
    members["image"] =
      image.map { image in
        .object([
          "url": .string(image.url), "width": image.width.map { .int($0) } ?? .null,
          "height": image.height.map { .int($0) } ?? .null,
        ])
      } ?? .null
    var graph: [LinkedData] = []
    if isPage, let source, source.date != nil || !sectionFolder(of: source, language: language).isEmpty {
      graph.append(
        article(
          source, title: job.title, description: description, image: image?.url, canonical: canonical,
          language: language))
    }
    if hasBaseURL, job.kind == .page || job.kind == .list, let source {
      let crumbs = breadcrumbs(of: source, title: job.title, url: job.url, language: language)
      if crumbs.count > 1 { graph.append(breadcrumbList(crumbs)) }
    }
    members["jsonLD"] =
      graph.isEmpty
      ? .null
      : .safeHTML(
        LinkedData.object([("@context", .string("https://schema.org")), ("@graph", .array(graph))]).text)
    return .object(members)
  }

  /// OpenGraph's `language_TERRITORY` form of a BCP 47 tag: `en-US` → `en_US`; a tag without a
  /// region stays the language (`ja`), since which territory is meant is not Folio's to guess.
  static func openGraphLocale(_ tag: String) -> String {
    let parts = tag.split(separator: "-")
    guard parts.count > 1, let region = parts.last(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) })
    else {
      return parts.first.map(String.init) ?? tag
    }
    return "\(parts[0].lowercased())_\(region.uppercased())"
  }

  /// The page's folder below its language's (`docs/guides` for `ja/docs/guides`).
  private func sectionFolder(of page: Page, language: String) -> Substring {
    let languageFolder = languageFormats[language]?.folder ?? ""
    guard !languageFolder.isEmpty else { return page.folder[...] }
    return page.folder.hasPrefix(languageFolder)
      ? page.folder.dropFirst(languageFolder.count).drop { $0 == "/" } : page.folder[...]
  }

  /// schema.org's `Article` for a post or documentation page.
  private func article(
    _ page: Page, title: String, description: String?, image: String?, canonical: String?, language: String
  ) -> LinkedData {
    var members: [(String, LinkedData)] = [("@type", .string("Article")), ("headline", .string(title))]
    if let date = page.date { members.append(("datePublished", .string(FeedWriter.rfc3339(date)))) }
    if let modified = page.updated ?? page.date {
      members.append(("dateModified", .string(FeedWriter.rfc3339(modified))))
    }
    if let description { members.append(("description", .string(description))) }
    if let image { members.append(("image", .array([.string(image)]))) }
    members.append(("inLanguage", .string(language)))
    let authors = TemplateContext.authors(of: page)
    if !authors.isEmpty {
      members.append(
        ("author", .array(authors.map { .object([("@type", .string("Person")), ("name", .string($0))]) })))
    }
    if let canonical {
      members.append(("url", .string(canonical)))
      members.append(("mainEntityOfPage", .string(canonical)))
    }
    return .object(members)
  }

  /// The names the front matter's `author` gives: a name, a list of names, or a mapping with a
  /// `name` (jekyll-seo-tag's form), or the same under `authors`.
  static func authors(of page: Page) -> [String] {
    for (key, value) in page.params where key == "author" || key == "authors" {
      if let name = value.string ?? value["name"]?.string { return name.isEmpty ? [] : [name] }
      if let items = value.array {
        return items.compactMap { $0.string ?? $0["name"]?.string }.filter { !$0.isEmpty }
      }
    }
    return []
  }

  /// The page's ancestors from its language's home page, then the page: each section whose
  /// folder holds it (title, site URL). The JSON-LD's `BreadcrumbList` and the docs layout's
  /// `page.breadcrumbs` both show these.
  func breadcrumbs(of page: Page, title: String, url: String, language: String) -> [(String, String)] {
    let languageFolder = languageFormats[language]?.folder ?? ""
    let home = site.sections[languageFolder]
    var crumbs: [(String, String)] = [
      (
        home?.title ?? configuration.language(language)?.title ?? configuration.title,
        home?.url ?? (configuration.language(language)?.url("/") ?? "/")
      )
    ]
    let below = sectionFolder(of: page, language: language)
    var folder = languageFolder
    for part in below.split(separator: "/") {
      folder += (folder.isEmpty ? "" : "/") + part
      // A section's own list page is the last crumb, not an ancestor of itself.
      if folder == page.folder, page.kind != .page { break }
      if let section = site.sections[folder] { crumbs.append((section.title, section.url)) }
    }
    if crumbs.last?.1 != url { crumbs.append((title, url)) }
    return crumbs
  }

  /// schema.org's `BreadcrumbList` of `crumbs` (absolute URLs).
  private func breadcrumbList(_ crumbs: [(String, String)]) -> LinkedData {
    .object([
      ("@type", .string("BreadcrumbList")),
      (
        "itemListElement",
        .array(
          crumbs.enumerated().map { index, crumb in
            .object([
              ("@type", .string("ListItem")), ("position", .int(index + 1)), ("name", .string(crumb.0)),
              ("item", .string(absoluteURL(crumb.1))),
            ])
          })
      ),
    ])
  }
}

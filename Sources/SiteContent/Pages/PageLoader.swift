import Diagnostics
import Dispatch
import Foundation
import MarkdownParsing
import RichText
import Synchronization
import YAML

/// Turns one Markdown file into a ``Page``: front matter, URL, parsed text.
package struct PageLoader {
  let configuration: SiteConfiguration
  /// The Markdown options of every page but its line offset, made once for all of them.
  let markdownOptions: MarkdownOptions
  /// Seconds since 1970 when the build started: a page whose `expiryDate` is before it is left
  /// out as a draft is (Hugo leaves expired pages out of its builds).
  package var now = Date().timeIntervalSince1970
  /// The date of the last commit that changed each file (RFC 3339), by path relative to
  /// `Content/`: a page whose front matter gives no `lastmod` is dated by it (`lastUpdated: git`).
  package var lastCommitDates: [String: String] = [:]
  /// The link to edit a page's file, by its path relative to `Content/` (`repository:`).
  package var editURL: (@Sendable (String) -> String?)? = nil
  /// The section pages of Zenn books (``ZennBook``), by path relative to `Content/`
  /// (`books/x/_index.md`, which is read from `books/x/config.yaml`), each with its cover's
  /// file name beside it (nil: none).
  package var zennBooks: [String: String?] = [:]

  /// The number and name of a Zenn book's numbered chapter at `relativePath` (`books/x/2.setup.md`
  /// of a book without `chapters:`); nil for any other page.
  func zennChapter(_ relativePath: String) -> (number: Int, name: String)? {
    guard !zennBooks.isEmpty, let slash = relativePath.lastIndex(of: "/") else { return nil }
    let folder = relativePath[..<slash]
    guard zennBooks[folder + "/_index.md"] != nil else { return nil }
    return ZennBook.numberedChapter(relativePath[relativePath.index(after: slash)...])
  }

  /// A loader for the site that `configuration` describes.
  package init(configuration: SiteConfiguration) {
    self.configuration = configuration
    markdownOptions = MarkdownOptions(
      extensions: Set(MarkdownExtension.allCases).subtracting(
        configuration.allowsUnsafeHTML ? [] : [.tagfilter]),
      smartPunctuation: configuration.smartPunctuation,
      validatesUTF8: true,
      extendedAttributes: true,
      lineOffset: 0, syntax: configuration.writerSyntax)
  }

  /// Loads the Markdown file at `relativePath` (below `Content/`) from its bytes: front matter,
  /// URL and parsed text.
  package func load(bytes: [UInt8], relativePath: String) throws -> Page {
    var (page, frontMatter, address) = try fields(bytes: bytes, relativePath: relativePath)
    var options = markdownOptions
    options.lineOffset = frontMatter.bodyLineOffset
    var tooDeepContainer: TooDeepContainer? = nil
    var body = frontMatter.body
    if configuration.hugoShortcodes || configuration.liquidTags {
      let expanded = expandShortcodes(in: Array(body), of: page, lineOffset: frontMatter.bodyLineOffset)
      page.shortcodeOutputs = expanded.outputs
      page.loadWarnings += expanded.warnings
      body = ArraySlice(expanded.markdown)
    }
    page.text = MarkdownParser(options: options).parse(body, tooDeepContainer: &tooDeepContainer)
    if let tooDeepContainer {
      throw DiagnosticError(tooDeepContainer.diagnostic(.error, in: page.sourcePath))
    }
    if page.title.isEmpty {
      page.title = fallbackTitle(
        firstHeading: HeadingAnchors.pageTitle(from: HeadingAnchors(page.text).entries), address, relativePath
      )
    }
    return Page(page)
  }

  /// Loads the file's front matter and URL only, for a page whose content was rendered before
  /// (the build cache holds it): the page holds no text, as a rendered page does once it lets
  /// its text go (``Page/releasingText()``). `firstHeading` is the title its headings give
  /// (``HeadingAnchors/pageTitle(from:)``), which a page without a `title` is called by.
  package func loadWithoutText(bytes: [UInt8], relativePath: String, firstHeading: String?) throws -> Page {
    var (page, _, address) = try fields(bytes: bytes, relativePath: relativePath)
    if page.title.isEmpty { page.title = fallbackTitle(firstHeading: firstHeading, address, relativePath) }
    page.hasReleasedText = true
    return Page(page)
  }

  /// The section page of a Zenn book (``ZennBook``), from its `config.yaml`'s bytes; `cover`
  /// names Zenn's cover image beside it, if there is one.
  package func loadZennBook(config bytes: [UInt8], relativePath: String, cover: String?) throws -> Page {
    let configPath = "Content/" + ZennBook.configPath(ofIndex: relativePath)
    let value = try ZennBook.frontMatter(bytes, path: configPath, cover: cover)
    let (page, _, _) = try fields(
      FrontMatter(value: value, body: [], bodyLineOffset: 0), relativePath: relativePath)
    return Page(page)
  }

  /// The page's fields from its front matter and path, its text not yet parsed.
  private func fields(bytes: [UInt8], relativePath: String) throws -> (PageFields, FrontMatter, PageAddress) {
    try fields(FrontMatter.split(bytes, path: "Content/" + relativePath), relativePath: relativePath)
  }

  /// The page's fields from its split front matter and path.
  private func fields(_ frontMatter: FrontMatter, relativePath: String) throws -> (
    PageFields, FrontMatter, PageAddress
  ) {
    let sourcePath = "Content/" + relativePath
    let meta = frontMatter.value
    guard meta.mapping != nil else { throw meta.mismatch("a mapping of fields", "front matter") }
    var address = PageAddress(ofMarkdownFile: relativePath)
    var page = PageFields(
      sourcePath: sourcePath, kind: address.kind, folder: address.folder, url: "/", title: "", date: nil,
      updated: nil, isDraft: false, terms: [:], summaryOverride: nil, layout: nil, language: nil, weight: 0,
      aliases: [], params: [], text: AttributedText())
    var slug = try read(meta, into: &page)
    // A Zenn book's numbered chapter (`books/x/2.setup.md`) is published at its name, in its
    // number's place.
    if let (number, name) = zennChapter(relativePath) {
      if slug == nil { slug = name }
      if page.weight == 0 { page.weight = number + 1 }
    }
    // Front matter wins over Git: a date written by hand says what the author means.
    if page.updated == nil { page.updated = lastCommitDates[relativePath] }
    page.editURL = editURL?(relativePath)
    // Jekyll's posts: `_posts/2024-01-05-title.md` is dated by its name and published at
    // `title`; elsewhere a dated name dates an undated page but keeps its URL.
    if let (date, rest) = PageLoader.datedName(relativePath) {
      if page.date == nil { page.date = date }
      if slug == nil, relativePath.split(separator: "/").contains("_posts") {
        // Jekyll writes `?` and `#` in a post's name into its URL, escaped (`%3F`); a Folio URL
        // ends its path there, so they are left out, and the page says so.
        slug = rest.filter { $0 != "?" && $0 != "#" }
        if slug != rest {
          page.loadWarnings.append(
            .warning(
              "the post's URL leaves out the '?' or '#' of its file name, which Jekyll kept (escaped)",
              at: SourceLocation(path: sourcePath, line: 1, column: 1),
              hint:
                "rename the file, or add `aliases:` with the old URL to the front matter if links to it exist"
            ))
        }
      }
    }
    if configuration.languages.isMultilingual {
      address = try placeInLanguage(relativePath, address, &page)
    }
    page.url = try PageLoader.url(
      of: address, relativePath: relativePath, slug: slug, page, settings: configuration.pageURLs)
    if !configuration.languages.isMultilingual, let warning = oneLanguageSuffixWarning(relativePath, page) {
      page.loadWarnings.append(warning)
    }
    return (page, frontMatter, address)
  }

  /// The title of a page whose front matter gives none: its headings', else the site's
  /// for the home page, else the file's name.
  private func fallbackTitle(firstHeading: String?, _ address: PageAddress, _ relativePath: String) -> String
  {
    let stem = String((relativePath.split(separator: "/").last ?? "").dropLast(3))
    return firstHeading ?? (address.kind == .home ? configuration.title : address.name ?? stem)
  }

  /// Reads the front matter's fields into `page`; returns the `slug`, if it has one.
  private func read(_ meta: YAMLValue, into page: inout PageFields) throws -> String? {
    let sourcePath = page.sourcePath
    var slug: String? = nil
    var termFields: [String] = []
    var termCount = 0
    var publishDate: String? = nil
    for (key, value) in meta.stringEntries {
      switch key {
      case "title":
        page.title = try value.expectString(key, in: sourcePath)
        page.titleLocation = value.location
      case "date": page.date = try PageLoader.checkedDate(value, key)
      case "updated", "lastmod", "last_modified_at": page.updated = try PageLoader.checkedDate(value, key)
      // Hugo's and Jekyll's names, read and also kept in `params` for templates written for them.
      case "publishDate", "publishdate", "pubdate", "expiryDate", "expirydate", "unpublishdate":
        let date = try PageLoader.checkedDate(value, key)
        if key.hasPrefix("p") {
          publishDate = date
        } else if let expiry = PageLoader.instant(of: date), expiry <= now {
          page.isDraft = true
        }
        page.params.append((key, value))
      case "description":
        page.description = try value.expectString(key, in: sourcePath)
        page.params.append((key, value))
      // Hugo's own table of custom fields: its fields are page parameters, as Hugo's `.Params`.
      case "params" where value.mapping != nil:
        page.params += value.stringEntries
      case "url", "permalink":
        let url = try value.expectString(key, in: sourcePath)
        if url.contains("/:") || url.hasPrefix(":") {
          throw ContentProblem.placeholderInURL(key: key, url: url).error(at: value.location)
        }
        page.urlOverride = (PageLoader.siteURL(url), value.location)
        page.params.append((key, value))
      // `published: false` (Zenn, Jekyll) is a draft too; either field can make a page one.
      case "draft": page.isDraft = try value.expectBool(key) || page.isDraft
      case "published" where value.bool != nil: page.isDraft = page.isDraft || value.bool == false
      case "slug":
        let text = try value.expectString(key, in: sourcePath)
        try OutputPath.checkSegments(of: text, named: "slug", at: value.location)
        slug = text
        page.slugLocation = value.location
      case "summary":
        page.summaryOverride = try value.expectString(key, in: sourcePath)
        page.summaryLocation = value.location
      case "layout":
        let name = try value.expectString(key, in: sourcePath)
        page.layout = configuration.layoutNames[name] ?? name
        page.layoutLocation = value.location
      case "lang", "language":
        page.language = try value.expectString(key, in: sourcePath)
        page.languageLocation = page.languageLocation ?? value.location
      case "translationKey" where configuration.languages.isMultilingual:
        page.translationKey = try value.expectString(key, in: sourcePath)
        page.languageLocation = value.location
      case "weight": page.weight = try value.expectInt(key)
      case "aliases":
        page.aliases = try value.expectStrings(key, in: sourcePath)
        page.aliasLocations = (value.array ?? [value]).map(\.location)
      default:
        if let taxonomy = configuration.taxonomy(fromField: key) {
          // Counted across the fields: every term page lists the page with all its terms, so the
          // site's output grows with the square of a page's terms (docs/CONTRACTS.md, Limits).
          termFields.append(key)
          // A string of words is split first (Jekyll's `tags: swift ios`), so its words count.
          let words = value.string.flatMap { words in
            configuration.taxonomiesOfWords.contains(taxonomy)
              ? words.split(whereSeparator: \.isWhitespace).map(String.init) : nil
          }
          termCount += words?.count ?? value.array?.count ?? 1
          guard termCount <= Limits.termsPerPage else {
            throw LimitExceeded.termsPerPage(fields: termFields, count: termCount).error(at: value.location)
          }
          // Several fields may feed one taxonomy (`from: [tags, topics]`): their terms add up.
          let earlier = page.terms[taxonomy] ?? []
          let terms = try words ?? value.expectStrings(key, in: sourcePath)
          page.terms[taxonomy] = earlier.isEmpty ? terms : earlier + terms.filter { !earlier.contains($0) }
        } else {
          page.params.append((key, value))
        }
      }
    }
    // Hugo dates a page by `publishDate` when it has no `date`.
    if page.date == nil { page.date = publishDate }
    return slug
  }

  /// The page's URL, after checking that the names it is made of are safe in a path and a link:
  /// its file's place (``PageAddress``), or its section's permalink pattern, lower-cased when
  /// the site says so.
  private static func url(
    of address: PageAddress, relativePath: String, slug: String?, _ page: PageFields,
    settings: PageURLSettings
  ) throws -> String {
    let start = SourceLocation(path: page.sourcePath, line: 1, column: 1)
    // The file's own names become the URL too: a file or folder named with a backslash or a
    // control character must not reach a path or a link.
    do throws(OutputPath.Problem) {
      for name in OutputPath.split(relativePath).dropLast() { try OutputPath.check(segment: name) }
      if address.kind == .page, slug == nil, !address.isBundle, let name = address.name {
        try OutputPath.check(segment: name)
      }
    } catch {
      throw DiagnosticError(error.diagnostic(field: "the file name", value: relativePath, at: start))
    }
    // An explicit `url` wins over the section's pattern and is kept as written (Hugo lower-cases
    // the paths it makes, not a URL it is given).
    if let override = page.urlOverride {
      do throws(OutputPath.Problem) {
        try OutputPath.check(siteURL: override.url)
      } catch {
        throw DiagnosticError(error.diagnostic(field: "the URL", value: override.url, at: override.location))
      }
      return override.url
    }
    var url = address.url(slug: slug)
    if address.kind == .page, !settings.permalinks.isEmpty,
      let section = address.folder.split(separator: "/").first.map(String.init),
      let permalink = settings.permalinks[section]
    {
      guard page.date != nil || !permalink.needsDate else {
        throw ContentProblem.permalinkNeedsDate(section: section, pattern: permalink.pattern).error(at: start)
      }
      let path = permalink.url(
        date: page.date, slug: slug, title: page.title, fileName: address.name ?? "", folder: address.folder)
      url = address.prefix == "/" ? path : address.prefix + path.dropFirst()
    }
    // A page of its own file (`/posts/trip.html`); a section, the home page and a bundle keep
    // their folder, and a pattern that names a file already has one.
    if settings.pageFiles, address.kind == .page, !address.isBundle, url.hasSuffix("/"), url.count > 1 {
      url = url.dropLast() + ".html"
    }
    if settings.sanitize { url = PageURLSettings.sanitized(url) }
    if settings.lowercase { url = url.lowercased() }
    do throws(OutputPath.Problem) {
      try OutputPath.check(siteURL: url)
    } catch {
      throw DiagnosticError(error.diagnostic(field: "the URL", value: url, at: page.slugLocation ?? start))
    }
    return url
  }

  /// Loads the files at `paths` (relative to `folder`) on every core, in the order given; throws
  /// the diagnostics of every file that fails.
  ///
  /// `each` runs on the loading thread for every page that loaded and returns the page to keep
  /// (the same, or one holding its rendered content instead of its text), so that work that needs only
  /// the page (rendering its content) shares the cores with parsing instead of waiting for a
  /// phase of its own; a parse spends part of its time in a step cmark-gfm allows on one thread
  /// at a time (see `CMarkConverter`), and the other core fills that time with such work.
  ///
  /// `reusing`, given a file's path and bytes, returns the page to keep without parsing it (the
  /// build cache had its rendering), or nil to load it as usual.
  package func load(
    _ paths: [String], from files: SiteFiles,
    reusing: (@Sendable (_ path: String, _ bytes: [UInt8]) throws -> Page?)? = nil,
    each: (@Sendable (Page) -> Page)? = nil
  ) throws -> [(path: String, page: Page)] {
    guard !paths.isEmpty else { return [] }
    let results = Mutex<[Swift.Result<Page, DiagnosticError>?]>(Array(repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let result: Swift.Result<Page, DiagnosticError>
      let start = SourceLocation(path: "Content/" + paths[index], line: 1, column: 1)
      do {
        if let cover = zennBooks[paths[index]] {
          // A Zenn book's section page is read from its config.yaml, never from the cache: it
          // has no Markdown of its own.
          let bytes = try files.read("Content/" + ZennBook.configPath(ofIndex: paths[index]))
          let page = try loadZennBook(config: bytes, relativePath: paths[index], cover: cover)
          results.withLock { $0[index] = .success(each?(page) ?? page) }
          return
        }
        let bytes = try files.read("Content/" + paths[index])
        if let reused = try reusing?(paths[index], bytes) {
          result = .success(reused)
        } else {
          let page = try load(bytes: bytes, relativePath: paths[index])
          result = .success(each?(page) ?? page)
        }
      } catch let error as DiagnosticError {
        result = .failure(error)
      } catch {
        result = .failure(DiagnosticError(.error("\(error)", at: start)))
      }
      results.withLock { $0[index] = result }
    }
    var pages: [(path: String, page: Page)] = []
    var problems: [Diagnostic] = []
    // Every iteration stored its result, so none is nil.
    let collected = results.withLock { $0 }.compactMap { $0 }
    for (path, result) in zip(paths, collected) {
      switch result {
      case .success(let page): pages.append((path, page))
      case .failure(let error): problems += error.diagnostics
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
    return pages
  }

  /// Accepts `YYYY-MM-DD` and RFC 3339 date-times, as they are; and the looser date-times that
  /// Jekyll and Hugo read (`2017-04-12 21:46`, `2017-04-12 21:46:00 +0200`), written as RFC 3339
  /// (`2017-04-12T21:46:00+02:00`), which the feeds and the sitemap need.
  static func checkedDate(_ value: YAMLValue, _ key: String) throws -> String {
    let text = try value.expectString(key, in: "")
    guard let date = DateText.normalized(text) else {
      throw ContentProblem.notADate(text).error(at: value.location)
    }
    return date
  }
}

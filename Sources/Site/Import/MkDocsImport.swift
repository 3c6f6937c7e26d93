import Diagnostics
import SiteContent
import YAML

/// The `folio.yaml` for an MkDocs repository: `docs_dir` mounted as the whole content (so
/// `docs/index.md` is the home page and `docs/guide.md` is `/guide/`, MkDocs' directory URLs),
/// its name, URL and description, its `nav` as the documentation sidebar's order (`docs:`) and
/// the nav's top as the menu.
struct MkDocsImport {
  var reading: ImportReading
  let file: String
  var settings: FolioSettingsText

  /// Extensions whose syntax Folio reads (Python-Markdown's and pymdownx's names).
  private static let understood: Set<String> = [
    "admonition", "attr_list", "toc", "tables", "fenced_code", "footnotes", "def_list", "md_in_html", "meta",
    "pymdownx.details", "pymdownx.superfences", "pymdownx.highlight", "pymdownx.inlinehilite",
    "pymdownx.tabbed", "pymdownx.tasklist", "pymdownx.tilde", "pymdownx.arithmatex", "pymdownx.betterem",
    "codehilite", "sane_lists", "smarty", "pymdownx.magiclink", "pymdownx.smartsymbols",
  ]

  init(reading: ImportReading, file: String) {
    self.reading = reading
    self.file = file
    settings = FolioSettingsText(header: [
      "Written by `folio import` from \(file) (MkDocs). The repository builds where it is:",
      "no file was moved or changed. Notes on what was not carried over were printed with",
      "their places; `folio import --dry-run` prints them again.",
    ])
  }

  mutating func plan() throws -> ImportPlan {
    let configuration = try reading.configuration(file)
    var handled: Set<String> = [
      "site_name", "site_url", "site_description", "site_author", "docs_dir", "nav",
    ]
    if let name = configuration.entry("site_name")?.text { settings.set("title", .string(name)) }
    if let description = configuration.entry("site_description")?.text {
      settings.set("description", .string(description))
    }
    if let url = configuration.entry("site_url")?.text, url.hasPrefix("http") {
      settings.set("baseURL", .string(url.hasSuffix("/") ? url : url + "/"))
    }
    if let author = configuration.entry("site_author")?.text { settings.set("author", .string(author)) }
    let docs = configuration.entry("docs_dir")?.text ?? "docs"
    guard reading.isFolder(docs) else {
      throw DiagnosticError(
        .error(
          "the MkDocs site's docs_dir, '\(docs)/', is not a folder of the repository",
          at: configuration.entry("docs_dir")?.location ?? SourceLocation(path: file, line: 1, column: 1)))
    }
    // A theme folder inside docs_dir holds Jinja templates, not pages: left out of the mount.
    var mount: [(key: String, value: SettingValue)] = [("source", .string(docs)), ("target", .string("/"))]
    if let custom = configuration.entry("theme")?.entry("custom_dir")?.text, custom.hasPrefix(docs + "/") {
      var folder = String(custom.dropFirst(docs.count + 1))
      while folder.hasSuffix("/") { folder.removeLast() }
      mount.append(("exclude", .list([.string(folder + "/**")])))
    }
    settings.set(
      "mounts", .list([.map(mount)]),
      comment: ["MkDocs' docs_dir is the site's content, where it is: \(docs)/index.md is the home page."])
    settings.set("pagination", .int(0), comment: ["MkDocs lists a folder's pages on one page."])
    if let nav = configuration.entry("nav") { carryNav(nav) }
    handled.formUnion(["repo_url", "repo_name", "edit_uri"])
    carryEditLinks(configuration, docs: docs)
    handled.insert("use_directory_urls")
    if let directoryURLs = configuration.entry("use_directory_urls"), directoryURLs.bool == false {
      settings.set(
        "urls", .map([("style", .string("files"))]),
        comment: ["use_directory_urls: false: each page is published as name.html."])
    }
    handled.insert("markdown_extensions")
    for item in configuration.entry("markdown_extensions")?.array ?? [] {
      let name = item.text ?? item.entries.first?.key ?? ""
      guard !Self.understood.contains(name) else { continue }
      reading.skip(
        "markdown_extensions: \(name)", item, in: file,
        because: "Folio does not read this extension's syntax",
        hint: "pages that use it are warned about where they do")
    }
    handled.insert("plugins")
    for item in configuration.entry("plugins")?.array ?? [] {
      let name = item.text ?? item.entries.first?.key ?? ""
      if name == "git-revision-date-localized" || name == "git-revision-date" {
        settings.set(
          "lastUpdated", .string("git"),
          comment: ["MkDocs' \(name) plugin: each page is dated by the last commit that changed it."])
      } else if name == "search" {
        settings.set(
          "search", .bool(true),
          comment: ["MkDocs' search plugin: Folio writes its own index and /search/ page."])
      } else {
        reading.skip("plugins: \(name)", item, in: file, because: "Folio runs no MkDocs plugins")
      }
    }
    handled.insert("theme")
    if let theme = configuration.entry("theme") {
      reading.skip(
        "theme", theme, in: file, because: "MkDocs themes are Jinja templates, which Folio does not run",
        hint: "the site builds with Folio's default theme; templates go in Templates/ (docs/templates.md)")
    }
    settings.set(
      "checkLinks", .string("warn"),
      comment: [
        "Broken links are listed as warnings while the imported content is checked over;",
        "set `checkLinks: error` once `folio check` reports none.",
      ])
    for (key, value) in configuration.entries where !handled.contains(key) {
      reading.skip(key, value, in: file, because: "Folio has no such setting")
    }
    return ImportPlan(
      tool: .mkdocs, configurationFile: file, settings: settings.text, gitignore: nil, notes: reading.notes)
  }

  /// `repo_url` and `edit_uri` as `repository:`: MkDocs appends a page's path in docs_dir to
  /// `repo_url` + `edit_uri` (`edit/master/docs/` on GitHub and GitLab unless written), Folio
  /// appends its path in the project (`docs/a.md`) to `editURL`.
  private mutating func carryEditLinks(_ configuration: YAMLValue, docs: String) {
    guard let repository = configuration.entry("repo_url")?.text, repository.hasPrefix("http") else { return }
    let base = repository.hasSuffix("/") ? repository : repository + "/"
    let written = configuration.entry("edit_uri")
    let host = base.split(separator: "/").dropFirst().first.map { $0.lowercased() } ?? ""
    guard
      let editURI = written?.text
        ?? (host == "github.com" || host.contains("gitlab") ? "edit/master/\(docs)/" : nil),
      !editURI.isEmpty
    else { return }
    let full =
      editURI.hasPrefix("http")
      ? editURI : base + (editURI.hasPrefix("/") ? String(editURI.dropFirst()) : editURI)
    let folder = full.hasSuffix("/") ? full : full + "/"
    guard folder.hasSuffix("/" + docs + "/") else {
      if let written {
        reading.skip(
          "edit_uri", written, in: file,
          because: "it does not end with docs_dir, which Folio's edit links need",
          hint:
            "write `repository: {editURL: …}` in folio.yaml: the address a page's path in the project is appended to"
        )
      }
      return
    }
    settings.set(
      "repository", .map([("editURL", .string(String(folder.dropLast(docs.count + 1))))]),
      comment: ["MkDocs' repo_url and edit_uri: each page's \"Edit this page\" link."])
  }

  /// The nav's top entries as the menu: a page's own URL, or a group's first page's.
  private mutating func carryNav(_ nav: YAMLValue) {
    var menu: [SettingValue] = []
    for item in nav.array ?? [] {
      guard let (title, target) = item.entries.first ?? item.text.map({ ($0, YAMLValue(.string($0))) }) else {
        continue
      }
      guard let page = Self.firstPage(target) else { continue }
      if page.hasPrefix("http://") || page.hasPrefix("https://") {
        menu.append(.map([("title", .string(title)), ("url", .string(page))]))
      } else {
        menu.append(.map([("title", .string(title)), ("url", .string(Self.url(ofPage: page)))]))
      }
    }
    reading.tell(
      "the nav is the documentation sidebar's order (`docs:`) and its top entries are the site's menu", nav,
      in: file, hint: "pages the nav does not list are shown after it, with a warning that names them")
    if !menu.isEmpty { settings.set("menu", .list(menu), comment: ["The top of MkDocs' nav."]) }
    // The whole site is documentation: a sidebar in the nav's order, previous/next and
    // breadcrumbs on every page.
    let entries = (nav.array ?? []).compactMap(SettingValue.init)
    settings.setListEntry(
      "docs", [("section", .string("/"))], listKey: "nav", items: entries,
      comment: ["The whole site is documentation, its sidebar in the order of MkDocs' nav."])
  }

  /// The first page a nav entry leads to (a page itself, or a group's first).
  private static func firstPage(_ entry: YAMLValue) -> String? {
    if let text = entry.text { return text }
    for item in entry.array ?? [] {
      if let page = firstPage(item.entries.first?.value ?? item) { return page }
    }
    return nil
  }

  /// The URL MkDocs gives `page` (a path in docs_dir) with directory URLs: `a/b.md` is `/a/b/`,
  /// `a/index.md` `/a/`.
  static func url(ofPage page: String) -> String {
    var path = page.hasSuffix(".md") ? String(page.dropLast(3)) : page
    if path == "index" || path.hasSuffix("/index") || path == "README" || path.hasSuffix("/README") {
      path = String(path.dropLast(path.hasSuffix("README") ? 6 : 5))
    }
    while path.hasSuffix("/") { path.removeLast() }
    return path.isEmpty ? "/" : "/" + path + "/"
  }
}

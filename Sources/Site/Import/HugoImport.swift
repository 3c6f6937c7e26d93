import Diagnostics
import SiteContent
import YAML

/// The `folio.yaml` for a Hugo repository: its content and static folders mounted where they
/// are, its title, base URL, languages, taxonomies, permalinks, pagination and menu, and its
/// URLs lower-cased as Hugo makes them.
struct HugoImport {
  var reading: ImportReading
  let file: String
  var settings: FolioSettingsText

  /// Top-level settings that change nothing Folio writes, or that Folio does on its own.
  private static let harmless: Set<String> = [
    "enableemoji", "ignorelogs", "imaging", "build", "caches", "security", "minify",
    "related", "timeout", "ignorefiles", "cleandestinationdir", "enableinlineshortcodes", "buildfuture",
    "builddrafts", "buildexpired", "enablegitinfo", "publishdir", "resourcedir", "assetdir", "i18ndir",
    "layoutdir", "archetypedir", "datadir", "server", "mediatypes", "outputformats", "frontmatter",
    "sectionpagesmenu", "pluralizelisttitles", "enablemissingtranslationplaceholders",
  ]

  init(reading: ImportReading, file: String) {
    self.reading = reading
    self.file = file
    settings = FolioSettingsText(header: [
      "Written by `folio import` from \(file) (Hugo). The repository builds where it is:",
      "no file was moved or changed. Notes on what was not carried over were printed with",
      "their places; `folio import --dry-run` prints them again.",
    ])
  }

  /// The configuration, with `config/_default/`'s per-setting files (`params.yaml`,
  /// `menus.toml`, `languages.yaml`) read in as the settings they are named after.
  private mutating func loadConfiguration() throws -> [(key: String, value: YAMLValue, file: String)] {
    let main = try reading.configuration(file)
    guard main.mapping != nil || main.isNull else {
      throw DiagnosticError(.error("\(file) is not a mapping of settings", at: main.location))
    }
    var entries = main.entries.map { ($0.key, $0.value, file) }
    guard file.hasPrefix("config/_default/") else { return entries }
    for name in reading.names(in: "config/_default") {
      let path = "config/_default/" + name
      guard path != file, let dot = name.lastIndex(of: "."),
        ["toml", "yaml", "yml", "json"].contains(String(name[name.index(after: dot)...]))
      else { continue }
      let key = String(name[..<dot])
      guard !["hugo", "config"].contains(key) else { continue }
      let value = try reading.configuration(path)
      entries.append((key == "menus" ? "menu" : key, value, path))
    }
    return entries
  }

  mutating func plan() throws -> ImportPlan {
    let entries = try loadConfiguration()
    func setting(_ key: String) -> (value: YAMLValue, file: String)? {
      entries.first { $0.key.lowercased() == key.lowercased() }.map { ($0.value, $0.file) }
    }
    var handled: Set<String> = []
    func take(_ key: String) -> (value: YAMLValue, file: String)? {
      handled.insert(key.lowercased())
      return setting(key)
    }

    if let title = take("title")?.value.text { settings.set("title", .string(title)) }
    let params = take("params")
    if let description = params?.value.entry("description")?.text {
      settings.set("description", .string(description))
    }
    if let base = take("baseURL")?.value.text, base.hasPrefix("http") {
      settings.set("baseURL", .string(base.hasSuffix("/") ? base : base + "/"))
    }
    let languages = take("languages")
    handled.insert("defaultcontentlanguage")
    let defaultLanguage =
      setting("defaultContentLanguage")?.value.text
      ?? languages.flatMap { Self.languagesByWeight($0.value).first?.key }
    if let code = take("languageCode")?.value.text ?? defaultLanguage {
      settings.set("language", .string(defaultLanguage ?? code))
    }
    if let author = take("author")?.value.entry("name")?.text ?? setting("author")?.value.text
      ?? params?.value.entry("author")?.text
    {
      settings.set("author", .string(author))
    }

    try mountFolders(
      contentDir: take("contentDir"), staticDir: take("staticDir"), module: take("module"),
      languages: languages, defaultLanguage: defaultLanguage)
    if let languages, Self.languagesByWeight(languages.value).count > 1 {
      carryLanguages(languages.value, file: languages.file)
    }
    carryTaxonomies(take("taxonomies"), disableKinds: take("disableKinds"))
    carryURLs(permalinks: take("permalinks"), lower: take("disablePathToLower"), ugly: take("uglyURLs"))
    if let size = take("paginate")?.value.int ?? take("pagination")?.value.entry("pagerSize")?.int, size != 10
    {
      settings.set("pagination", .int(size))
    }
    if let menu = take("menu") { carryMenu(menu.value, file: menu.file) }
    // Hugo writes robots.txt only when asked; a site without it may publish its own.
    if take("enableRobotsTXT")?.value.bool != true {
      settings.set(
        "robots", .bool(false), comment: ["Hugo writes no robots.txt unless enableRobotsTXT is set."])
    }
    // Hugo's Git dates: `enableGitInfo`, which its default lastmod order (`:git` first) uses.
    if take("enableGitInfo")?.value.bool == true {
      settings.set(
        "lastUpdated", .string("git"),
        comment: [
          "Hugo's enableGitInfo: a page is dated by the last commit that changed it, unless its",
          "front matter has lastmod (which Folio puts first; Hugo's default puts Git first).",
        ])
    }
    carryMarkup(take("markup"))
    if let params, !params.value.entries.isEmpty {
      let entries = params.value.entries.compactMap { entry in
        SettingValue(entry.value).map { (entry.key, $0) }
      }
      settings.setBlock(
        "params", entries,
        comment: ["Hugo's site params: what {{< param name >}} reads when a page has no such field."])
    }
    settings.set(
      "checkLinks", .string("warn"),
      comment: [
        "Broken links are listed as warnings while the imported content is checked over;",
        "set `checkLinks: error` once `folio check` reports none.",
      ])
    if let theme = take("theme") {
      reading.skip(
        "theme", theme.value, in: theme.file,
        because: "Hugo themes are Go templates, which Folio does not run",
        hint: "the site builds with Folio's default theme; templates go in Templates/ (see docs/templates.md)"
      )
    }
    // Hugo's `layout:` names a template of layouts/_default/, of layouts/ itself (Hugo 0.146's
    // layout, which gohugoio/hugoDocs uses), or a section's folder; `single` and `list` are
    // Hugo's own names, which a theme's templates provide.
    let layoutFolders =
      ["layouts/_default", "layouts"]
      + reading.names(in: "layouts").filter {
        !["_default", "partials", "shortcodes", "_markup", "_partials", "_shortcodes"].contains($0)
      }.map { "layouts/" + $0 }
    if let layouts = reading.layoutNames(in: layoutFolders, always: ["single", "list"]) {
      settings.set(
        "layouts", layouts,
        comment: ["Hugo's layout names, which pages keep in their front matter, laid out with Folio's page."])
    }
    noteLayouts()
    for (key, value, file) in entries where !handled.contains(key.lowercased()) {
      guard !Self.harmless.contains(key.lowercased()) else { continue }
      reading.skip(key, value, in: file, because: "Folio has no such setting")
    }
    return ImportPlan(
      tool: .hugo, configurationFile: file, settings: settings.text, gitignore: nil, notes: reading.notes)
  }

  /// The languages of a `languages:` mapping, lightest `weight` first (Hugo's order).
  static func languagesByWeight(_ value: YAMLValue) -> [(key: String, value: YAMLValue)] {
    value.entries.enumerated().sorted { a, b in
      let left = a.element.value.entry("weight")?.int ?? Int.max
      let right = b.element.value.entry("weight")?.int ?? Int.max
      return left != right ? left < right : a.offset < b.offset
    }.map(\.element)
  }

  /// `mounts:` — the content folder (per language, for Hugo's `contentDir` in `languages:` and
  /// its module mounts) at the top of the content, and the static folder beside it.
  private mutating func mountFolders(
    contentDir: (value: YAMLValue, file: String)?, staticDir: (value: YAMLValue, file: String)?,
    module: (value: YAMLValue, file: String)?, languages: (value: YAMLValue, file: String)?,
    defaultLanguage: String?
  ) throws {
    var mounts: [SettingValue] = []
    func mount(_ source: String, at target: String) {
      var source = source
      while source.hasPrefix("./") { source.removeFirst(2) }
      while source.hasSuffix("/") { source.removeLast() }
      guard reading.isFolder(source) else { return }
      let entry = SettingValue.map([
        ("source", .string(source)), ("target", .string(target.isEmpty ? "/" : target)),
      ])
      if !mounts.contains(entry) { mounts.append(entry) }
    }
    if let moduleMounts = module?.value.entry("mounts")?.array {
      for item in moduleMounts {
        guard let source = item.entry("source")?.text, let target = item.entry("target")?.text else {
          continue
        }
        let languages =
          item.entry("sites")?.entry("matrix")?.entry("languages")?.array?.compactMap(\.text)
          ?? item.entry("lang")?.text.map { [$0] }
        if target == "content" || target.hasPrefix("content/") {
          var place = String(target.dropFirst("content".count).drop { $0 == "/" })
          if let languages, let language = languages.first, language != defaultLanguage {
            place = language + (place.isEmpty ? "" : "/" + place)
          }
          guard !source.hasPrefix(".."), reading.isFolder(source) else {
            reading.skip(
              "module.mounts", item, in: module!.file,
              because:
                "'\(source)' is not a folder inside the repository; Folio mounts folders of the project only")
            continue
          }
          mount(source, at: place)
        } else if target == "static" || target.hasPrefix("static/") {
          mount(source, at: String(target.dropFirst("static".count).drop { $0 == "/" }))
        } else {
          reading.skip(
            "module.mounts", item, in: module!.file,
            because:
              "a mount into '\(target)' (Hugo's \(target.split(separator: "/").first ?? "") folder) has no Folio counterpart"
          )
        }
      }
    }
    if mounts.isEmpty {
      // Per-language content folders replace the one content folder.
      for (code, language) in languages.map({ Self.languagesByWeight($0.value) })
        ?? [(key: String, value: YAMLValue)]()
      {
        guard let folder = language.entry("contentDir")?.text else { continue }
        mount(folder, at: code == defaultLanguage ? "" : code)
      }
      if mounts.isEmpty { mount(contentDir?.value.text ?? "content", at: "") }
    }
    for folder in staticDir?.value.array?.compactMap(\.text) ?? [staticDir?.value.text ?? "static"] {
      mount(folder, at: "")
    }
    guard !mounts.isEmpty else {
      throw DiagnosticError(
        .error(
          "found no content folder for the Hugo site in \(file)",
          at: SourceLocation(path: file, line: 1, column: 1),
          hint: "Hugo reads content/ unless contentDir says otherwise; create it or set contentDir"))
    }
    settings.set(
      "mounts", .list(mounts),
      comment: [
        "Hugo's folders, read where they are: content/ is the site's content, static/ is published at /."
      ])
  }

  private mutating func carryLanguages(_ value: YAMLValue, file: String) {
    var languages: [(key: String, value: SettingValue)] = []
    for (code, language) in Self.languagesByWeight(value) {
      var fields: [(key: String, value: SettingValue)] = []
      if let name = language.entry("languageName")?.text ?? language.entry("label")?.text {
        fields.append(("name", .string(name)))
      }
      if let title = language.entry("title")?.text { fields.append(("title", .string(title))) }
      if let description = language.entry("params")?.entry("description")?.text
        ?? language.entry("description")?.text
      {
        fields.append(("description", .string(description)))
      }
      languages.append((code, .map(fields)))
    }
    settings.set("languages", .map(languages))
  }

  private mutating func carryTaxonomies(
    _ taxonomies: (value: YAMLValue, file: String)?, disableKinds: (value: YAMLValue, file: String)?
  ) {
    let disabled = Set((disableKinds?.value.array ?? []).compactMap { $0.text?.lowercased() })
    if disabled.contains("taxonomy") || disabled.contains("term") || disabled.contains("taxonomyterm") {
      settings.set("taxonomies", .list([]), comment: ["Hugo's disableKinds turned taxonomy pages off."])
    } else if let taxonomies {
      // Hugo writes `singular: plural`; the plural is the front-matter field and the URL.
      settings.set(
        "taxonomies", .list(taxonomies.value.entries.compactMap { $0.value.text.map(SettingValue.string) }))
    } else {
      settings.set(
        "taxonomies", .list([.string("tags"), .string("categories")]), comment: ["Hugo's default taxonomies."]
      )
    }
    if disabled.contains("rss") {
      settings.set("feeds", .map([("atom", .bool(false)), ("rss", .bool(false))]))
    }
    if disabled.contains("sitemap") { settings.set("sitemap", .bool(false)) }
    if disabled.contains("robotstxt") { settings.set("robots", .bool(false)) }
  }

  private mutating func carryURLs(
    permalinks: (value: YAMLValue, file: String)?, lower: (value: YAMLValue, file: String)?,
    ugly: (value: YAMLValue, file: String)?
  ) {
    // Hugo always cleans the names in its paths, and lower-cases them unless told not to.
    var urls: [(key: String, value: SettingValue)] = [("sanitize", .bool(true))]
    if lower?.value.bool != true { urls.append(("lowercase", .bool(true))) }
    if let permalinks {
      // Newer Hugo nests them by kind (`page:`, `section:`); only pages' are Folio's.
      let byKind = permalinks.value.entry("page")
      var patterns: [(key: String, value: SettingValue)] = []
      for (section, pattern) in (byKind ?? permalinks.value).entries {
        guard let text = pattern.text, section != "section", section != "term", section != "taxonomy" else {
          continue
        }
        if let folio = HugoPermalink.folioPattern(text) {
          patterns.append((section, .string(folio)))
        } else {
          reading.skip(
            "permalinks.\(section)", pattern, in: permalinks.file,
            because: "'\(text)' uses a token Folio does not fill",
            hint:
              "Folio fills :year, :month, :day, :slug, :title, :filename, :slugorfilename, :section and :sections; pages keep their file's URL"
          )
        }
      }
      if !patterns.isEmpty { urls.append(("permalinks", .map(patterns))) }
    }
    if let ugly, ugly.value.bool == true {
      urls.append(("style", .string("files")))
    } else if let ugly, ugly.value.entries.contains(where: { $0.value.bool == true }) {
      reading.skip(
        "uglyURLs", ugly.value, in: ugly.file,
        because:
          "Folio publishes every page of a site the same way, each as a file (urls.style: files) or a folder",
        hint:
          "set `urls: {style: files}` if most sections had uglyURLs, and keep the others' URLs with `redirects:`"
      )
    }
    if !urls.isEmpty {
      settings.set(
        "urls", .map(urls),
        comment: [
          "Hugo cleans and lower-cases URLs (unless disablePathToLower), fills its permalinks, and with",
          "uglyURLs publishes each page as name.html.",
        ])
    }
  }

  private mutating func carryMenu(_ value: YAMLValue, file: String) {
    let main = value.entry("main")
    var items: [(weight: Int, order: Int, value: SettingValue)] = []
    for (order, item) in (main?.array ?? []).enumerated() {
      guard let name = item.entry("name")?.text ?? item.entry("title")?.text,
        var url = item.entry("url")?.text ?? item.entry("pageRef")?.text
      else {
        reading.skip("menu.main", item, in: file, because: "an entry without a name and a url or pageRef")
        continue
      }
      if item.entry("parent") != nil {
        reading.skip(
          "menu.main", item, in: file, because: "Folio's menu has one level", hint: "the entry is left out")
        continue
      }
      // Hugo reads a relative menu URL from the site's top.
      if !url.hasPrefix("/"), !url.contains("://"), !url.hasPrefix("mailto:") { url = "/" + url }
      if url.hasPrefix("/"), !url.hasSuffix("/"), !url.contains("."), !url.contains("#"), !url.contains("?") {
        url += "/"
      }
      items.append(
        (item.entry("weight")?.int ?? 0, order, .map([("title", .string(name)), ("url", .string(url))])))
    }
    for (key, other) in value.entries where key.lowercased() != "main" {
      reading.skip("menu.\(key)", other, in: file, because: "Folio has one menu, Hugo's main")
    }
    guard !items.isEmpty else { return }
    items.sort { $0.weight != $1.weight ? $0.weight < $1.weight : $0.order < $1.order }
    settings.set("menu", .list(items.map(\.value)))
  }

  private mutating func carryMarkup(_ markup: (value: YAMLValue, file: String)?) {
    let unsafe = markup?.value.entry("goldmark")?.entry("renderer")?.entry("unsafe")
    guard let markup, let unsafe, unsafe.bool == true else {
      settings.set(
        "markdown", .map([("shortcodes", .bool(true))]),
        comment: ["Hugo's shortcodes, {{< name >}} and {{% name %}}."])
      return
    }
    settings.set(
      "markdown", .map([("shortcodes", .bool(true)), ("unsafeHTML", .bool(true))]),
      comment: [
        "Hugo's shortcodes, {{< name >}} and {{% name %}}; and raw HTML, which the Hugo site",
        "published (goldmark's renderer.unsafe): so does this one.",
        "Anyone who can change a page can then run script on the site; turn it off unless every author is trusted.",
      ])
    reading.tell(
      "raw HTML is published, as the Hugo site did (markup.goldmark.renderer.unsafe)", unsafe,
      in: markup.file,
      hint: "set markdown.unsafeHTML: false in folio.yaml unless every author is trusted")
  }

  /// Notes the Go templates Folio does not run: the layouts, and each shortcode by name.
  private mutating func noteLayouts() {
    let shortcodes = reading.names(in: "layouts/shortcodes").filter {
      $0.hasSuffix(".html") || $0.hasSuffix(".md")
    }
    for name in shortcodes {
      let stem = name.split(separator: ".").first.map(String.init) ?? name
      reading.tell(
        "the shortcode '\(stem)' is a Go template, which Folio does not run", nil,
        in: "layouts/shortcodes/" + name,
        hint:
          "write it as Templates/shortcodes/\(stem).mustache (docs/migrating.md shows how); until then its uses are warnings"
      )
    }
    if reading.isFolder("layouts") {
      reading.tell(
        "layouts/ holds Go templates, which Folio does not run", nil, in: "layouts",
        hint:
          "the site builds with Folio's default theme; Mustache templates go in Templates/ (docs/templates.md)"
      )
    }
  }
}

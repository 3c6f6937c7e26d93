import Diagnostics
import SiteContent
import YAML

/// The `folio.yaml` for a Jekyll repository: `_posts/` and each collection with output mounted
/// as a section, with their permalinks, and the site's title, URL, author and pagination.
struct JekyllImport {
  var reading: ImportReading
  let file: String
  var settings: FolioSettingsText

  /// Settings with nothing to carry over: the build's own machinery.
  private static let harmless: Set<String> = [
    "markdown", "highlighter", "kramdown", "sass", "exclude", "include", "keep_files", "plugins", "gems",
    "destination", "source", "encoding", "incremental", "future", "show_drafts", "safe", "timezone",
    "excerpt_separator", "defaults", "theme", "remote_theme", "github", "livereload",
  ]

  init(reading: ImportReading, file: String) {
    self.reading = reading
    self.file = file
    settings = FolioSettingsText(header: [
      "Written by `folio import` from \(file) (Jekyll). The repository builds where it is:",
      "no file was moved or changed. Notes on what was not carried over were printed with",
      "their places; `folio import --dry-run` prints them again.",
    ])
  }

  mutating func plan() throws -> ImportPlan {
    let configuration = try reading.configuration(file)
    var handled: Set<String> = [
      "title", "description", "url", "baseurl", "author", "lang", "locale", "permalink", "paginate",
      "collections",
    ]
    if let title = configuration.entry("title")?.text { settings.set("title", .string(title)) }
    if let description = configuration.entry("description")?.text {
      settings.set("description", .string(description))
    }
    if let url = configuration.entry("url")?.text, url.hasPrefix("http") {
      var base = url
      while base.hasSuffix("/") { base.removeLast() }
      let path = configuration.entry("baseurl")?.text ?? ""
      base += (path.hasPrefix("/") || path.isEmpty ? path : "/" + path)
      settings.set("baseURL", .string(base.hasSuffix("/") ? base : base + "/"))
    }
    if let language = configuration.entry("lang")?.text ?? configuration.entry("locale")?.text {
      settings.set("language", .string(language))
    }
    if let author = configuration.entry("author")?.entry("name")?.text ?? configuration.entry("author")?.text
    {
      settings.set("author", .string(author))
    }
    var mounts: [SettingValue] = []
    var permalinks: [(key: String, value: SettingValue)] = []
    let global = configuration.entry("permalink")
    if reading.isFolder("_posts") {
      // Read as `_posts/` (its name), where a dated file name is the post's date and slug.
      mounts.append(.map([("source", .string("_posts")), ("target", .string("_posts"))]))
      if let pattern = permalink(global?.text ?? "date", at: global, key: "permalink") {
        permalinks.append(("_posts", .string(pattern)))
      }
    }
    for (name, collection) in configuration.entry("collections")?.entries ?? [] {
      guard collection.entry("output")?.bool == true, reading.isFolder("_" + name) else { continue }
      mounts.append(.map([("source", .string("_" + name)), ("target", .string(name))]))
      if let text = collection.entry("permalink")?.text,
        let pattern = permalink(text, at: collection.entry("permalink"), key: "collections.\(name).permalink")
      {
        permalinks.append((name, .string(pattern)))
      }
    }
    handled.insert("exclude")
    let excluded = Set(
      (configuration.entry("exclude")?.array ?? []).compactMap { $0.text }.map { name in
        var name = name
        while name.hasSuffix("/") { name.removeLast() }
        return name
      })
    let pageFolders = reading.names(in: ".").filter { name in
      !name.hasPrefix("_") && !name.hasPrefix(".") && reading.isFolder(name) && !excluded.contains(name)
        && !["vendor", "node_modules", "Content", "Templates", "public"].contains(name)
    }
    if reading.isFolder("public") {
      reading.tell(
        "'public/' is not read: it is where Folio writes the site unless told otherwise", nil, in: "public",
        hint: "build with 'folio build --output _site' and mount public/ in folio.yaml if it holds pages")
    }
    for folder in pageFolders {
      mounts.append(.map([("source", .string(folder)), ("target", .string(folder))]))
    }
    // The pages and files beside _config.yml (about.md, favicon.ico), as Jekyll publishes them.
    let excludedFiles = excluded.filter { !reading.isFolder($0) && ContentFiles.readsTopFile($0) }.sorted()
    mounts.append(
      .map(
        [("source", .string(".")), ("target", .string("/"))]
          + (excludedFiles.isEmpty ? [] : [("exclude", .list(excludedFiles.map(SettingValue.string)))])))
    guard !mounts.isEmpty else {
      throw DiagnosticError(
        .error(
          "found no _posts/, collection or page folder in the Jekyll site",
          at: SourceLocation(path: file, line: 1, column: 1)))
    }
    settings.set(
      "mounts", .list(mounts),
      comment: [
        "Jekyll's folders, read where they are: _posts/ is the posts section, each collection its own."
      ])
    // The built-in styles other than `pretty` (and a pattern ending in `:output_ext`) publish
    // pages as files too: `about.md` is /about.html.
    let pageFiles =
      (global?.text ?? "date").hasSuffix(":output_ext")
      || ["date", "none", "ordinal", "weekdate"].contains(global?.text ?? "date")
    var urls: [(key: String, value: SettingValue)] = []
    if pageFiles { urls.append(("style", .string("files"))) }
    if !permalinks.isEmpty { urls.append(("permalinks", .map(permalinks))) }
    if !urls.isEmpty {
      settings.set(
        "urls", .map(urls),
        comment: [
          pageFiles ? "Jekyll's permalinks; pages are published as name.html." : "Jekyll's permalinks."
        ])
    }
    if let size = configuration.entry("paginate")?.int { settings.set("pagination", .int(size)) }
    settings.set(
      "taxonomies",
      .list([
        .map([("name", .string("tags")), ("words", .bool(true))]),
        .map([("name", .string("categories")), ("words", .bool(true))]),
      ]), comment: ["Jekyll's tags and categories, a list or words in one string (`tags: swift ios`)."])
    if reading.exists("robots.txt") {
      settings.set("robots", .bool(false), comment: ["The site publishes its own robots.txt."])
    }
    settings.set(
      "markdown", .map([("liquid", .bool(true))]),
      comment: ["Jekyll's Liquid tags in pages: {% link %}, {% post_url %}, {% raw %}, {% highlight %}."])
    settings.set(
      "checkLinks", .string("warn"),
      comment: [
        "Broken links are listed as warnings while the imported content is checked over;",
        "set `checkLinks: error` once `folio check` reports none.",
      ])
    if let layouts = reading.layoutNames(in: ["_layouts"], always: ["post", "default"]) {
      settings.set(
        "layouts", layouts,
        comment: [
          "Jekyll's layout names, which pages keep in their front matter, laid out with Folio's page."
        ])
    }
    if reading.isFolder("_layouts") || reading.isFolder("_includes") {
      reading.tell(
        "_layouts/ and _includes/ are Liquid templates, which Folio does not run", nil, in: "_layouts",
        hint:
          "the site builds with Folio's default theme; Mustache templates go in Templates/ (docs/templates.md)"
      )
    }
    for (key, value) in configuration.entries where !handled.contains(key) && !Self.harmless.contains(key) {
      handled.insert(key)
      reading.skip(key, value, in: file, because: "Folio has no such setting")
    }
    return ImportPlan(
      tool: .jekyll, configurationFile: file, settings: settings.text, gitignore: nil, notes: reading.notes)
  }

  /// Jekyll's permalink style or pattern in Folio's terms; nil (with a note) when it cannot be
  /// kept.
  private mutating func permalink(_ text: String, at value: YAMLValue?, key: String) -> String? {
    let styles = [
      "date": "/:categories/:year/:month/:day/:title:output_ext",
      "pretty": "/:categories/:year/:month/:day/:title/",
      "ordinal": "/:categories/:year/:y_day/:title:output_ext",
      "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
      "none": "/:categories/:title:output_ext",
    ]
    var pattern = styles[text] ?? text
    var changes: [String] = []
    if pattern.contains(":categories") {
      pattern = pattern.replacingOccurrences(of: "/:categories", with: "")
      changes.append("categories are not part of the URL")
    }
    // Jekyll's `.html` pages stay files at their URLs (`/2024/01/02/title.html`).
    pattern = pattern.replacingOccurrences(of: ":output_ext", with: ".html")
    // Jekyll's :title is the file's name after its date, which Folio reads as the slug; :name
    // and :path the file's name (in a flat collection); :collection its folder.
    pattern = pattern.replacingOccurrences(of: ":title", with: ":slug")
      .replacingOccurrences(of: ":name", with: ":filename").replacingOccurrences(
        of: ":path", with: ":filename"
      )
      .replacingOccurrences(of: ":collection", with: ":section")
    guard let folio = HugoPermalink.folioPattern(pattern) else {
      reading.skip(key, value, in: file, because: "'\(text)' uses a token Folio does not fill")
      return nil
    }
    if !changes.isEmpty {
      reading.tell(
        "the permalink '\(text)' becomes '\(folio)': " + changes.joined(separator: ", "), value, in: file,
        hint: "old URLs can be kept with `aliases:` in the pages' front matter")
    }
    return folio
  }
}

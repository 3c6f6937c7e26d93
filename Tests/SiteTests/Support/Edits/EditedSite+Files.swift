/// The model written out as a project's files.
extension EditedSite {
  /// Every file of the project, by path relative to it, with its text.
  func files() -> [String: String] {
    var files: [String: String] = ["folio.yaml": settingsText()]
    for (path, page) in pages { files["Content/" + path] = text(of: page, at: path) }
    for (path, text) in staticFiles { files["Content/" + path] = text }
    if let bookmarks {
      files["Content/" + EditedSite.bookmarkFile] =
        "Title,URL\n" + bookmarks.map { "\($0.title),\($0.url)\n" }.joined()
    }
    if let layoutVersion { files["Templates/page.mustache"] = layoutText(layoutVersion) }
    if let partialVersion { files["Templates/partials/footer.mustache"] = partialText(partialVersion) }
    if let customLayoutVersion {
      files["Templates/custom.mustache"] =
        "{{<base}}{{$main}}<div class=\"custom\" data-version=\"\(customLayoutVersion)\">"
        + "<h1>{{page.title}}</h1>{{{page.content}}}</div>{{/main}}{{/base}}\n"
    }
    if let stylesheetVersion {
      files["Templates/assets/site.css"] = "body { order: \(stylesheetVersion); }\n"
    }
    if variant == .multilingual {
      files["i18n/ja.yaml"] = labels.keys.sorted().map { "\($0): \(labels[$0]!)\n" }.joined()
    }
    return files
  }

  /// folio.yaml.
  func settingsText() -> String {
    var text = "title: \(settings.title)\nbaseURL: \(settings.baseURL)\n"
    text += settings.broken ? "pagination: many\n" : "pagination: \(settings.pagination)\n"
    text += "checkLinks: \(settings.checkLinks)\n"
    if settings.search { text += "search: true\n" }
    if !settings.menu.isEmpty {
      text += "menu:\n" + settings.menu.map { "  - {title: \($0.title), url: \($0.url)}\n" }.joined()
    }
    if variant == .multilingual {
      text += "languages:\n  en: {name: English}\n  ja: {name: 日本語, title: \(settings.japaneseTitle)}\n"
    }
    return text
  }

  /// The Markdown file of `page`, found at `path` (relative to `Content/`).
  func text(of page: Page, at path: String) -> String {
    var fields: [String] = []
    if let title = page.title { fields.append("title: \(title)") }
    if let date = page.date { fields.append("date: \(date)") }
    if let slug = page.slug { fields.append("slug: \(slug)") }
    if !page.tags.isEmpty { fields.append("tags: [\(page.tags.joined(separator: ", "))]") }
    if page.draft { fields.append("draft: true") }
    if let lang = page.lang { fields.append("lang: \(lang)") }
    if let key = page.translationKey { fields.append("translationKey: \(key)") }
    if let updated = page.updated { fields.append("updated: \(updated)") }
    if let weight = page.weight { fields.append("weight: \(weight)") }
    if !page.aliases.isEmpty { fields.append("aliases: [\(page.aliases.joined(separator: ", "))]") }
    if let summary = page.summary { fields.append("summary: \"\(summary)\"") }
    if let layout = page.layout { fields.append("layout: \(layout)") }
    if page.brokenFrontMatter { fields.append("title: [unclosed") }
    var text = fields.isEmpty ? "" : "---\n" + fields.joined(separator: "\n") + "\n---\n"
    var blocks: [String] = []
    for (index, paragraph) in page.paragraphs.enumerated() {
      blocks.append(paragraph)
      if index == 0, page.more { blocks.append("<!-- more -->") }
      if index < page.headings.count { blocks.append("## " + page.headings[index]) }
    }
    for heading in page.headings.dropFirst(page.paragraphs.count) { blocks.append("## " + heading) }
    if page.code { blocks.append("```swift\nlet answer = 42\n```") }
    let folder = EditedSite.folder(of: path)
    if !page.links.isEmpty {
      let links = page.links.map { link in
        switch link {
        case .file(let target, let anchor):
          let name = EditedSite.name(of: target)
          return
            "[\(name)](\(EditedSite.relativePath(from: folder, to: target))\(anchor.map { "#" + $0 } ?? ""))"
        case .url(let url):
          return "[\(url)](\(url))"
        }
      }
      blocks.append("See " + links.joined(separator: " and ") + ".")
    }
    if let data = page.bookmarks {
      blocks.append("<!-- bookmarks src=\"\(EditedSite.relativePath(from: folder, to: data))\" -->")
    }
    if let image = page.image { blocks.append("![A photo](\(image))") }
    text += blocks.joined(separator: "\n\n") + "\n"
    return text
  }

  /// The site's page layout.
  func layoutText(_ version: Int) -> String {
    """
    {{<base}}
    {{$main}}
    <article class="page" data-layout="\(version)">
    <h1 class="page-title">{{page.title}}</h1>
    {{#page.date}}<p class="page-meta"><time datetime="{{page.dateISO}}">{{page.dateText}}</time></p>{{/page.date}}
    {{#page}}
    {{>partials/tags}}
    {{/page}}
    <div class="page-content">
    {{{page.content}}}
    </div>
    </article>
    {{#page.previous}}<a href="{{url}}" rel="prev">{{title}}</a>{{/page.previous}}
    {{#page.next}}<a href="{{url}}" rel="next">{{title}}</a>{{/page.next}}
    {{/main}}
    {{/base}}

    """
  }

  /// The site's footer partial, over the default theme's.
  func partialText(_ version: Int) -> String {
    """
    <footer class="site-footer">
    <p>{{site.title}}, footer \(version)</p>
    <ul>{{#site.menu}}<li><a href="{{url}}">{{title}}</a></li>{{/site.menu}}</ul>
    \(partialBroken ? "{{>partials/missing}}\n" : "")</footer>

    """
  }

  /// The folder of `path` ("" at the top).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// The last component of `path` without its extensions: what a link to it is called.
  static func name(of path: String) -> String {
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return String(last.prefix { $0 != "." })
  }

  /// `path` (relative to `Content/`) as written from a file in `folder`.
  static func relativePath(from folder: String, to path: String) -> String {
    var from = folder.split(separator: "/")
    var to = path.split(separator: "/")
    while let first = from.first, first == to.first, to.count > 1 {
      from.removeFirst()
      to.removeFirst()
    }
    return (Array(repeating: "..", count: from.count) + to.map(String.init)).joined(separator: "/")
  }
}

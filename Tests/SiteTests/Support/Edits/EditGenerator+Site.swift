/// Edits to what is not a page's text: bundles, the bookmarks file, static files, templates,
/// folio.yaml and the label file.
extension EditGenerator {
  /// Adds a bundle (a folder with `index.md` and an image it shows), deletes one, or changes
  /// a bundle's image.
  mutating func editBundle(_ site: inout EditedSite) -> String? {
    let bundles = site.pages.keys.filter { $0.hasSuffix("/index.md") }.sorted()
    switch random.below(3) {
    case 0 where !bundles.isEmpty:
      let path = random.pick(bundles)
      let folder = EditedSite.folder(of: path) + "/"
      site.pages[path] = nil
      for file in site.staticFiles.keys where file.hasPrefix(folder) { site.staticFiles[file] = nil }
      return "bundle \(folder) deleted"
    case 1 where !bundles.isEmpty:
      let images = site.staticFiles.keys.filter { file in
        bundles.contains { file.hasPrefix(EditedSite.folder(of: $0) + "/") }
      }.sorted()
      guard !images.isEmpty else { return nil }
      let image = random.pick(images)
      site.staticFiles[image] = "PNG \(fresh())\n"
      return "image \(image) changed"
    default:
      let section = random.pick(["posts", "docs", "notes"])
      let folder = "\(section)/bundle\(fresh())"
      site.pages[folder + "/index.md"] = EditedSite.Page(
        title: random.pick(Self.titles), date: date(), paragraphs: [sentence()], image: "photo.png")
      site.staticFiles[folder + "/photo.png"] = "PNG \(fresh())\n"
      return "bundle \(folder)/ added"
    }
  }

  /// Adds, changes or removes a bookmark; now and then deletes the data file or writes it
  /// back.
  mutating func editBookmarks(_ site: inout EditedSite) -> String? {
    guard var rows = site.bookmarks else {
      site.bookmarks = [EditedSite.Bookmark(title: "Back", url: "https://back.example/")]
      return "bookmarks file written back"
    }
    switch random.below(7) {
    case 0:
      site.bookmarks = nil
      return "bookmarks file deleted"
    case 1 where !rows.isEmpty, 2 where !rows.isEmpty:
      rows.remove(at: random.below(rows.count))
    case 3 where !rows.isEmpty:
      rows[random.below(rows.count)].title = random.pick(["Renamed", "Other", "Ünïcode"]) + " \(fresh())"
    default:
      let number = fresh()
      let url = random.chance(1, in: 5) ? "javascript:alert(\(number))" : "https://site\(number).example/"
      rows.insert(EditedSite.Bookmark(title: "Site \(number)", url: url), at: random.below(rows.count + 1))
    }
    site.bookmarks = rows
    return "bookmarks file: \(rows.count) rows"
  }

  /// Adds a static file and links a page to it, changes one, or deletes one (its links stay).
  mutating func editStaticFile(_ site: inout EditedSite) -> String? {
    let files = site.staticFiles.keys.sorted()
    switch random.below(3) {
    case 0 where !files.isEmpty:
      let file = random.pick(files)
      site.staticFiles[file] = nil
      return "static file \(file) deleted"
    case 1 where !files.isEmpty:
      let file = random.pick(files)
      site.staticFiles[file]! += "More \(fresh()).\n"
      return "static file \(file) changed"
    case 2 where random.chance(1, in: 4):
      // A file where the site writes one of its own: an error until it goes.
      // Or a name no output path can have: an error too.
      let file = random.pick([
        "about/index.html", "sitemap.xml", "tags/index.html", "posts/first/index.html", "files/what?.txt",
      ])
      site.staticFiles[file] = "<p>static</p>\n"
      return "static file \(file) written"
    default:
      let file = random.chance(1, in: 2) ? "files/notes.txt" : "files/extra\(fresh()).txt"
      site.staticFiles[file] = "Text \(fresh()).\n"
      if let path = page(in: site) { site.pages[path]!.links.append(.url("/" + file)) }
      return "static file \(file) written and linked"
    }
  }

  /// Changes, adds or removes one of the site's templates (its page layout, footer partial
  /// and second layout) or its stylesheet; breaks the partial or mends it.
  mutating func editTemplates(_ site: inout EditedSite) -> String? {
    func next(_ version: Int?, removedOneIn odds: Int) -> Int? {
      version != nil && random.chance(1, in: odds) ? nil : fresh()
    }
    switch random.below(7) {
    case 0, 1:
      site.layoutVersion = next(site.layoutVersion, removedOneIn: 5)
      return site.layoutVersion == nil ? "layout removed" : "layout written"
    case 2, 3:
      site.partialVersion = next(site.partialVersion, removedOneIn: 5)
      return site.partialVersion == nil ? "partial removed" : "partial written"
    case 4:
      site.customLayoutVersion = next(site.customLayoutVersion, removedOneIn: 3)
      return site.customLayoutVersion == nil ? "custom layout removed" : "custom layout written"
    case 5:
      site.stylesheetVersion = next(site.stylesheetVersion, removedOneIn: 3)
      return site.stylesheetVersion == nil ? "stylesheet removed" : "stylesheet written"
    default:
      site.partialBroken.toggle()
      return site.partialBroken ? "partial broken" : "partial mended"
    }
  }

  /// Changes a setting of folio.yaml (or a label of i18n/ja.yaml).
  mutating func editSettings(_ site: inout EditedSite) -> String? {
    switch random.below(9) {
    case 0:
      site.settings.pagination = random.below(5)
      return "pagination: \(site.settings.pagination)"
    case 1:
      let entries = [
        EditedSite.MenuEntry(title: "Docs", url: "/docs/"),
        EditedSite.MenuEntry(title: "Setup", url: "/docs/setup/"),
        EditedSite.MenuEntry(title: "Home", url: "/"),
        EditedSite.MenuEntry(title: "Swift", url: "https://swift.org/"),
      ]
      if !site.settings.menu.isEmpty, random.chance(1, in: 2) {
        site.settings.menu.remove(at: random.below(site.settings.menu.count))
      } else {
        site.settings.menu.append(random.pick(entries))
      }
      return "menu: \(site.settings.menu.map(\.url))"
    case 2:
      site.settings.baseURL = random.pick(
        ["https://example.org/", "https://example.org/site/", "https://docs.example.com/"])
      return "baseURL: \(site.settings.baseURL)"
    case 3:
      site.settings.checkLinks = site.settings.checkLinks == "warn" ? "error" : "warn"
      return "checkLinks: \(site.settings.checkLinks)"
    case 4:
      site.settings.search.toggle()
      return "search: \(site.settings.search)"
    case 5:
      site.settings.broken.toggle()
      return site.settings.broken ? "folio.yaml broken" : "folio.yaml mended"
    case 6 where site.variant == .multilingual:
      site.settings.japaneseTitle = random.pick(["サイト", "日本語のサイト", "Site JA"]) + " \(fresh())"
      return "Japanese title: \(site.settings.japaneseTitle)"
    case 7 where site.variant == .multilingual:
      site.labels[random.pick(["readMore", "next", "previous"])] = "ラベル \(fresh())"
      return "i18n/ja.yaml: \(site.labels.count) labels"
    default:
      site.settings.title = random.pick(Self.titles) + " \(fresh())"
      return "title: \(site.settings.title)"
    }
  }
}

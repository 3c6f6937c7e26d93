/// Edits to pages: their text and front matter, and pages added, moved and deleted.
extension EditGenerator {
  mutating func editBody(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    var paragraphs = site.pages[path]!.paragraphs
    let what: String
    switch random.below(4) {
    case 0 where !paragraphs.isEmpty:
      paragraphs[0] = sentence()
      what = "its summary"
    case 1:
      paragraphs.append(sentence())
      what = "a paragraph added"
    case 2 where paragraphs.count > 1:
      paragraphs.remove(at: random.below(paragraphs.count))
      what = "a paragraph removed"
    default:
      if paragraphs.isEmpty { paragraphs.append("") }
      let index = random.below(paragraphs.count)
      paragraphs[index] += " " + sentence()
      what = "paragraph \(index + 1)"
    }
    site.pages[path]!.paragraphs = paragraphs
    return "body of \(path): \(what)"
  }

  mutating func editTitle(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    let title = random.chance(1, in: 6) ? nil : random.pick(Self.titles) + " \(fresh())"
    site.pages[path]!.title = title
    return "title of \(path): \(title ?? "removed")"
  }

  mutating func editDate(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    let date = date()
    site.pages[path]!.date = date
    return "date of \(path): \(date ?? "removed")"
  }

  mutating func editSlug(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    let slug = random.chance(1, in: 3) ? nil : random.pick(Self.slugs)
    site.pages[path]!.slug = slug
    return "slug of \(path): \(slug ?? "removed")"
  }

  mutating func editTags(_ site: inout EditedSite) -> String? {
    switch random.below(3) {
    case 0:
      guard let path = page(in: site) else { return nil }
      let tag = random.pick(Self.tags)
      guard !site.pages[path]!.tags.contains(tag) else { return nil }
      site.pages[path]!.tags.append(tag)
      return "tag \(tag) added to \(path)"
    case 1:
      guard let path = page(in: site, where: { !$1.tags.isEmpty }) else { return nil }
      let tag = random.pick(site.pages[path]!.tags)
      site.pages[path]!.tags.removeAll { $0 == tag }
      return "tag \(tag) removed from \(path)"
    default:
      let used = Set(site.pages.values.flatMap(\.tags)).sorted()
      guard !used.isEmpty else { return nil }
      let old = random.pick(used)
      let new = random.pick(Self.tags)
      for path in site.pages.keys where site.pages[path]!.tags.contains(old) {
        var tags = site.pages[path]!.tags.map { $0 == old ? new : $0 }
        // A page tagged with both keeps one.
        tags = tags.enumerated().filter { tags.firstIndex(of: $0.element) == $0.offset }.map(\.element)
        site.pages[path]!.tags = tags
      }
      return "tag \(old) renamed \(new) on every page"
    }
  }

  /// Sets or clears one of the other fields (`aliases`, `summary`, `updated`, `weight`,
  /// `layout`) or a `<!-- more -->` cut. Some aliases take another page's URL, and one layout
  /// does not exist: errors, mended by later edits.
  mutating func editOtherFields(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    var page = site.pages[path]!
    let what: String
    switch random.below(6) {
    case 0:
      if !page.aliases.isEmpty, random.chance(1, in: 2) {
        page.aliases.remove(at: random.below(page.aliases.count))
      } else {
        page.aliases.append(random.pick(["/old/\(fresh())/", "/old/fourth/", "/posts/first/", "/about/"]))
      }
      what = "aliases: \(page.aliases)"
    case 1:
      page.summary = random.chance(1, in: 3) ? nil : sentence()
      what = "summary: \(page.summary ?? "removed")"
    case 2:
      page.updated = date()
      what = "updated: \(page.updated ?? "removed")"
    case 3:
      page.weight = random.chance(1, in: 3) ? nil : random.below(5)
      what = "weight: \(page.weight.map(String.init) ?? "removed")"
    case 4:
      page.layout = random.pick([nil, "custom", "page", "nosuch"])
      what = "layout: \(page.layout ?? "removed")"
    default:
      page.more.toggle()
      what = page.more ? "a read-more cut" : "no read-more cut"
    }
    site.pages[path] = page
    return "\(path): \(what)"
  }

  mutating func toggleDraft(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    site.pages[path]!.draft.toggle()
    return "\(path) \(site.pages[path]!.draft ? "made a draft" : "published")"
  }

  mutating func editHeadings(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    var headings = site.pages[path]!.headings
    if !headings.isEmpty, random.chance(1, in: 2) {
      let index = random.below(headings.count)
      if random.chance(1, in: 2) {
        headings.remove(at: index)
      } else {
        headings[index] = random.pick(Self.headings)
      }
    } else {
      headings.append(random.pick(Self.headings))
    }
    site.pages[path]!.headings = headings
    return "headings of \(path): \(headings)"
  }

  /// Adds a link to another page's file (sometimes to one of its headings, or to one it does
  /// not have), to a page's URL or to a static file; or removes one.
  mutating func editLinks(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    if !site.pages[path]!.links.isEmpty, random.chance(1, in: 3) {
      let removed = site.pages[path]!.links.remove(at: random.below(site.pages[path]!.links.count))
      return "link \(removed) removed from \(path)"
    }
    let link: EditedSite.Link
    switch random.below(5) {
    case 0:
      // A static file, by its URL or from the page's file.
      let files = site.staticFiles.keys.sorted()
      guard !files.isEmpty else { return nil }
      let file = random.pick(files)
      link = random.chance(1, in: 2) ? .url("/" + file) : .file(file, anchor: nil)
    case 1:
      // URLs, some relative to the page's own URL (which a slug or a move changes), one to
      // an anchor of the page itself.
      let urls = [
        "/posts/", "/docs/setup/", "/posts/first/", "/about/", "/tags/swift/", "/nowhere/", "../first/",
        "../../docs/", "#details",
      ]
      link = .url(random.pick(urls))
    default:
      guard let target = page(in: site, where: { candidate, _ in candidate != path }) else { return nil }
      let headings = site.pages[target]!.headings
      let anchor: String? =
        switch random.below(4) {
        case 0 where !headings.isEmpty: random.pick(headings).lowercased()
        case 1: "missing"
        default: nil
        }
      link = .file(target, anchor: anchor)
    }
    site.pages[path]!.links.append(link)
    return "link \(link) added to \(path)"
  }

  mutating func deletePage(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site, where: { path, _ in path != "_index.md" }) else { return nil }
    site.pages[path] = nil
    if path.hasSuffix("/index.md") {
      for file in site.staticFiles.keys where file.hasPrefix(EditedSite.folder(of: path) + "/") {
        site.staticFiles[file] = nil
      }
    }
    return "\(path) deleted"
  }

  mutating func addPage(_ site: inout EditedSite) -> String? {
    let section = random.pick(Self.sections)
    var name =
      random.chance(1, in: 4)
      ? random.pick(Self.slugs) + ".md" : "page\(fresh())" + (random.chance(1, in: 6) ? ".ja.md" : ".md")
    var path = section.isEmpty ? name : section + "/" + name
    // Now and then the name of a page there, in other case (`First.md` beside `first.md`).
    if random.chance(1, in: 8), let twin = page(in: site, where: { path, _ in path.first != "_" }) {
      let folder = EditedSite.folder(of: twin)
      name = String(twin.dropFirst(folder.isEmpty ? 0 : folder.count + 1))
      name = name.prefix(1).uppercased() + name.dropFirst()
      path = folder.isEmpty ? name : folder + "/" + name
    }
    guard site.pages[path] == nil else { return nil }
    site.pages[path] = EditedSite.Page(
      title: random.pick(Self.titles), date: date(),
      tags: random.chance(1, in: 2) ? [random.pick(Self.tags)] : [], paragraphs: [sentence()])
    return "\(path) added"
  }

  /// Renames a page's file (or a bundle's folder), mending the links to it or leaving them
  /// broken.
  mutating func movePage(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site, where: { path, _ in path != "_index.md" }) else { return nil }
    let section = random.pick(Self.sections)
    let isBundle = path.hasSuffix("/index.md")
    let name = "moved\(fresh())"
    let folder = section.isEmpty ? "" : section + "/"
    var newPath = isBundle ? folder + name + "/index.md" : folder + name + ".md"
    // Now and then a page becomes its section's page.
    if !isBundle, random.chance(1, in: 8), site.pages[folder + "_index.md"] == nil {
      newPath = folder + "_index.md"
    }
    site.pages[newPath] = site.pages.removeValue(forKey: path)
    if isBundle {
      let old = EditedSite.folder(of: path) + "/"
      for file in site.staticFiles.keys.sorted() where file.hasPrefix(old) {
        site.staticFiles[folder + name + "/" + file.dropFirst(old.count)] = site.staticFiles.removeValue(
          forKey: file)
      }
    }
    let mends = random.chance(1, in: 2)
    if mends {
      for other in site.pages.keys {
        site.pages[other]!.links = site.pages[other]!.links.map { link in
          if case .file(path, let anchor) = link { return .file(newPath, anchor: anchor) }
          return link
        }
      }
    }
    return "\(path) moved to \(newPath)\(mends ? ", links to it mended" : "")"
  }

  /// Adds, edits or removes a section's `_index.md`.
  mutating func editSectionIndex(_ site: inout EditedSite) -> String? {
    let section = random.pick(Self.sections.filter { !$0.isEmpty })
    let path = section + "/_index.md"
    if site.pages[path] != nil, random.chance(1, in: 2) {
      site.pages[path] = nil
      return "\(path) deleted"
    }
    site.pages[path] = EditedSite.Page(title: random.pick(Self.titles), paragraphs: [sentence()])
    return "\(path) written"
  }

  mutating func breakOrMendFrontMatter(_ site: inout EditedSite) -> String? {
    if let broken = page(in: site, where: { $1.brokenFrontMatter }), random.chance(2, in: 3) {
      site.pages[broken]!.brokenFrontMatter = false
      return "front matter of \(broken) mended"
    }
    guard let path = page(in: site) else { return nil }
    site.pages[path]!.brokenFrontMatter = true
    return "front matter of \(path) broken"
  }

  /// Sets or clears a page's `lang`, or on a multilingual site its `translationKey`, or adds
  /// or removes a translation file (`name.ja.md`).
  mutating func editLanguage(_ site: inout EditedSite) -> String? {
    guard let path = page(in: site) else { return nil }
    // A one-language site takes `lang` too: it changes the page's words and date formats.
    switch site.variant == .multilingual ? random.below(4) : 0 {
    case 0:
      let lang = random.pick([nil, "ja", "en"])
      site.pages[path]!.lang = lang
      return "lang of \(path): \(lang ?? "removed")"
    case 1:
      let key = random.pick([nil, "about", "k1", "k2"])
      site.pages[path]!.translationKey = key
      return "translationKey of \(path): \(key ?? "removed")"
    default:
      if path.hasSuffix(".ja.md") {
        site.pages[path] = nil
        return "translation \(path) deleted"
      }
      let translation = String(path.dropLast(".md".count)) + ".ja.md"
      guard site.pages[translation] == nil else { return nil }
      var page = site.pages[path]!
      page.title = page.title.map { $0 + "（訳）" }
      page.paragraphs = ["訳した文。"]
      page.lang = nil
      site.pages[translation] = page
      return "translation \(translation) added"
    }
  }
}

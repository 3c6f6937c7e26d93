import Diagnostics
import SiteComponents
import SiteContent
import YAML

/// The documentation sections of a site (a section whose `_index.md` says `layout: docs`, or
/// one that folio.yaml's `docs:` names, with every page and section below it that does not set
/// a layout of its own): each one's sidebar tree, its reading order (previous and next follow
/// the sidebar, across groups, as Starlight's do) and which pages belong to it. A language's
/// pages have their own tree, under the language's folder.
package struct DocsNavigation: Sendable {
  /// One entry of a sidebar: a page, a group of entries (a folder, or a group of the nav), or a
  /// link out of the site.
  package struct Item: Sendable {
    /// What it is called in the sidebar.
    package var title: String
    /// The page it leads to (nil for a group without a page, or a link out).
    package var page: Page?
    /// A link out of the site (`{GitHub: https://…}` in a nav).
    package var externalURL: String? = nil
    /// A group's entries, in order (empty for a page).
    package var children: [Item] = []
    /// Whether it is a group (a folder, or a group of the nav).
    package var isGroup = false
  }

  /// One documentation section's navigation.
  package struct Tree: Sendable {
    /// The section's page (its `_index.md`, the home page, or a folder's generated list).
    package var root: Page
    /// The sidebar's entries.
    package var items: [Item]
    /// Every page of the sidebar in its order: what previous and next follow.
    package var order: [Page]
  }

  /// The trees, one per documentation section (and language).
  package private(set) var trees: [Tree] = []
  /// A nav group's title by the folder whose generated list page it stands for: the group's
  /// pages all sit in that folder and its title is the folder's name written otherwise
  /// (MkDocs' `API Guide: [api-guide/…]`), so the folder's page, in breadcrumbs and its own
  /// title, is called what the sidebar calls it, not `Api guide`.
  package private(set) var groupTitles: [String: String] = [:]
  /// Each documentation page's tree and place in its tree's order, by URL.
  package private(set) var places: [String: (tree: Int, index: Int)] = [:]
  /// The folders (relative to `Content/`, with the language's folder) whose pages and list are
  /// documentation.
  package private(set) var folders: Set<String> = []
  /// What the navs and `docs:` did not match: entries naming no page, pages no nav lists.
  package private(set) var warnings: [Diagnostic] = []

  /// No documentation.
  package init() {}

  /// The navigation of the documentation sections among `sections` (by folder; generated ones
  /// included) and the regular pages `regular`.
  package init(sections: [String: Page], regular: [Page], configuration config: SiteConfiguration) {
    let listed = DocsNavigation.listedFolders(config, sections: sections, &warnings)
    var isDocs: [String: Bool] = [:]
    func docs(_ folder: String) -> Bool {
      if let known = isDocs[folder] { return known }
      let answer: Bool
      if let section = sections[folder], let layout = section.layout {
        answer = layout == "docs"
      } else if let section = sections[folder],
        listed[DocsNavigation.folderInLanguage(section, config)] != nil
          || DocsNavigation.isBook(section)
      {
        answer = true
      } else if folder.isEmpty {
        answer = false
      } else {
        answer = docs(DocsNavigation.parent(of: folder))
      }
      isDocs[folder] = answer
      return answer
    }
    var allFolders = Set(sections.keys)
    for page in regular { allFolders.insert(page.folder) }
    for folder in allFolders where docs(folder) { folders.insert(folder) }
    // A tree's root: a documentation folder with a section whose parent folder is not one.
    let roots = folders.filter { folder in
      sections[folder] != nil && (folder.isEmpty || !folders.contains(DocsNavigation.parent(of: folder)))
    }.sorted(by: ByteOrder.precedes)
    for folder in roots {
      guard let root = sections[folder] else { continue }
      let docsFolders = folders
      let inTree = { (page: Page) in
        page.language == root.language && DocsNavigation.isBelow(page.folder, folder)
          && docsFolders.contains(page.folder)
      }
      let pages = regular.filter(inTree)
      let subsections = sections.values.filter { $0 !== root && inTree($0) }
      let nav = DocsNavigation.nav(of: root, listed[DocsNavigation.folderInLanguage(root, config)])
      var items: [Item]
      if let nav {
        let isDefaultLanguage =
          root.language == nil || root.language == config.languages.defaultLanguage?.code
        items = DocsNavigation.resolve(
          nav, root: root, pages: pages, sections: subsections, config: config,
          warnsOfMissingPages: isDefaultLanguage, &warnings)
      } else {
        items = [Item(title: root.title, page: root)]
        items += DocsNavigation.items(in: folder, pages: pages, sections: subsections)
      }
      var order: [Page] = []
      var seen: Set<String> = []
      DocsNavigation.flatten(items, into: &order, &seen)
      if nav != nil { DocsNavigation.collectGroupTitles(items, sections: sections, into: &groupTitles) }
      let index = trees.count
      trees.append(Tree(root: root, items: items, order: order))
      for (position, page) in order.enumerated() where places[page.url] == nil {
        places[page.url] = (index, position)
      }
    }
  }

  /// Fills ``groupTitles`` from a nav's groups: a group whose own pages share one folder that
  /// has a generated list page, and whose title has the folder name's letters and digits
  /// (`API Guide`, `api-guide`), names that folder; the first group to name it wins. A group
  /// called something else may gather pages from anywhere, so it names no folder.
  private static func collectGroupTitles(
    _ items: [Item], sections: [String: Page], into titles: inout [String: String]
  ) {
    func letters(_ text: Substring) -> String {
      String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
    for item in items where item.isGroup {
      let folders = Set(item.children.compactMap { $0.isGroup ? nil : $0.page?.folder })
      if folders.count == 1, let folder = folders.first, sections[folder]?.isGeneratedSection == true,
        titles[folder] == nil, letters(item.title[...]) == letters(folder.split(separator: "/").last ?? "")
      {
        titles[folder] = item.title
      }
      collectGroupTitles(item.children, sections: sections, into: &titles)
    }
  }

  /// Whether `section` says it is a book (`book:` other than false): a book is read as
  /// documentation is, with a sidebar and previous and next in its chapters' order.
  static func isBook(_ section: Page) -> Bool {
    guard let (_, value) = section.params.last(where: { $0.key == "book" }) else { return false }
    return value.bool != false && !value.isNull
  }

  /// Whether the pages of `folder` are documentation.
  package func isDocs(_ folder: String) -> Bool { folders.contains(folder) }

  /// The tree that holds the page at `url`, if it is a documentation page.
  package func tree(of url: String) -> Tree? { places[url].map { trees[$0.tree] } }

  /// The page before and after the page at `url` in its sidebar's order.
  package func neighbours(of url: String) -> (previous: Page?, next: Page?)? {
    guard let place = places[url] else { return nil }
    let order = trees[place.tree].order
    return (
      place.index > 0 ? order[place.index - 1] : nil,
      place.index + 1 < order.count ? order[place.index + 1] : nil
    )
  }

  /// The sidebar of a folder without a nav: its pages and its subfolders' groups, by weight,
  /// then title (a group by its section's weight and title).
  static func items(in folder: String, pages: [Page], sections: [Page]) -> [Item] {
    var entries: [(weight: Int, title: String, url: String, item: Item)] = []
    for page in pages where page.folder == folder {
      entries.append((page.weight, page.title, page.url, Item(title: page.title, page: page)))
    }
    // The folders directly below, whether or not they have a section of their own.
    var children: Set<String> = []
    for folderBelow in pages.map(\.folder) + sections.map(\.folder) where folderBelow != folder {
      guard isBelow(folderBelow, folder) else { continue }
      let rest = folder.isEmpty ? folderBelow[...] : folderBelow.dropFirst(folder.count + 1)
      guard let first = rest.split(separator: "/").first else { continue }
      children.insert(folder.isEmpty ? String(first) : folder + "/" + first)
    }
    for child in children {
      let section = sections.first { $0.folder == child }
      var group = Item(
        title: section?.title ?? Page.generatedTitle(ofFolder: child), page: nil, isGroup: true)
      if let section, !section.isGeneratedSection {
        group.children.append(Item(title: section.title, page: section))
      }
      group.children += items(in: child, pages: pages, sections: sections)
      guard !group.children.isEmpty else { continue }
      entries.append((section?.weight ?? 0, group.title, section?.url ?? "/" + child + "/", group))
    }
    return entries.sorted { a, b in
      if a.weight != b.weight { return b.weight == 0 || (a.weight != 0 && a.weight < b.weight) }
      let titles = ByteOrder.compare(a.title, b.title)
      return titles != 0 ? titles < 0 : ByteOrder.compare(a.url, b.url) < 0
    }.map(\.item)
  }

  /// Every page of `items`, depth first, each once.
  static func flatten(_ items: [Item], into order: inout [Page], _ seen: inout Set<String>) {
    for item in items {
      if let page = item.page, seen.insert(page.url).inserted { order.append(page) }
      flatten(item.children, into: &order, &seen)
    }
  }

  /// Whether `folder` is `ancestor` or inside it.
  static func isBelow(_ folder: String, _ ancestor: String) -> Bool {
    ancestor.isEmpty || folder == ancestor || folder.hasPrefix(ancestor + "/")
  }

  /// The folder above `folder` ("" at the top).
  static func parent(of folder: String) -> String {
    guard let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(folder[..<slash])
  }

  /// A section's folder below its language's folder (`docs` for `ja/docs`), as `docs:` names it.
  static func folderInLanguage(_ section: Page, _ config: SiteConfiguration) -> String {
    folderInLanguage(section.folder, language: section.language, config)
  }

  /// `folder`, of a page in `language`, below that language's folder (`docs` for `ja/docs`, ""
  /// for `ja` itself); `folder` itself on a one-language site.
  static func folderInLanguage(_ folder: String, language: String?, _ config: SiteConfiguration) -> String {
    let languageFolder = config.language(language)?.folder ?? ""
    guard config.languages.isMultilingual, !languageFolder.isEmpty else { return folder }
    if folder == languageFolder { return "" }
    return folder.hasPrefix(languageFolder + "/")
      ? String(folder.dropFirst(languageFolder.count + 1)) : folder
  }

  /// The `docs:` sections by folder, with a warning at each that names a folder with no
  /// section.
  static func listedFolders(
    _ config: SiteConfiguration, sections: [String: Page], _ warnings: inout [Diagnostic]
  ) -> [String: DocsSettings.Section] {
    var listed: [String: DocsSettings.Section] = [:]
    let known = Set(sections.values.map { folderInLanguage($0, config) })
    for section in config.docs?.sections ?? [] {
      listed[section.folder] = section
      if !known.contains(section.folder) {
        warnings.append(DocsNavProblem.noSuchSection(folder: section.folder).diagnostic(at: section.location))
      }
    }
    return listed
  }
}

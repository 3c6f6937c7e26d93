import Diagnostics
import SiteComponents
import SiteContent

/// A documentation section's `nav:`: the sidebar's order as written, MkDocs' way.
extension DocsNavigation {
  /// The nav of `root`: its front matter's `nav:`, else its `docs:` entry's; nil when neither
  /// gives one (or the front matter's cannot be read, which the warning says).
  static func nav(of root: Page, _ listed: DocsSettings.Section?) -> (
    entries: [DocsNavEntry], location: SourceLocation?, problem: Diagnostic?
  )? {
    if let (_, value) = root.params.last(where: { $0.key == "nav" }) {
      do {
        return (try DocsNavEntry.entries(of: value), value.location, nil)
      } catch let error as DiagnosticError {
        return ([], value.location, error.diagnostics.first)
      } catch {
        return nil
      }
    }
    guard let nav = listed?.nav else { return nil }
    return (nav, listed?.location, nil)
  }

  /// The sidebar the nav gives: its entries matched with the section's pages by file (relative
  /// to the section's folder), then the pages it does not list, in the default order, with a
  /// warning naming them (as MkDocs gives one). An entry that names no page is a warning at its
  /// place, unless `warnsOfMissingPages` is false (a translation's tree, where a page may not
  /// be translated yet).
  static func resolve(
    _ nav: (entries: [DocsNavEntry], location: SourceLocation?, problem: Diagnostic?), root: Page,
    pages: [Page], sections: [Page], config: SiteConfiguration, warnsOfMissingPages: Bool,
    _ warnings: inout [Diagnostic]
  ) -> [Item] {
    if let problem = nav.problem {
      // An unreadable nav is a warning here (the page itself builds); the default order stands.
      warnings.append(.warning(problem.message, at: problem.location, hint: problem.hint))
      return [Item(title: root.title, page: root)] + items(in: root.folder, pages: pages, sections: sections)
    }
    let base = folderInLanguage(root, config)
    var byFile: [String: Page] = [:]
    for page in [root] + pages + sections where !page.isGeneratedSection {
      guard var key = fileKey(page, config) else { continue }
      if !base.isEmpty { key = key.hasPrefix(base + "/") ? String(key.dropFirst(base.count + 1)) : key }
      byFile[key] = page
    }
    var used: Set<ObjectIdentifier> = []
    func navItems(_ entries: [DocsNavEntry]) -> [Item] {
      entries.compactMap { entry in
        switch entry {
        case .page(let file, let title, let location):
          let key = normalised(file)
          guard let page = byFile[key] ?? byFile[alternative(key)] else {
            if warnsOfMissingPages {
              warnings.append(
                DocsNavProblem.noSuchPage(file: file, section: root.folder.isEmpty ? "/" : root.folder)
                  .diagnostic(
                    at: location))
            }
            return nil
          }
          used.insert(ObjectIdentifier(page))
          return Item(title: title ?? page.title, page: page)
        case .group(let title, let entries, _):
          let children = navItems(entries)
          return children.isEmpty ? nil : Item(title: title, page: nil, children: children, isGroup: true)
        case .link(let title, let url, _):
          return Item(title: title, page: nil, externalURL: url)
        }
      }
    }
    var result = navItems(nav.entries)
    // The pages the nav leaves out, after it, in the default order (MkDocs leaves them out of
    // its nav, with a note; a sidebar that hid them would make them unreachable).
    var leftOut: [Item] = []
    var names: [String] = []
    var order: [Page] = []
    var seen: Set<String> = []
    let defaults =
      [Item(title: root.title, page: root)]
      + DocsNavigation.items(in: root.folder, pages: pages, sections: sections)
    flatten(defaults, into: &order, &seen)
    // A folder's generated list has no file a nav could name: it is left out of the sidebar.
    for page in order where !used.contains(ObjectIdentifier(page)) && !page.isGeneratedSection {
      leftOut.append(Item(title: page.title, page: page))
      guard let key = fileKey(page, config) else { continue }
      names.append(base.isEmpty || !key.hasPrefix(base + "/") ? key : String(key.dropFirst(base.count + 1)))
    }
    result += leftOut
    if !names.isEmpty {
      let shown = names.count > 20 ? Array(names.prefix(20)) + ["and \(names.count - 20) more"] : names
      warnings.append(DocsNavProblem.pagesNotInNav(files: shown).diagnostic(at: nav.location))
    }
    return result
  }

  /// The page's file relative to `Content/` and to its language's folder, with no language in
  /// its name (`docs/cli.md` for `Content/docs/cli.ja.md`): one nav names a page of every
  /// language. Nil for a generated section, which has no file.
  static func fileKey(_ page: Page, _ config: SiteConfiguration) -> String? {
    guard !page.isGeneratedSection, page.sourcePath.hasPrefix("Content/") else { return nil }
    var path = String(page.sourcePath.dropFirst("Content/".count))
    if config.languages.isMultilingual, let language = config.language(page.language) {
      if !language.folder.isEmpty, path.hasPrefix(language.folder + "/") {
        path = String(path.dropFirst(language.folder.count + 1))
      }
      let suffix = "." + language.code + ".md"
      if path.hasSuffix(suffix) { path = String(path.dropLast(suffix.count)) + ".md" }
    }
    return path
  }

  /// A nav's file as the keys are written: no `./`, no leading `/`.
  static func normalised(_ file: String) -> String {
    file.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }

  /// The other name of a section's file: `_index.md` for `index.md` and back (MkDocs names a
  /// folder's page `index.md`, Hugo `_index.md`).
  static func alternative(_ key: String) -> String {
    let name = key.split(separator: "/").last.map(String.init) ?? key
    let folder = DocsNavigation.parent(of: key)
    let other = name == "index.md" ? "_index.md" : name == "_index.md" ? "index.md" : name
    return folder.isEmpty ? other : folder + "/" + other
  }
}

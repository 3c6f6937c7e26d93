import Diagnostics

/// What can be wrong with documentation navigation: the `docs:` setting, a section's `nav:`, and
/// the pages a nav leaves out; each worded here, once.
package enum DocsNavProblem: Equatable, Sendable {
  /// `nav:` (or `docs:`) is not a list.
  case notAList
  /// A nav entry is not a file, `{title: file}`, `{title: URL}` or `{title: [entries]}`.
  case notAnEntry
  /// A `docs:` entry is not a folder or `{section: folder, nav: [...]}`.
  case notASection
  /// A nav entry names a file that is no page of the section.
  case noSuchPage(file: String, section: String)
  /// Pages of the section that its nav does not list (shown after the listed ones).
  case pagesNotInNav(files: [String])
  /// A `docs:` folder that holds no section.
  case noSuchSection(folder: String)

  /// The error at `location`, for the setting `key`.
  package func error(at location: SourceLocation?, key: String) -> DiagnosticError {
    DiagnosticError(diagnostic(at: location, key: key))
  }

  /// The finding at `location`: errors for what cannot be read, warnings for pages the nav
  /// does not match.
  package func diagnostic(at location: SourceLocation?, key: String = "nav") -> Diagnostic {
    switch self {
    case .notAList:
      .error(
        "`\(key)` must be a list", at: location,
        hint: "write `\(key): [getting-started.md, {Guides: [guides/a.md, guides/b.md]}]`")
    case .notAnEntry:
      .error(
        "a `\(key)` entry must be a file, `{Title: file.md}`, `{Title: https://…}` or `{Title: [entries]}`",
        at: location, hint: "write each entry as MkDocs writes its nav")
    case .notASection:
      .error(
        "a `docs` entry must be a section folder (`docs`) or `{section: docs, nav: [...]}`", at: location,
        hint: "name folders relative to Content/; `/` is the whole site")
    case .noSuchPage(let file, let section):
      .warning(
        "the nav names '\(file)', which is no page of the section '\(section)'", at: location,
        hint: "write the file's path relative to the section's folder, or remove the entry")
    case .pagesNotInNav(let files):
      .warning(
        "the nav does not list \(files.count == 1 ? "this page" : "these \(files.count) pages"): "
          + files.joined(separator: ", "), at: location,
        hint: "they are shown after the listed ones; add them to the nav to choose their place")
    case .noSuchSection(let folder):
      .warning(
        "`docs` names the folder '\(folder)', which holds no pages", at: location,
        hint: "name a folder of Content/ that holds pages, relative to Content/")
    }
  }
}

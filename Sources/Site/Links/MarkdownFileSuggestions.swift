import SiteContent

/// Suggests the Markdown file a link to one that makes no page probably meant: a file in the
/// same folder a typo or two away (`getting-startd.md` → `getting-started.md`), else the one
/// file anywhere with the same name (a page that moved to another folder).
///
/// Built only when a check finds such a link, in one pass over the files that make pages.
struct MarkdownFileSuggestions {
  /// File names by folder (`docs` → `cli.md`, `getting-started.md`), relative to `Content/`.
  private var namesByFolder: [Substring: [Substring]] = [:]
  /// Files by name, for files that moved.
  private var filesByName: [Substring: [String]] = [:]
  /// Siblings compared for typos at most, as for URLs (``LinkSuggestions``).
  private static let typoSearchLimit = 500

  /// Indexes `files`, the Markdown files that make pages (relative to `Content/`).
  init(files: some Sequence<String>) {
    for file in files {
      let (folder, name) = Self.split(file)
      namesByFolder[folder, default: []].append(name)
      filesByName[name, default: []].append(file)
    }
    for key in namesByFolder.keys { namesByFolder[key]?.sort { ByteOrder.precedes(String($0), String($1)) } }
  }

  /// What to write instead of `written`, the link to `missing` (relative to `Content/`): the
  /// link with the near sibling's name in place of the missing one, or the moved file: from
  /// the page's folder for a link to a file beside it (`../guide/setup.md`), else from
  /// `Content/` (`/guide/setup.md`); nil when nothing is close.
  func suggestion(for missing: String, written: String) -> String? {
    let (folder, name) = Self.split(missing)
    // The link's path and what follows it (`#flags`), which every suggestion keeps.
    let path = written.prefix { $0 != "#" && $0 != "?" }
    let rest = written.dropFirst(path.count)
    // Typos are counted in the names without `.md`; a name of three letters or fewer has too
    // many neighbours one edit away (`b.md` is not a typo of `a.md`).
    let stem = name.dropLast(3)
    let allowed = stem.count <= 3 ? 0 : stem.count <= 5 ? 1 : 2
    if allowed > 0, let siblings = namesByFolder[folder], siblings.count <= Self.typoSearchLimit,
      let near = EditDistance.nearest(to: stem, in: siblings.lazy.map { $0.dropLast(3) }, limit: allowed)
    {
      // The link as written up to its last `/`, so `../guide/setp.md` keeps `../guide/`.
      let head = path.lastIndex(of: "/").map { path[...$0] } ?? ""
      return String(head) + near + ".md" + rest
    }
    guard let moved = filesByName[name], moved.count == 1 else { return nil }
    // A link to a file beside the page (`setup.md`) is answered from the page's folder, as
    // GitHub reads it (`../guide/setup.md`); others from `Content/`.
    guard !path.contains("/") else { return "/" + moved[0] + rest }
    let from = folder.split(separator: "/")
    let to = moved[0].split(separator: "/")
    let shared = zip(from, to.dropLast()).prefix { $0 == $1 }.count
    return (Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init))
      .joined(separator: "/") + rest
  }

  /// `docs/cli.md` → (`docs`, `cli.md`); `a.md` → (``, `a.md`).
  private static func split(_ file: String) -> (folder: Substring, name: Substring) {
    guard let slash = file.lastIndex(of: "/") else { return ("", file[...]) }
    return (file[..<slash], file[file.index(after: slash)...])
  }
}

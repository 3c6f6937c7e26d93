import Diagnostics
import Foundation

/// The files of `Content/`, sorted: Markdown pages and everything else (copied as it is).
package struct ContentFiles: Sendable {
  /// The most files `Content/` may hold (``Limits/filesPerSite``): a folder of millions of files
  /// is a mistake (a `node_modules` inside `Content/`), and the limit stops it before the
  /// memory does.
  static let maximumFiles = Limits.filesPerSite

  let folder: URL
  /// The door every read goes through.
  let files: SiteFiles
  /// Markdown files relative to `Content/`.
  package let markdown: [String]
  /// Other files relative to `Content/` (also their output paths).
  package let staticFiles: [String]
  /// The section pages of Zenn books among ``markdown`` (read from their `config.yaml`), each
  /// with its cover's file name (``PageLoader/zennBooks``).
  package let zennBooks: [String: String?]
  /// Files whose names differ only in case: one URL on macOS and Windows checkouts.
  package let warnings: [Diagnostic]

  /// Lists `Content/` and the folders mounted into it (``SiteFiles/mounts``) through `files`.
  package init(files: SiteFiles) throws {
    self.files = files
    // A Content/ that is a symbolic link is read through its target when that is inside the
    // project; SiteFiles refuses each file otherwise.
    folder = URL(fileURLWithPath: files.rootPath).appendingPathComponent("Content").resolvingSymlinksInPath()
    var isFolder: ObjCBool = false
    var all: [String] = []
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue {
      guard folder.path.hasPrefix(files.rootPath + "/") else {
        throw SiteProblem.contentOutsideTheSite(target: folder.path).error(
          at: SourceLocation(path: "Content", line: 1, column: 1))
      }
      try ContentFiles.refuseVersionControl(
        folder, named: "Content", in: files, at: SourceLocation(path: "Content", line: 1, column: 1))
      all = ContentFiles.listFiles(in: folder, limit: ContentFiles.maximumFiles + 1)
    } else if files.mounts.isEmpty {
      let tool = ImportedTool.detect { files.exists($0) }
      throw SiteProblem.noContentFolder(
        project: files.rootPath, otherTool: tool?.tool, configuration: tool?.configuration
      )
      .error()
    }
    let (mounted, templates) = try ContentFiles.listMounts(of: files, besides: all)
    all += mounted
    guard all.count <= ContentFiles.maximumFiles else {
      throw LimitExceeded.filesPerSite(all.count).error(
        at: SourceLocation(path: "Content", line: 1, column: 1))
    }
    if !files.mounts.isEmpty { all.sort(by: ByteOrder.precedes) }
    var markdown = all.filter { $0.hasSuffix(".md") }
    var staticFiles = all.filter { !$0.hasSuffix(".md") }
    // Zenn books: each `books/<slug>/config.yaml` beside chapters and without an `_index.md` is
    // the book's section page, and is not published.
    var zennBooks: [String: String?] = [:]
    let configs = staticFiles.filter(ZennBook.isConfig)
    if !configs.isEmpty {
      let pages = Set(markdown)
      let others = Set(staticFiles)
      for config in configs {
        let index = ZennBook.indexPath(ofConfig: config)
        let folder = String(config.dropLast("config.yaml".count))
        guard !pages.contains(index), pages.contains(where: { $0.hasPrefix(folder) }) else { continue }
        zennBooks[index] = .some(ZennBook.coverNames.first { others.contains(folder + $0) })
      }
      staticFiles.removeAll { zennBooks[ZennBook.indexPath(ofConfig: $0)] != nil && ZennBook.isConfig($0) }
      markdown = (markdown + zennBooks.keys).sorted(by: ByteOrder.precedes)
    }
    self.markdown = markdown
    self.staticFiles = staticFiles
    self.zennBooks = zennBooks
    let (twins, caseTwins) = ContentFiles.sameNames(all)
    warnings = templates + caseTwins
    // Static files are published under their own names, which must make safe output paths.
    var problems: [Diagnostic] = twins
    for path in staticFiles {
      let location = SourceLocation(path: "Content/" + path, line: 1, column: 1)
      if let problem = OutputPath.fileNameProblem(path, name: path, at: location) { problems.append(problem) }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
  }

  /// The paths of `paths` (in byte order) that another one equals once both are in Unicode's
  /// normal form (`résumé.md` in NFC and in NFD: Swift strings, URLs and most file systems see
  /// one name, so one file would be published in place of the other without a word), as
  /// errors; and those that equal another once case is folded (`About.md`, `about.md`: one file
  /// on macOS and Windows), as warnings. Each is reported at the later path, naming the earlier.
  package static func sameNames(_ paths: [String]) -> (errors: [Diagnostic], warnings: [Diagnostic]) {
    guard paths.count > 1 else { return ([], []) }
    // Two names that differ in bytes can be one name only if one of them is not lowercase
    // ASCII: a site of such names (a generated one, many imported ones) has no twins, and is
    // spared two tables of every path on the way to its first page.
    func isFoldedASCII(_ path: String) -> Bool {
      path.utf8.allSatisfy { $0 < 0x80 && ($0 < UInt8(ascii: "A") || $0 > UInt8(ascii: "Z")) }
    }
    guard !paths.allSatisfy(isFoldedASCII) else { return ([], []) }
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    // String keys compare by canonical equivalence, so the key is the name in any form.
    var seen: [String: String] = [:]
    var folded: [String: String] = [:]
    seen.reserveCapacity(paths.count)
    folded.reserveCapacity(paths.count)
    for path in paths {
      // Made only for a report: building it for every path cost a string a file.
      func location() -> SourceLocation { SourceLocation(path: "Content/" + path, line: 1, column: 1) }
      if let other = seen[path] {
        errors.append(SiteProblem.sameNameInTwoForms(path: path, other: other).diagnostic(at: location()))
        continue
      }
      seen[path] = path
      // Nearly every path is lowercase ASCII already: folded only when it is not.
      let key = isFoldedASCII(path) ? path : path.lowercased()
      if let other = folded[key] {
        warnings.append(SiteProblem.sameNameInTwoCases(path: path, other: other).diagnostic(at: location()))
      } else {
        folded[key] = path
      }
    }
    return (errors, warnings)
  }

  /// The files of each mounted folder, relative to `Content/` (below the mount's target).
  ///
  /// Mounts may read into one folder (Hugo's `content/` and `static/` both at `/`), as long as
  /// no two files land on one path: that is an error naming both, where the site would
  /// otherwise publish one of them silently.
  ///
  /// A text file there that opens with a front-matter line (`---`) is another tool's page
  /// template (Jekyll's `index.html`, `atom.xml`, `search.json`, written in Liquid): Folio does
  /// not run it, and publishing it would put template code on the site (or take the place of
  /// Folio's own home page or feed), so it is left out with a warning.
  private static func listMounts(of files: SiteFiles, besides content: [String]) throws -> (
    files: [String], templates: [Diagnostic]
  ) {
    var listed: [String] = []
    var templates: [Diagnostic] = []
    // Who put each path there, for the error when a second file lands on it.
    var owners: [String: String] = [:]
    if !files.mounts.isEmpty {
      for path in content { owners[path] = "Content/" + path }
    }
    var collisions: [Diagnostic] = []
    for mount in files.mounts {
      let location = mount.location ?? SourceLocation(path: "folio.yaml", line: 1, column: 1)
      if mount.target.isEmpty
        ? !content.isEmpty : content.contains(where: { $0.hasPrefix(mount.target + "/") })
      {
        throw SiteProblem.mountShadowsContent(target: mount.target, source: mount.source).error(at: location)
      }
      let source = URL(fileURLWithPath: files.rootPath).appendingPathComponent(mount.source)
        .resolvingSymlinksInPath()
      var isFolder: ObjCBool = false
      guard
        source.path.hasPrefix(files.rootPath + "/")
          || (mount.readsTopFilesOnly && source.path == files.rootPath),
        FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue
      else {
        throw SiteProblem.mountedFolderMissing(source: mount.source).error(at: location)
      }
      // `ln -s .git gitdir` and a mount of `gitdir` would list the repository.
      try refuseVersionControl(source, named: mount.source, in: files, at: location)
      for relative in listFiles(in: source, limit: maximumFiles + 1, topOnly: mount.readsTopFilesOnly) {
        if mount.exclude.contains(where: { $0.matches(relative) }) { continue }
        let path = mount.contentPath(of: relative)
        let sourcePath = mount.readsTopFilesOnly ? relative : mount.source + "/" + relative
        if isTemplate(files.rootPath + "/" + sourcePath) {
          templates.append(
            SiteProblem.otherToolsTemplate(path: sourcePath).diagnostic(
              at: SourceLocation(path: sourcePath, line: 1, column: 1)))
          continue
        }
        if let other = owners.updateValue(sourcePath, forKey: path) {
          collisions.append(
            SiteProblem.mountedFilesCollide(path: path, source: sourcePath, other: other).diagnostic(
              at: SourceLocation(path: sourcePath, line: 1, column: 1)))
          owners[path] = other
          continue
        }
        listed.append(path)
      }
    }
    guard collisions.isEmpty else { throw DiagnosticError(collisions) }
    return (listed, templates)
  }

  /// The text files another tool runs as templates: HTML, feeds, JSON, styles and scripts.
  private static let templateExtensions: Set<Substring> = [
    "html", "htm", "xml", "json", "txt", "css", "scss", "sass", "js", "rss", "atom", "webmanifest",
  ]

  /// Whether the file at `path` (absolute) has a template's extension and opens with a line
  /// that is `---`: front matter, which a static file never has.
  private static func isTemplate(_ path: String) -> Bool {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"),
      templateExtensions.contains(path[path.index(after: dot)...].lowercased()[...])
    else { return false }
    let file = Foundation.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return false }
    defer { close(file) }
    var head = [UInt8](repeating: 0, count: 5)
    let count = Foundation.read(file, &head, 5)
    guard count >= 4 else { return false }
    return head.starts(with: Array("---\n".utf8)) || head.starts(with: Array("---\r\n".utf8))
  }

  /// Refuses a folder read as content (`name`, resolved to `folder`) that is or is inside a
  /// version-control folder.
  private static func refuseVersionControl(
    _ folder: URL, named name: String, in files: SiteFiles, at location: SourceLocation
  ) throws {
    let inProject = folder.path.dropFirst(files.rootPath.count + 1)
    guard let reserved = VersionControlName.firstReservedSegment(in: inProject) else { return }
    throw SiteProblem.insideVersionControl(
      path: name, target: inProject == Substring(name) ? nil : String(inProject), folder: reserved
    ).error(at: location)
  }

  /// The bytes of the static file at `path`, relative to `Content/`.
  package func read(_ path: String) throws -> [UInt8] {
    try files.read("Content/" + path, limit: SiteFiles.maximumFileBytes)
  }

  /// Every regular file below `folder`, relative, in byte order, hidden files and editors'
  /// droppings (``EditorDropping``) skipped.
  ///
  /// Reads folders with `readdir`, whose entry types spare a `stat` per file. It lists what
  /// FileManager's enumerator did: symbolic links count as the file they point to, links to
  /// folders and broken links are left out and not followed, and a `folder` that is itself a
  /// symbolic link lists nothing.
  /// Stops once it has found `limit` files.
  ///
  /// With `topOnly`, the files directly in `folder` alone (no folder is entered), leaving out
  /// those whose names start with `_`, `#` or `~` (Jekyll's rule for what is not published)
  /// and `folio.yaml`: a mount of the project's top (`source: .`) reads its pages, never
  /// Folio's own folders or the output.
  package static func listFiles(in folder: URL, limit: Int = .max, topOnly: Bool = false) -> [String] {
    var info = stat()
    guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
    var files: [String] = []
    collectFiles(in: folder.path, prefix: "", limit: limit, descends: !topOnly, into: &files)
    return topOnly ? files.filter(readsTopFile) : files
  }

  /// Whether a mount of the project's top reads the file named `name` there: not Folio's
  /// settings, nor what Jekyll leaves unpublished (`_config.yml`, `#draft`, `~backup`, the
  /// `Gemfile`).
  package static func readsTopFile(_ name: String) -> Bool {
    !(name.hasPrefix("_") || name.hasPrefix("#") || name.hasPrefix("~") || name.hasPrefix(".")
      || name == "folio.yaml" || name == "Gemfile" || name == "Gemfile.lock")
  }

  /// Appends the files below `path` to `files` in byte order: each folder's entries are sorted
  /// as the paths they start (a folder's name with its slash), so the whole list comes out
  /// sorted with a sort of each folder's few names, not one of every path.
  private static func collectFiles(
    in path: String, prefix: String, limit: Int, descends: Bool = true, into files: inout [String]
  ) {
    guard let directory = opendir(path) else { return }
    var entries: [(key: String, name: String, isFolder: Bool)] = []
    // Files count towards the limit as they are read, so a folder of millions stops early.
    var fileCount = 0
    while files.count + fileCount < limit, let entry = readdir(directory) {
      // d_name is a fixed-size array of CChar ending with NUL, never empty.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      // Hidden files and folders, `.` and `..`, and what editors leave beside a file.
      if name.hasPrefix(".") || EditorDropping.isDropping(name) { continue }
      // The entry's path, made only for the file systems that do not give its type and for
      // links: nearly every entry needs none.
      var full: String { path + "/" + name }
      var type = Int(entry.pointee.d_type)
      if type == Int(DT_UNKNOWN) {
        var info = stat()
        guard lstat(full, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: type = Int(DT_DIR)
        case S_IFLNK: type = Int(DT_LNK)
        default: type = Int(DT_REG)
        }
      }
      switch type {
      case Int(DT_DIR):
        entries.append((name + "/", name, true))
      case Int(DT_LNK):
        var info = stat()
        if stat(full, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
          entries.append((name, name, false))
          fileCount += 1
        }
      default:
        entries.append((name, name, false))
        fileCount += 1
      }
    }
    closedir(directory)
    entries.sort { ByteOrder.precedes($0.key, $1.key) }
    for entry in entries {
      guard files.count < limit else { return }
      if entry.isFolder {
        guard descends else { continue }
        collectFiles(
          in: path + "/" + entry.name, prefix: prefix + entry.name + "/", limit: limit, into: &files)
      } else {
        files.append(prefix + entry.name)
      }
    }
  }
}

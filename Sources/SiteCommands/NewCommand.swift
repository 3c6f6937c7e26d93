import CLI
import Foundation
import Site

/// `folio new site DIR` and `folio new page PATH`: a working site to start from, or one page
/// with its front matter. Neither ever replaces an existing file.
struct NewCommand {
  static let abstract = FolioCommand.abstract(of: "new")

  /// `--title`.
  static let siteTitleOption = ArgumentParser.Option.value(
    "--title", valueName: "TITLE", help: "The site's title (default: the folder's name).")
  /// `--date`.
  static let siteDateOption = ArgumentParser.Option.value(
    "--date", valueName: "DATE", help: "The first post's date, YYYY-MM-DD (default: today).")
  /// `--from-zenn`.
  static let siteFromZennOption = ArgumentParser.Option.flag(
    "--from-zenn",
    help: "DIR is a Zenn repository (articles/, images/): write a folio.yaml that builds it where it is.")
  /// `--help`.
  static let siteHelpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  static let siteParser = ArgumentParser(options: [
    siteTitleOption,
    siteDateOption,
    siteFromZennOption,
    siteHelpOption,
  ])

  /// `--title`.
  static let pageTitleOption = ArgumentParser.Option.value(
    "--title", valueName: "TITLE", help: "The page's title (default: from the file name).")
  /// `--date`.
  static let pageDateOption = ArgumentParser.Option.value(
    "--date", valueName: "DATE", help: "The page's date, YYYY-MM-DD (default: today).")
  /// `--draft`.
  static let pageDraftOption = ArgumentParser.Option.flag("--draft", help: "Mark the page as a draft.")
  /// `--help`.
  static let pageHelpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  static let pageParser = ArgumentParser(options: [
    pageTitleOption,
    pageDateOption,
    pageDraftOption,
    pageHelpOption,
  ])

  /// What `man folio-new` and the completions say: the options of `new site` and `new page`.
  static let reference = CommandReference(
    name: "new", abstract: abstract,
    usage: ["folio new site DIR [options]", "folio new page PATH [options]"],
    parsers: [siteParser, pageParser], arguments: ["site", "page"])

  static var help: String {
    """
    OVERVIEW: \(abstract)

    USAGE: folio new site DIR [options]
           folio new page PATH [options]

    See 'folio new site --help' and 'folio new page --help'.
    """
  }

  static var siteHelp: String {
    """
    OVERVIEW: Create a site in DIR (new or empty) that 'folio build' builds as it is: folio.yaml,
    a home page, a posts section with a first post, and an about page.

    With --from-zenn, DIR is an existing Zenn repository instead: Folio writes only folio.yaml
    (and a .gitignore when there is none), which mounts articles/, books/ and images/ where they
    are, so that 'folio build' in DIR builds the articles as Zenn shows them.

    USAGE: folio new site DIR [options]
           folio new site --from-zenn DIR [--title TITLE]

    OPTIONS:
    \(siteParser.helpText())
    """
  }

  static var pageHelp: String {
    """
    OVERVIEW: Create a Markdown page at PATH (for example Content/posts/hello.md) with a title
    taken from the file name and a date. A relative PATH outside Content/ goes under it
    (posts/hello.md writes Content/posts/hello.md). An existing file is never replaced.

    USAGE: folio new page PATH [options]

    OPTIONS:
    \(pageParser.helpText())
    """
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
    guard let kind = arguments.first else { throw UsageError("expected 'site' or 'page' after 'new'") }
    let rest = Array(arguments.dropFirst())
    switch kind {
    case "-h", "--help":
      io.print(help)
      return 0
    case "site": return try site(rest, io: io)
    case "page": return try page(rest, io: io)
    default: throw UsageError("unknown kind '\(kind)': expected 'site' or 'page'")
    }
  }

  private static func site(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try siteParser.parse(arguments)
    if parsed.has(Self.siteHelpOption) {
      io.print(siteHelp)
      return 0
    }
    guard parsed.positional.count == 1, let path = parsed.positional.first else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing DIR" : "expected one DIR, got \(parsed.positional.count)")
    }
    if parsed.has(Self.siteFromZennOption) {
      return zennSite(at: path, title: parsed.value(Self.siteTitleOption), io: io)
    }
    let date = try checkedDate(parsed.value(Self.siteDateOption))
    let folder = URL(fileURLWithPath: path)
    let fileManager = FileManager.default
    var isFolder: ObjCBool = false
    if fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
      let entries =
        isFolder.boolValue ? (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] : [""]
      guard entries.isEmpty else {
        io.writeError("error: '\(path)' already exists and is not an empty folder; choose a new folder\n")
        return 1
      }
    }
    let title =
      parsed.value(Self.siteTitleOption) ?? PageScaffold.title(forPath: folder.standardizedFileURL.path)
    let files = SiteScaffold.files(title: title, date: date)
    do {
      for (relative, text) in files.sorted(by: { $0.key < $1.key }) {
        let file = folder.appendingPathComponent(relative)
        try fileManager.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .withoutOverwriting)
      }
    } catch {
      io.writeError("error: cannot write the site into '\(path)': \(error.localizedDescription)\n")
      return 1
    }
    io.writeError("Created a site in \(path). Next: cd \(path) && folio build\n")
    return 0
  }

  /// `folio new site --from-zenn DIR`: a folio.yaml in the Zenn repository at `path`.
  private static func zennSite(at path: String, title: String?, io: CommandIO) -> Int32 {
    let folder = URL(fileURLWithPath: path)
    let fileManager = FileManager.default
    func isFolder(_ name: String) -> Bool {
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(name)
      return fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
    guard isFolder("articles") else {
      io.writeError(
        "error: '\(path)' has no articles/ folder; --from-zenn reads a Zenn repository (articles/*.md, images/)\n"
      )
      return 1
    }
    guard !fileManager.fileExists(atPath: folder.appendingPathComponent("folio.yaml").path) else {
      io.writeError("error: '\(path)' already has a folio.yaml; Folio does not replace it\n")
      return 1
    }
    let files = ZennScaffold.files(
      title: title ?? PageScaffold.title(forPath: folder.standardizedFileURL.path),
      folders: ZennScaffold.folders.filter(isFolder),
      hasGitignore: fileManager.fileExists(atPath: folder.appendingPathComponent(".gitignore").path))
    do {
      for (relative, text) in files.sorted(by: { $0.key < $1.key }) {
        try Data(text.utf8).write(to: folder.appendingPathComponent(relative), options: .withoutOverwriting)
      }
    } catch {
      io.writeError("error: cannot write folio.yaml into '\(path)': \(error.localizedDescription)\n")
      return 1
    }
    io.writeError("Wrote folio.yaml for the Zenn repository in \(path). Next: cd \(path) && folio build\n")
    return 0
  }

  private static func page(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try pageParser.parse(arguments)
    if parsed.has(Self.pageHelpOption) {
      io.print(pageHelp)
      return 0
    }
    guard parsed.positional.count == 1, let path = parsed.positional.first else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing PATH" : "expected one PATH, got \(parsed.positional.count)")
    }
    guard path.hasSuffix(".md") else { throw UsageError("PATH must end in .md, got '\(path)'") }
    let date = try checkedDate(parsed.value(Self.pageDateOption))
    let title = parsed.value(Self.pageTitleOption) ?? PageScaffold.title(forPath: path)
    let written = PageScaffold.contentPath(for: path)
    let file = URL(
      fileURLWithPath: written, relativeTo: URL(fileURLWithPath: io.currentDirectory(), isDirectory: true))
    let text = PageScaffold.page(title: title, date: date, isDraft: parsed.has(Self.pageDraftOption))
    if FileManager.default.fileExists(atPath: file.path) {
      io.writeError("error: '\(written)' already exists; Folio does not replace it\n")
      return 1
    }
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      // O_EXCL: a file that appears between the check above and here is not replaced either.
      try Data(text.utf8).write(to: file, options: .withoutOverwriting)
    } catch {
      io.writeError("error: cannot write '\(written)': \(error.localizedDescription)\n")
      return 1
    }
    // Said whenever the path was moved, so that nobody looks for the file where they typed it.
    io.writeError(
      written == path
        ? "Created \(written)\n"
        : "Created \(written) (pages are read from Content/, so '\(path)' went there)\n")
    return 0
  }

  /// `--date` when given and well-formed, else today in the local time zone.
  private static func checkedDate(_ value: String?) throws -> String {
    guard let value else {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.calendar = Calendar(identifier: .gregorian)
      formatter.dateFormat = "yyyy-MM-dd"
      return formatter.string(from: Date())
    }
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    let valid =
      parts.count == 3
      && zip(parts, [4, 2, 2]).allSatisfy { part, length in
        part.count == length && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
      } && (1...12).contains(Int(parts[1]) ?? 0) && (1...31).contains(Int(parts[2]) ?? 0)
    guard valid else { throw UsageError("--date must be YYYY-MM-DD, got '\(value)'") }
    return value
  }
}

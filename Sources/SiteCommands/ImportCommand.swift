import CLI
import Diagnostics
import Foundation
import Site

/// `folio import [DIR]`: writes the `folio.yaml` that builds a Hugo, Jekyll or MkDocs repository
/// where it is, and prints what it could not carry over at each setting's place. It never
/// replaces a `folio.yaml` and never moves or changes a content file.
struct ImportCommand {
  static let abstract = FolioCommand.abstract(of: "import")

  /// `--dry-run`.
  static let dryRunOption = ArgumentParser.Option.flag(
    "--dry-run", help: "Print the folio.yaml it would write, and the notes; write nothing.")
  /// `--help`.
  static let helpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  static let parser = ArgumentParser(options: [dryRunOption, helpOption])

  /// What `man folio-import` and the completions say, from the same table as `--help`.
  static let reference = CommandReference(
    name: "import", abstract: abstract, usage: ["folio import [DIR] [options]"], parsers: [parser])

  static var help: String {
    """
    OVERVIEW: \(abstract)

    Reads hugo.toml / config.toml / config/_default/ (Hugo), _config.yml (Jekyll) or mkdocs.yml
    (MkDocs) in DIR (default: the current folder) and writes DIR/folio.yaml: the content and
    static folders mounted where they are, the title, base URL, languages, taxonomies,
    permalinks, pagination and menu. Each setting it cannot carry over is printed at its file
    and line. An existing folio.yaml is never replaced; no content file is moved or changed.

    USAGE: folio import [DIR] [options]

    OPTIONS:
    \(parser.helpText())
    """
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has(Self.helpOption) {
      io.print(help)
      return 0
    }
    guard parsed.positional.count <= 1 else {
      throw UsageError("expected at most one DIR, got \(parsed.positional.count)")
    }
    let path = parsed.positional.first ?? "."
    let folder = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: io.currentDirectory() + "/"))
      .standardizedFileURL
    let plan: ImportPlan
    do {
      plan = try SiteImporter.plan(forRepositoryAt: folder)
    } catch let error as DiagnosticError {
      io.writeError(error.description + "\n")
      return 1
    }
    for note in plan.notes { io.writeError(note.description + "\n") }
    if parsed.has(Self.dryRunOption) {
      io.writeOutput(Array(plan.settings.utf8))
      io.writeError(
        "Read \(plan.configurationFile) (\(plan.tool.rawValue)): \(plan.notes.count) notes; wrote nothing (--dry-run).\n"
      )
      return 0
    }
    let settingsFile = folder.appendingPathComponent("folio.yaml")
    guard !FileManager.default.fileExists(atPath: settingsFile.path) else {
      io.writeError(
        "error: '\(path)' already has a folio.yaml; Folio does not replace it (see 'folio import --dry-run')\n"
      )
      return 1
    }
    do {
      // .withoutOverwriting is O_EXCL: a file that appears meanwhile is not replaced either.
      try Data(plan.settings.utf8).write(to: settingsFile, options: .withoutOverwriting)
      if let gitignore = plan.gitignore {
        try Data(gitignore.utf8).write(
          to: folder.appendingPathComponent(".gitignore"), options: .withoutOverwriting)
      }
    } catch {
      io.writeError("error: cannot write folio.yaml into '\(path)': \(error.localizedDescription)\n")
      return 1
    }
    io.writeError(
      "Wrote folio.yaml for the \(plan.tool.rawValue) site (\(plan.configurationFile)), with \(plan.notes.count) notes.\n"
    )
    keepOldURLs(in: folder, plan: plan, settingsFile: settingsFile, io: io)
    io.writeError("Next: folio build\(path == "." ? "" : " --source " + path)\n")
    return 0
  }

  /// Builds the site in memory with the new folio.yaml and adds `redirects:` for the pages whose
  /// URL is not the old tool's (``ImportedURLs``), so links to the old URLs keep working.
  private static func keepOldURLs(in folder: URL, plan: ImportPlan, settingsFile: URL, io: CommandIO) {
    let compared: ImportedURLs
    do {
      compared = try ImportedURLs.compare(projectAt: folder, tool: plan.tool)
    } catch let error as DiagnosticError {
      io.writeError(
        "The URLs were not compared with \(plan.tool.rawValue)'s: the site does not build yet"
          + " (\(error.diagnostics.count) errors; 'folio build' lists them).\n")
      return
    } catch {
      io.writeError("The URLs were not compared with \(plan.tool.rawValue)'s: \(error)\n")
      return
    }
    for note in compared.notes { io.writeError(note.description + "\n") }
    var summary =
      "Compared \(compared.comparedPages) pages' URLs with \(plan.tool.rawValue)'s: "
      + "\(compared.redirects.count + compared.notes.count) differ"
    if !compared.redirects.isEmpty {
      do {
        // The file this command has just created: appending is no replacement of the user's.
        let handle = try FileHandle(forWritingTo: settingsFile)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(compared.settingsText.utf8))
        try handle.close()
        summary += ", \(compared.redirects.count) kept by redirects in folio.yaml"
      } catch {
        summary += "; the redirects could not be added to folio.yaml: \(error.localizedDescription)"
      }
    }
    io.writeError(
      summary + (compared.notes.isEmpty ? ".\n" : ", \(compared.notes.count) not kept (above).\n"))
  }
}

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
      "Wrote folio.yaml for the \(plan.tool.rawValue) site (\(plan.configurationFile)), with \(plan.notes.count) notes."
        + " Next: folio build\(path == "." ? "" : " --source " + path)\n")
    return 0
  }
}

import CLI
import Diagnostics
import Foundation
import Site

/// `folio check`: builds the whole site in memory, as `build` does, and reports every problem
/// without writing anything, for a CI step or a pre-commit hook.
struct CheckCommand {
  static let abstract = FolioCommand.abstract(of: "check")

  /// `--drafts`.
  static let draftsOption = ArgumentParser.Option.flag(
    "--drafts", help: "Check pages marked draft: true too.")
  /// `--strict`.
  static let strictOption = ArgumentParser.Option.flag(
    "--strict", help: "Count warnings as errors: exit 1 if there are any.")

  static let parser = ArgumentParser(options: [
    SiteArguments.sourceOption,
    draftsOption,
    strictOption,
    SiteArguments.formatOption,
    SiteArguments.helpOption,
  ])

  static var help: String {
    """
    OVERVIEW: \(abstract)

    Reports what 'folio build' would stop on (front matter, folio.yaml, templates, pages that
    claim the same URL, broken internal links) and its warnings. Exits 1 if there is an error,
    or with --strict a warning; 0 otherwise.

    USAGE: folio check [options]

    OPTIONS:
    \(parser.helpText())
    """
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has(SiteArguments.helpOption) {
      io.print(help)
      return 0
    }
    let site = try SiteArguments(parsed, currentDirectory: io.currentDirectory())
    let root = site.projectRoot
    var options = SiteBuilder.Options(projectRoot: root, includesDrafts: parsed.has(Self.draftsOption))
    options.freesMemory = !io.exitsAfterCommand
    options.checksAnchors = true
    let strict = parsed.has(Self.strictOption)

    let diagnostics: [Diagnostic]
    var made: (pages: Int, files: Int, bytes: Int)? = nil
    var timings: [(step: String, seconds: Double)] = []
    do {
      let result = try SiteBuilder(options: options).render()
      io.keepUntilExit(result)
      diagnostics = strict ? result.warnings.map(\.asError) : result.warnings
      made = (result.pageCount, result.files.count, result.files.values.reduce(0) { $0 + $1.count })
      timings = result.timings
    } catch let error as DiagnosticError {
      diagnostics = error.diagnostics
    }

    if site.format == .github {
      GitHubReport(title: "folio check", arguments: site).write(diagnostics, io: io)
    } else {
      for diagnostic in diagnostics {
        io.writeError(diagnostic.description + "\n")
      }
    }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let failed = made == nil || errors > 0
    if site.format == .json {
      let report = BuildReport(
        status: failed ? "failed" : "passed", output: nil, diagnostics: diagnostics, written: made,
        timings: timings)
      io.writeOutput(try report.json())
    } else if let pages = made?.pages {
      let warnings = diagnostics.count - errors
      let found =
        errors > 0 ? counted(errors, "error") : warnings > 0 ? counted(warnings, "warning") : "no problems"
      io.writeError("Checked \(counted(pages, "page")): \(found).\n")
    }
    return failed ? 1 : 0
  }

  private static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

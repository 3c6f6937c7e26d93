import CLI
import Diagnostics
import Foundation
import Site
import SiteComponents

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
  /// `--external`.
  static let externalOption = ArgumentParser.Option.flag(
    "--external",
    help:
      "Also request every http and https link, image, bookmark and menu URL (runs in folio-serve; see externalLinks in folio.yaml)."
  )
  /// `--no-cache`.
  static let noCacheOption = ArgumentParser.Option.flag(
    "--no-cache",
    help: "With --external: request every URL, without reading or writing .folio/cache/links.json.")

  /// `--private-addresses`: only on the command line, so that a pull request's folio.yaml cannot
  /// turn the guard off.
  static let privateAddressesOption = ArgumentParser.Option.flag(
    "--private-addresses",
    help:
      "With --external: also request hosts at loopback, private and link-local addresses (only for trusted changes)."
  )

  static let parser = ArgumentParser(options: [
    SiteArguments.sourceOption,
    draftsOption,
    strictOption,
    externalOption,
    noCacheOption,
    privateAddressesOption,
    SiteArguments.formatOption,
    SiteArguments.helpOption,
  ])

  /// What `man folio-check` and the completions say, from the same table as `--help`.
  static let reference = CommandReference(
    name: "check", abstract: abstract, usage: ["folio check [options]"], parsers: [parser])

  static var help: String {
    """
    OVERVIEW: \(abstract)

    Reports what 'folio build' would stop on (front matter, folio.yaml, templates, pages that
    claim the same URL, broken internal links) and its warnings. Exits 1 if there is an error,
    or with --strict a warning; 0 otherwise.

    With --external it then requests every http and https URL the site links to (HEAD, then GET
    if HEAD is refused; redirects followed): a URL that fails is an error at each place that
    links to it, one that moved permanently a note with its new URL. Working results are kept
    in .folio/cache/links.json for externalLinks.ttl (default 1 day). Hosts at loopback, private
    and link-local addresses (localhost, 10.0.0.5, 169.254.169.254) are not requested, even
    through a redirect, unless --private-addresses is given: a pull request's links would
    otherwise be requests from inside the network the check runs in.

    USAGE: folio check [options]

    OPTIONS:
    \(parser.helpText())
    """
  }

  /// Checks the site; `externalLinks` checks its http and https links for `--external` (only
  /// `folio-serve` has one: libcurl cannot be linked into the fully static `folio-site`).
  static func run(_ arguments: [String], io: CommandIO, externalLinks: ExternalLinkChecker? = nil) throws
    -> Int32
  {
    let parsed = try parser.parse(arguments)
    if parsed.has(SiteArguments.helpOption) {
      io.print(help)
      return 0
    }
    let site = try SiteArguments(parsed, currentDirectory: io.currentDirectory())
    let root = site.projectRoot
    var options = SiteBuilder.Options(projectRoot: root, includesDrafts: parsed.has(Self.draftsOption))
    options.freesMemory = !io.exitsAfterCommand
    options.context.checksAnchors = true
    // The check writes nothing: photos' variants are planned (pages name them) but not made.
    options.makesImageVariants = false
    let strict = parsed.has(Self.strictOption)
    let external = parsed.has(Self.externalOption)
    if parsed.has(Self.noCacheOption) && !external { throw UsageError("--no-cache goes with --external") }
    if parsed.has(Self.privateAddressesOption) && !external {
      throw UsageError("--private-addresses goes with --external")
    }
    if external && externalLinks == nil {
      throw UsageError(
        "--external runs in folio-serve, installed beside folio (run 'folio check --external')")
    }
    options.context.collectsExternalLinks = external

    var diagnostics: [Diagnostic]
    var made: (pages: Int, files: Int, bytes: Int)? = nil
    var timings: [(step: String, seconds: Double)] = []
    var externalReport: ExternalLinkReport? = nil
    do {
      let result = try SiteBuilder(options: options).render()
      io.keepUntilExit(result)
      diagnostics = strict ? result.warnings.map(\.asErrorUnlessNote) : result.warnings
      made = (result.pageCount, result.size.files, result.size.bytes)
      timings = result.timings
      if external, let externalLinks {
        let progress = ExternalProgress(io: io, quiet: site.reportsOnStandardOutput)
        let report = externalLinks(
          result.externalLinks, result.externalLinkSettings, root, !parsed.has(Self.noCacheOption),
          parsed.has(Self.privateAddressesOption), progress.update)
        progress.finish()
        // A finding the build made too (a link cache that is not a regular file) is said once.
        let own = report.diagnostics.filter { !result.warnings.contains($0) }
        diagnostics += strict ? own.map(\.asErrorUnlessNote) : own
        externalReport = report
      }
    } catch let error as DiagnosticError {
      diagnostics = error.diagnostics
    }

    if site.format == .github {
      GitHubReport(title: "folio check", arguments: site).write(diagnostics, io: io)
    } else {
      if !diagnostics.isEmpty { io.writeError(site.naming.listing(diagnostics)) }
    }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let failed = made == nil || errors > 0
    if site.format == .json {
      let report = BuildReport(
        status: failed ? "failed" : "passed", output: nil, diagnostics: diagnostics, written: made,
        timings: timings, externalLinks: externalReport)
      io.writeOutput(report.json())
    } else if let pages = made?.pages {
      let warnings = diagnostics.filter { $0.severity == .warning }.count
      let notes = diagnostics.filter { $0.severity == .note }.count
      var found =
        errors > 0 ? counted(errors, "error") : warnings > 0 ? counted(warnings, "warning") : "no problems"
      if notes > 0 { found += ", \(counted(notes, "note"))" }
      let links = externalReport.map(\.checked).map { " and \(counted($0, "external link"))" } ?? ""
      io.writeError("Checked \(counted(pages, "page"))\(links): \(found).\n")
    }
    return failed ? 1 : 0
  }

  /// Whether `arguments` (after `check`) ask for `--external`; false when they do not parse
  /// (the usage error is then reported here).
  static func checksExternalLinks(_ arguments: [String]) -> Bool {
    (try? parser.parse(arguments))?.has(externalOption) == true
  }

  private static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

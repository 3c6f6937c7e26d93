import CLI
import Diagnostics
import Foundation
import Site

/// `folio build`: the site into an output folder, atomically.
struct BuildCommand {
  static let abstract = FolioCommand.abstract(of: "build")

  static let parser = ArgumentParser(options: [
    SiteArguments.sourceOption,
    .value(
      "-o", "--output", valueName: "DIR", help: "Where to write the site (default: public/ in the project)."),
    .flag(
      "--force",
      help:
        "Replace the output folder even if Folio did not make it (never the project, Content/, Templates/ or version control)."
    ),
    .flag("--drafts", help: "Include pages marked draft: true."),
    .value("--base-url", valueName: "URL", help: "Override baseURL from folio.yaml."),
    .flag("-q", "--quiet", help: "Print only errors."),
    .flag("--strict", help: "Count warnings as errors: keep the old output and exit 1 if there are any."),
    SiteArguments.formatOption,
    SiteArguments.helpOption,
  ])

  static var help: String {
    "OVERVIEW: \(abstract)\n\nUSAGE: folio build [options]\n\nOPTIONS:\n\(parser.helpText())"
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has("--help") {
      io.print(help)
      return 0
    }
    let site = try SiteArguments(parsed, currentDirectory: io.currentDirectory())
    let root = site.projectRoot
    let outputURL = parsed.value("--output").map(site.resolve) ?? root.appendingPathComponent("public")
    let start = Date()
    do {
      let output = try OutputDirectory(url: outputURL, projectRoot: root, force: parsed.has("--force"))
      let bar = ProgressBar(io: io, quiet: parsed.has("--quiet") || site.reportsOnStandardOutput)
      var options = SiteBuilder.Options(
        projectRoot: root, includesDrafts: parsed.has("--drafts"), baseURL: parsed.value("--base-url"))
      options.progress = { done, total in bar.update(done: done, total: total) }
      options.freesMemory = !io.exitsAfterCommand
      let result = try SiteBuilder(options: options).render()
      // The files and pages of a large site take tens of milliseconds to free, on one core.
      io.keepUntilExit(result)
      bar.finish()
      if parsed.has("--strict"), !result.warnings.isEmpty {
        throw DiagnosticError(result.warnings.map(\.asError))
      }
      let writing = Date()
      try output.write(result.files)
      let timings = result.timings + [("write", Date().timeIntervalSince(writing))]
      // Annotations are the report, as JSON is, so they list the warnings even with --quiet.
      if site.format == .github {
        GitHubReport(title: "folio build", arguments: site).write(result.warnings, io: io)
      } else if !parsed.has("--quiet") {
        for warning in result.warnings { io.writeError(warning.description + "\n") }
      }
      let bytes = result.files.values.reduce(0) { $0 + $1.count }
      if site.format == .json {
        let report = BuildReport(
          status: "built", output: outputURL.path, diagnostics: result.warnings,
          written: (result.pageCount, result.files.count, bytes), timings: timings)
        io.writeOutput(try report.json())
      } else if !parsed.has("--quiet") {
        let seconds = Date().timeIntervalSince(start)
        io.writeError(
          "Built \(result.pageCount) pages, \(result.files.count) files (\(bytes / 1024) KiB) into \(outputURL.path) in \(String(format: "%.2f", seconds)) s\n"
        )
      }
      return 0
    } catch let error as DiagnosticError {
      if site.format == .github {
        GitHubReport(title: "folio build", arguments: site).write(error.diagnostics, io: io)
      } else {
        io.writeError(error.description + "\n")
      }
      if site.format == .json {
        let report = BuildReport(
          status: "failed", output: outputURL.path, diagnostics: error.diagnostics, written: nil)
        io.writeOutput(try report.json())
      }
      return 1
    }
  }
}

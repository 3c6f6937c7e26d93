import CLI
import Diagnostics
import Foundation
import Site
import SiteOutput

/// `folio build`: the site into an output folder, atomically.
struct BuildCommand {
  static let abstract = FolioCommand.abstract(of: "build")

  /// `--output`.
  static let outputOption = ArgumentParser.Option.value(
    "-o", "--output", valueName: "DIR", help: "Where to write the site (default: public/ in the project).")
  /// `--force`.
  static let forceOption = ArgumentParser.Option.flag(
    "--force",
    help:
      "Replace the output folder even if Folio did not make it (never the project, Content/, Templates/ or version control)."
  )
  /// `--drafts`.
  static let draftsOption = ArgumentParser.Option.flag("--drafts", help: "Include pages marked draft: true.")
  /// `--base-url`.
  static let baseUrlOption = ArgumentParser.Option.value(
    "--base-url", valueName: "URL", help: "Override baseURL from folio.yaml.")
  /// `--quiet`.
  static let quietOption = ArgumentParser.Option.flag("-q", "--quiet", help: "Print only errors.")
  /// `--strict`.
  static let strictOption = ArgumentParser.Option.flag(
    "--strict", help: "Count warnings as errors: keep the old output and exit 1 if there are any.")

  /// `--no-cache`.
  static let noCacheOption = ArgumentParser.Option.flag(
    "--no-cache", help: "Render every page, without reading or writing the build cache (.folio/cache/pages).")

  /// `--pdf`.
  static let pdfOption = ArgumentParser.Option.flag(
    "--pdf", help: "Also make each book's PDF with Chromium (as books: {pdf: true} in folio.yaml does).")

  static let parser = ArgumentParser(options: [
    SiteArguments.sourceOption,
    outputOption,
    noCacheOption,
    pdfOption,
    forceOption,
    draftsOption,
    baseUrlOption,
    quietOption,
    strictOption,
    SiteArguments.formatOption,
    SiteArguments.helpOption,
  ])

  /// What `man folio-build` and the completions say, from the same table as `--help`.
  static let reference = CommandReference(
    name: "build", abstract: abstract, usage: ["folio build [options]"], parsers: [parser])

  static var help: String {
    "OVERVIEW: \(abstract)\n\nUSAGE: folio build [options]\n\nOPTIONS:\n\(parser.helpText())"
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has(SiteArguments.helpOption) {
      io.print(help)
      return 0
    }
    let site = try SiteArguments(parsed, currentDirectory: io.currentDirectory())
    let root = site.projectRoot
    let chosenOutput = parsed.value(Self.outputOption).map(site.resolve)
    let outputURL = chosenOutput ?? root.appendingPathComponent("public")
    let start = Date()
    do {
      let output = try OutputDirectory(
        url: outputURL, projectRoot: root, force: parsed.has(Self.forceOption),
        followsLink: chosenOutput != nil)
      let bar = ProgressBar(io: io, quiet: parsed.has(Self.quietOption) || site.reportsOnStandardOutput)
      var options = SiteBuilder.Options(
        projectRoot: root, includesDrafts: parsed.has(Self.draftsOption),
        baseURL: parsed.value(Self.baseUrlOption))
      options.progress = { done, total in bar.update(done: done, total: total) }
      options.freesMemory = !io.exitsAfterCommand
      options.usesCache = !parsed.has(Self.noCacheOption)
      options.usesImageCache = options.usesCache
      options.context.warnsWithoutBaseURL = true
      options.context.makesBookPDFs = parsed.has(Self.pdfOption)
      options.printsBookPDFs = true
      options.outputFolder = output.url
      // The laid-out pages are written while the build makes the rest; a build that fails, or
      // finds the output up to date, makes no staging folder or removes it.
      let staged = output.stage(digesting: options.usesCache)
      options.laidOut = { staged.writeInBackground($0) }
      // The output replaced is kept beside it as the next build's spare, and this build starts
      // from the last one's: only the files that changed are written.
      options.reusesOutput = { staged.reuse($0) }
      let result: SiteBuilder.Result
      do {
        result = try SiteBuilder(options: options).render()
      } catch {
        staged.discard()
        throw error
      }
      // The files and pages of a large site take tens of milliseconds to free, on one core.
      io.keepUntilExit(result)
      bar.finish()
      // Notes (the build cache not used) make the same site: not counted by --strict.
      if parsed.has(Self.strictOption), result.warnings.contains(where: { $0.severity != .note }) {
        staged.discard()
        throw DiagnosticError(result.warnings.filter { $0.severity != .note }.map(\.asError))
      }
      var timings = result.timings
      var warnings = result.warnings
      if result.upToDate != nil {
        staged.discard()
      } else {
        // What is left to write once the build is done (and the wait for the pages).
        let writing = Date()
        try staged.finish(result.files, handedOver: result.handedOver)
        timings.append(("write", Date().timeIntervalSince(writing)))
        let saving = Date()
        if let note = result.record?.save(afterFinishing: staged, in: output.url) {
          warnings.append(note)
        }
        if result.record != nil { timings.append(("save record", Date().timeIntervalSince(saving))) }
      }
      // Annotations are the report, as JSON is, so they list the warnings even with --quiet.
      if site.format == .github {
        GitHubReport(title: "folio build", arguments: site).write(warnings, io: io)
      } else if !parsed.has(Self.quietOption) {
        if !warnings.isEmpty { io.writeError(site.naming.listing(warnings)) }
      }
      let (files, bytes) =
        result.upToDate ?? result.size
      if site.format == .json {
        var report = BuildReport(
          status: "built", output: outputURL.path, diagnostics: warnings,
          written: (result.pageCount, files, bytes), timings: timings, cache: result.cache,
          images: result.images)
        report.upToDate = result.upToDate != nil
        io.writeOutput(report.json())
      } else if !parsed.has(Self.quietOption) {
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        io.writeError(
          result.upToDate == nil
            ? "Built \(result.pageCount) pages, \(files) files (\(bytes / 1024) KiB) into \(outputURL.path) in \(seconds) s\n"
            : "Up to date: \(outputURL.path) holds the \(result.pageCount) pages, \(files) files (\(bytes / 1024) KiB) of the last build, and nothing it read has changed (checked in \(seconds) s)\n"
        )
      }
      return 0
    } catch let error as DiagnosticError {
      if site.format == .github {
        GitHubReport(title: "folio build", arguments: site).write(error.diagnostics, io: io)
      } else {
        io.writeError(DiagnosticError(error.diagnostics.map(site.naming.shown)).description + "\n")
      }
      if site.format == .json {
        let report = BuildReport(
          status: "failed", output: outputURL.path, diagnostics: error.diagnostics, written: nil)
        io.writeOutput(report.json())
      }
      return 1
    }
  }
}

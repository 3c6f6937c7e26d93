import CLI
import Diagnostics
import Foundation
import Site

/// `folio book SECTION`: one book's EPUB, PDF or print page, made from the site in memory (as
/// `folio check` builds it) and written to one file, for a release pipeline that publishes the
/// book and not the site.
struct BookCommand {
  static let abstract = FolioCommand.abstract(of: "book")

  /// `--format`.
  static let formatOption = ArgumentParser.Option.value(
    "--format", valueName: "epub|pdf|print", help: "What to make (default: epub; pdf needs Chromium).")
  /// `--output`.
  static let outputOption = ArgumentParser.Option.value(
    "-o", "--output", valueName: "FILE",
    help: "Where to write it (default: book.epub, book.pdf or book.html in the current folder).")
  /// `--drafts`.
  static let draftsOption = ArgumentParser.Option.flag(
    "--drafts", help: "Include chapters marked draft: true.")
  /// `--quiet`.
  static let quietOption = ArgumentParser.Option.flag("-q", "--quiet", help: "Print only errors.")

  static let parser = ArgumentParser(options: [
    SiteArguments.sourceOption, formatOption, outputOption, draftsOption, quietOption,
    SiteArguments.helpOption,
  ])

  /// What `man folio-book` and the completions say, from the same table as `--help`.
  static let reference = CommandReference(
    name: "book", abstract: abstract, usage: ["folio book SECTION [options]"], parsers: [parser])

  static var help: String {
    """
    OVERVIEW: \(abstract)

    SECTION is a book's folder in Content/ (docs) or its URL (/docs/): a section whose _index.md
    says book: true. The site is built in memory, as 'folio check' builds it, and only the book's
    file is written.

    USAGE: folio book SECTION [options]

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
    guard parsed.positional.count == 1, let section = parsed.positional.first else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing SECTION" : "expected one SECTION, got \(parsed.positional.count)"
      )
    }
    let format = parsed.value(Self.formatOption) ?? "epub"
    let (file, defaultName): (String, String)
    switch format {
    case "epub": (file, defaultName) = ("book.epub", "book.epub")
    case "pdf": (file, defaultName) = ("book.pdf", "book.pdf")
    case "print": (file, defaultName) = ("print/index.html", "book.html")
    default: throw UsageError("--format must be epub, pdf or print, not '\(format)'")
    }
    // `--format` is the book's here, not the report's.
    let site = SiteArguments(
      source: parsed.value(SiteArguments.sourceOption), currentDirectory: io.currentDirectory())
    let folder = section.split(separator: "/").joined(separator: "/")
    let wanted = (folder.isEmpty ? "" : folder + "/") + file
    let destination =
      parsed.value(Self.outputOption).map(site.resolve)
      ?? URL(fileURLWithPath: io.currentDirectory()).appendingPathComponent(defaultName)
    var options = SiteBuilder.Options(
      projectRoot: site.projectRoot, includesDrafts: parsed.has(Self.draftsOption))
    options.freesMemory = !io.exitsAfterCommand
    options.printsBookPDFs = format == "pdf"
    options.context.makesBookPDFs = format == "pdf"
    do {
      let result = try SiteBuilder(options: options).render()
      io.keepUntilExit(result)
      guard let bytes = result.files[wanted] else {
        let books = result.files.keys.filter { $0 == "book.epub" || $0.hasSuffix("/book.epub") }.map {
          "/" + $0.dropLast("book.epub".count)
        }.sorted()
        throw DiagnosticError(
          .error(
            "'\(section)' is no book of the site", at: nil,
            hint: books.isEmpty
              ? "a book is a section whose _index.md says book: true"
              : "the site's books are: " + books.joined(separator: ", ")))
      }
      if !parsed.has(Self.quietOption) {
        if !result.warnings.isEmpty { io.writeError(site.naming.listing(result.warnings)) }
      }
      try BookCommand.write(bytes, to: destination)
      if !parsed.has(Self.quietOption) {
        io.writeError("Wrote \(destination.path) (\(bytes.count / 1024) KiB)\n")
      }
      return 0
    } catch let error as DiagnosticError {
      io.writeError(DiagnosticError(error.diagnostics.map(site.naming.shown)).description + "\n")
      return 1
    }
  }

  /// Writes `bytes` to `destination` whole: under a temporary name beside it, renamed over it.
  static func write(_ bytes: [UInt8], to destination: URL) throws {
    let temporary = destination.deletingLastPathComponent().appendingPathComponent(
      "." + destination.lastPathComponent + ".folio-\(getpid()).tmp")
    do {
      try Data(bytes).write(to: temporary)
      guard rename(temporary.path, destination.path) == 0 else {
        throw CocoaError(.fileWriteUnknown)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw DiagnosticError(
        .error(
          "cannot write \(destination.path)", at: nil,
          hint: "give --output a file in a folder that exists and can be written"))
    }
  }
}

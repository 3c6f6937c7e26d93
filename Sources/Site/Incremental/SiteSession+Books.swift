import Diagnostics
import Foundation
import PDFPrinting
import SiteContent
import SiteLayout
import SiteOutput

/// The books step: each book's EPUB (and PDF, when asked) from the laid-out site, written
/// through the output like every other file. The print pages are layout jobs (`book-print`).
extension SiteSession {
  /// Writes every book's files into `output`; they are made again by every build, from the
  /// renderings the build already holds. `handedOver` holds the bytes of the laid-out files
  /// `output` holds only the paths of (``OutputDelta/handOver()``): the print pages the PDFs
  /// are printed from.
  func addBooks(
    _ site: SiteStructure, _ config: SiteConfiguration, into output: inout OutputDelta,
    handedOver: [String: [UInt8]] = [:]
  ) throws {
    // What the session keeps of chapters that left their books goes first.
    site.bookChapters.keepOnly(site.books)
    guard !site.books.isEmpty else { return }
    var problems: [Diagnostic] = []
    for (index, book) in site.books.enumerated() {
      output[book.printStylePath] = book.printStyle
      do {
        output[book.epubPath] = try BookEPUB.bytes(ofBook: index, in: site, config, files: output.files)
      } catch {
        problems += error.diagnostics
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
    if site.booksMakePDFs { try addBookPDFs(site, config, into: &output, handedOver: handedOver) }
  }
}

extension SiteSession {
  /// Each book's PDF: its print page, with every file it names from this build's output,
  /// printed by headless Chromium (``PDFPrinter``), dated as its EPUB is.
  func addBookPDFs(
    _ site: SiteStructure, _ config: SiteConfiguration, into output: inout OutputDelta,
    handedOver: [String: [UInt8]]
  ) throws {
    guard let first = site.books.first else { return }
    guard PDFPrinter.isAvailable() else {
      throw DiagnosticError(BookProblem.chromiumMissing.diagnostic(at: first.location))
    }
    let profile: String
    do {
      profile = try CacheFolder(projectRoot: options.projectRoot, subfolder: "chromium").madeFolderPath()
    } catch {
      throw DiagnosticError(
        BookProblem.pdfFailed(reason: CacheFolder.displayPath("chromium") + " " + error.reason).diagnostic(
          at: first.location))
    }
    let printer = PDFPrinter(profileFolder: URL(fileURLWithPath: profile))
    let files = output.files.merging(handedOver) { _, handed in handed }.filter { !$0.key.hasSuffix(".epub") }
    for book in site.books {
      let date = PDFDate(BookEPUB.modifiedDigits(of: book)) ?? PDFDate(year: 1980, month: 1, day: 1)!
      do {
        let printed = try printer.print(
          path: config.href(book.printURL), files: files,
          date: date)
        output[book.pdfPath] = printed.pdf
      } catch {
        throw DiagnosticError(BookProblem.pdfFailed(reason: error.description).diagnostic(at: book.location))
      }
    }
  }
}

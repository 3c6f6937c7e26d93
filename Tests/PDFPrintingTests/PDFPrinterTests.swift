import Foundation
import PDFPrinting
import Testing

/// The fixture book printed by Debian's Chromium, checked with poppler's `pdftotext` and
/// `pdfinfo` and by the PDF's own bytes.
@Suite(.enabled(if: PDFPrinter.isAvailable(), "Chromium is not installed at /usr/bin/chromium"))
struct PDFPrinterTests {
  private func printed() throws -> (first: PrintedPDF, second: PrintedPDF, time: Duration) {
    try PrintFixture.prints.get()
  }

  @Test func theFixturePrintsToAPDFInOneOrTwoSeconds() throws {
    let prints = try printed()
    #expect(prints.first.pdf.starts(with: Array("%PDF-".utf8)))
    Swift.print("PDFPrinting: one print of the fixture took \(prints.time)")
  }

  @Test func twoPrintsSecondsApartAreByteIdentical() throws {
    let prints = try printed()
    #expect(prints.first.pdf == prints.second.pdf)
    let dates = PDFBytes.occurrences(of: "D:20260101120000", in: prints.first.pdf)
    #expect(dates >= 2, "CreationDate and ModDate carry the given date")
  }

  @Test func theTextIsExtractableInEnglishAndJapanese() throws {
    let text = try Poppler.run("pdftotext", ["-enc", "UTF-8"], pdf: try printed().first.pdf, output: "-")
    #expect(text.contains("Paper lanterns glow along the river, lit with"))
    #expect(text.contains("川沿いに紙の提灯が灯っている。"))
  }

  @Test func thePageScriptsDoNotRun() throws {
    let text = try Poppler.run("pdftotext", ["-enc", "UTF-8"], pdf: try printed().first.pdf, output: "-")
    #expect(text.contains("light()"))
    #expect(!text.contains("A script ran."))
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: PrintFixture.webFont), "fonts-katex is not installed")
  )
  func theWebFontFromTheFilesIsEmbedded() throws {
    let fonts = try Poppler.run("pdffonts", [], pdf: try printed().first.pdf)
    #expect(fonts.contains("KaTeX_Typewriter"), "pdffonts: \(fonts)")
  }

  @Test func thePDFIsTaggedAndEachChapterStartsAPage() throws {
    let info = try Poppler.run("pdfinfo", [], pdf: try printed().first.pdf)
    #expect(info.contains(/Tagged:\s+yes/))
    let pages = info.firstMatch(of: /Pages:\s+(\d+)/).flatMap { Int($0.1) } ?? 0
    #expect(pages >= 2)
  }

  @Test func theSecondPageIsNumbered() throws {
    let pdf = try printed().first.pdf
    let second = try Poppler.run("pdftotext", ["-f", "2", "-l", "2", "-enc", "UTF-8"], pdf: pdf, output: "-")
    #expect(second.contains("提灯"))
    #expect(second.split(whereSeparator: \.isWhitespace).contains("2"))
  }

  @Test func theOutlineHasBothChapters() throws {
    let pdf = try printed().first.pdf
    #expect(PDFBytes.occurrences(of: "/Outlines", in: pdf) >= 1)
    #expect(PDFBytes.occurrences(of: "/Title (Chapter One: Lanterns)", in: pdf) == 1)
    // A title with Japanese in it is UTF-16BE with a byte-order mark, as hex or escaped bytes.
    let second = PDFBytes.textStrings(after: "/Title ", in: pdf)
    #expect(second.contains("Chapter Two: 提灯"), "outline titles: \(second)")
  }

  @Test func theInternalLinkIsAnAnnotation() throws {
    let pdf = try printed().first.pdf
    #expect(PDFBytes.occurrences(of: "/Subtype /Link", in: pdf) >= 1)
    let destinations = PDFBytes.occurrences(of: "/Dest", in: pdf) + PDFBytes.occurrences(of: "/GoTo", in: pdf)
    #expect(destinations >= 1)
  }

  @Test func theOutsideImageIsRefusedAndReported() throws {
    let prints = try printed()
    #expect(prints.first.refusedURLs == ["https://example.com/x.png"])
    #expect(prints.second.refusedURLs == prints.first.refusedURLs)
  }

  @Test func aPrintThatRunsOutOfTimeEndsChromium() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-pdf-timeout-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let printer = PDFPrinter(profileFolder: folder, timeout: .milliseconds(50))
    #expect(throws: PDFPrintingProblem.timedOut(after: .milliseconds(50))) {
      try printer.print(path: "/book/print/", files: PrintFixture.files, date: PrintFixture.date)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path), "the folder it made is removed")
  }
}

import Foundation
import PDFPrinting

/// A two-chapter English and Japanese book page with a stylesheet, an image and an outside image,
/// printed twice a few seconds apart (two Chromium launches for the whole suite).
enum PrintFixture {
  /// The page, as the site's output path → bytes.
  static let files: [String: [UInt8]] = {
    var files = [
      "book/print/index.html": Array(page.utf8),
      "book/print/book.css": Array(stylesheet.utf8),
      "book/print/red.png": Array(Data(base64Encoded: png)!),
    ]
    if let font = FileManager.default.contents(atPath: webFont) {
      files["book/print/mono.woff2"] = Array(font)
    }
    return files
  }()

  /// A web font for the page's code (Debian's fonts-katex, which Folio's formulas need anyway),
  /// served from the files under a family name no installed font has.
  static let webFont = "/usr/share/fonts/truetype/katex/KaTeX_Typewriter-Regular.woff2"

  static let page = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><title>A Small Book</title>
    <link rel="stylesheet" href="book.css"></head>
    <body>
    <h1 id="c1">Chapter One: Lanterns</h1>
    <p>The first chapter points ahead to <a href="#c2">the second chapter</a>.</p>
    <h2 id="c1-1">Lanterns at Dusk</h2>
    <p>Paper lanterns glow along the river, lit with <code>light()</code>.</p>
    <script>document.body.append("A script ran.")</script>
    <p><img src="red.png" alt="A red square" width="32" height="32"></p>
    <p><img src="https://example.com/x.png" alt="Outside"></p>
    <h1 id="c2" lang="ja">Chapter Two: 提灯</h1>
    <p lang="ja">川沿いに紙の提灯が灯っている。日本語の文章です。</p>
    </body>
    </html>
    """

  static let stylesheet = """
    @page { size: A5; margin: 20mm; @bottom-center { content: counter(page); } }
    h1 { break-before: page; }
    h1:first-of-type { break-before: auto; }
    body { font-family: "Noto Serif CJK JP", serif; }
    @font-face { font-family: "Book Mono"; src: url(mono.woff2) format("woff2"); }
    code { font-family: "Book Mono", monospace; }
    """

  /// An 8×8 red PNG.
  static let png =
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mM4o6SEFTEMLQkAvM5EAUNdDNUAAAAASUVORK5CYII="

  static let date = PDFDate("20260101120000")!

  /// The two prints and the wall time of the first, or the problem.
  static let prints: Result<(first: PrintedPDF, second: PrintedPDF, time: Duration), PDFPrintingProblem> = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-pdf-test-\(getpid())/chromium")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let printer = PDFPrinter(profileFolder: folder, timeout: .seconds(60))
    return Result {
      let clock = ContinuousClock()
      var first: PrintedPDF?
      let time = try clock.measure {
        first = try printer.print(path: "/book/print/", files: files, date: date)
      }
      if let keep = ProcessInfo.processInfo.environment["PDFPRINTING_KEEP"] {
        try? Data(first!.pdf).write(to: URL(fileURLWithPath: keep))
      }
      // Chromium writes the clock to the second: the second print must come in another one.
      Thread.sleep(forTimeInterval: 2)
      let second = try printer.print(path: "/book/print/", files: files, date: date)
      return (first!, second, time)
    }.mapError { $0 as! PDFPrintingProblem }
  }()
}

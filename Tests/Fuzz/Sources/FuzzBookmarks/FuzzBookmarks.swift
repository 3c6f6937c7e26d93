import Diagnostics
import Foundation
import FuzzSupport

@testable import HTMLRendering
@testable import SiteComponents
@testable import SiteContent

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer target (e): the bookmark importers (Netscape HTML exports, CSV, YAML or JSON lists)
/// and the table they become.
///
/// The first byte picks the format; the rest is the file, written to a temporary folder because
/// the importer reads files from a folder. Properties: importing returns or throws a diagnostic; and no
/// bookmark that reaches the rendered table has a URL a browser would run as script, judged as
/// a browser reads an `href` (spaces and C0 controls around it dropped, tabs and newlines in it
/// removed) rather than as the importer wrote it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBookmarks(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let format = ["bookmarks.html", "bookmarks.csv", "bookmarks.yaml", "bookmarks.json"][
    Int(input.takeByte() % 4)]
  let path = BookmarkFiles.folder + "/" + format
  let bytes = Array(input.rest)
  guard let file = fopen(path, "wb") else { FuzzFailure.fail("cannot write \(path)", input: input.bytes) }
  _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
  fclose(file)

  let location = SourceLocation(path: "Content/page.md", line: 1, column: 1)
  guard
    let imported = try? BookmarkImporter.load(
      from: BookmarkFiles.files, displayPath: format, directive: location)
  else {
    return 0
  }
  var warnings: [Diagnostic] = []
  let table = imported.table(
    id: "bookmarks", storageKey: "/page/#bookmarks", caption: "Links", policy: URLPolicy(),
    warnings: &warnings)
  for group in table.groups {
    for bookmark in group.bookmarks where BookmarkFiles.runsScript(bookmark.url) {
      FuzzFailure.fail("bookmark URL \(bookmark.url.debugDescription) reached the table", input: input.bytes)
    }
  }
  var writer = HTMLWriter(capacity: 1024)
  table.render(into: &writer)
  return 0
}

/// The temporary folder the target writes its files to, and the browser's view of a URL.
enum BookmarkFiles {
  /// A folder made once per process under `TMPDIR` (or /tmp).
  static let folder: String = {
    var template = Array(
      ((getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/folio-fuzz-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { fatalError("mkdtemp failed") }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// The folder as the importer reads it.
  static let files: SiteFiles = {
    guard let files = try? SiteFiles(root: URL(fileURLWithPath: folder)) else {
      fatalError("cannot open \(folder)")
    }
    return files
  }()

  /// Whether a browser following `href="url"` would run script or open a local file: the URL as
  /// the WHATWG URL parser sees it (leading and trailing C0 controls and spaces stripped, ASCII
  /// tab and newlines removed anywhere), then cmark-gfm's list of dangerous schemes.
  static func runsScript(_ url: String) -> Bool {
    var bytes = Array(url.utf8)
    while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
    while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return URLSafety.isDangerous(bytes)
  }
}

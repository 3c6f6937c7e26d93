internal import ZipArchive

/// A book checked and laid out as the files of an EPUB container, then zipped.
struct EPUBWriter {
  private static let reservedPaths = [PackageDocument.path, NavigationDocument.path, coverPage]
  private static let coverPage = "cover.xhtml"
  private static let xhtml = "application/xhtml+xml"
  private static let container = """
    <?xml version="1.0" encoding="UTF-8"?>
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles>
    <rootfile full-path="EPUB/\(PackageDocument.path)" media-type="application/oebps-package+xml"/>
    </rootfiles>
    </container>

    """

  private let book: EPUBPublication

  init(_ book: EPUBPublication) {
    self.book = book
  }

  func bytes() throws(EPUBProblem) -> [UInt8] {
    try check()
    let seconds = book.modified.timeIntervalSince1970.rounded(.down)
    // Dates outside what an Int64 of seconds holds are not dates a book was changed on.
    let date = ZipDate(secondsSince1970: Int64(max(min(seconds, 1e15), -1e15)))
    let coverPage = book.coverImage == nil ? nil : Self.coverPage

    var items = [
      PackageDocument.Item(
        id: "nav", path: NavigationDocument.path, mediaType: Self.xhtml, properties: ["nav"])
    ]
    var files: [(path: String, bytes: [UInt8], compression: ZipArchive.Compression)] = []
    var spine: [String] = []
    let stylesheets = book.stylesheets.map(\.path)
    if let coverPage, let cover = book.coverImage {
      items.append(PackageDocument.Item(id: "cover", path: coverPage, mediaType: Self.xhtml, properties: []))
      spine.append("cover")
      let href = XMLText.escaped(PackagePath.href(from: coverPage, to: cover))
      let body = """
        <section epub:type="cover">
        <img src="\(href)" alt="\(XMLText.escaped(book.title))"/>
        </section>
        """
      let document = XHTMLDocument(
        path: coverPage, title: book.title, language: book.language, stylesheets: stylesheets, body: body)
      files.append((coverPage, document.bytes, .deflated))
    }
    for (index, chapter) in book.chapters.enumerated() {
      var properties: [String] = []
      if chapter.containsMathML { properties.append("mathml") }
      if chapter.hasRemoteResources { properties.append("remote-resources") }
      if chapter.containsSVG { properties.append("svg") }
      let id = "chapter-\(index + 1)"
      items.append(
        PackageDocument.Item(id: id, path: chapter.fileName, mediaType: Self.xhtml, properties: properties))
      spine.append(id)
      let document = XHTMLDocument(
        path: chapter.fileName, title: chapter.title, language: book.language, stylesheets: stylesheets,
        body: chapter.body)
      files.append((chapter.fileName, document.bytes, .deflated))
    }
    for (index, stylesheet) in book.stylesheets.enumerated() {
      items.append(
        PackageDocument.Item(
          id: "style-\(index + 1)", path: stylesheet.path, mediaType: "text/css", properties: []))
      files.append((stylesheet.path, stylesheet.bytes, .deflated))
    }
    var coverImageID: String? = nil
    for (index, image) in book.images.enumerated() {
      let id = "image-\(index + 1)"
      let isCover = image.path == book.coverImage
      if isCover { coverImageID = id }
      items.append(
        PackageDocument.Item(
          id: id, path: image.path, mediaType: image.mediaType, properties: isCover ? ["cover-image"] : []))
      // JPEG, PNG, GIF and WebP are compressed already: deflating them again costs time for
      // nothing. SVG is text.
      files.append((image.path, image.bytes, image.mediaType == "image/svg+xml" ? .deflated : .stored))
    }

    let package = PackageDocument(
      book: book, modified: Self.timestamp(date), items: items, spine: spine, coverImageID: coverImageID)
    let navigation = NavigationDocument(book: book, coverPage: coverPage)
    var entries = [
      ZipArchive.Entry(path: "mimetype", bytes: Array("application/epub+zip".utf8), compression: .stored),
      ZipArchive.Entry(path: "META-INF/container.xml", bytes: Array(Self.container.utf8)),
      ZipArchive.Entry(path: "EPUB/" + PackageDocument.path, bytes: package.bytes),
      ZipArchive.Entry(path: "EPUB/" + NavigationDocument.path, bytes: navigation.bytes),
    ]
    for file in files {
      entries.append(
        ZipArchive.Entry(path: "EPUB/" + file.path, bytes: file.bytes, compression: file.compression))
    }
    do {
      return try ZipArchive.bytes(of: entries, modified: date)
    } catch {
      throw .archive(error.description)
    }
  }

  /// `dcterms:modified` as EPUB requires it: `YYYY-MM-DDThh:mm:ssZ`.
  static func timestamp(_ date: ZipDate) -> String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))T"
      + "\(padded(date.hour, 2)):\(padded(date.minute, 2)):\(padded(date.second, 2))Z"
  }

  /// Throws the first thing wrong with the book's data, before anything is written.
  private func check() throws(EPUBProblem) {
    if book.chapters.isEmpty { throw .noChapters }
    if Self.isBlank(book.title) { throw .emptyTitle }
    if Self.isBlank(book.identifier.value) { throw .emptyIdentifier }
    if !Self.isLanguageTag(book.language) { throw .invalidLanguage(book.language) }
    var seen = Set(Self.reservedPaths)
    func claim(_ path: String) throws(EPUBProblem) {
      try PackagePath.check(path)
      guard seen.insert(path.lowercased()).inserted else { throw .duplicatePath(path) }
    }
    for chapter in book.chapters {
      try claim(chapter.fileName)
      if !chapter.fileName.hasSuffix(".xhtml") { throw .chapterNotXHTML(chapter.fileName) }
      if Self.isBlank(chapter.title) || chapter.contents.contains(where: Self.hasBlankTitle) {
        throw .emptyChapterTitle(chapter.fileName)
      }
    }
    for stylesheet in book.stylesheets { try claim(stylesheet.path) }
    for image in book.images {
      try claim(image.path)
      if !EPUBImage.mediaTypes.contains(image.mediaType) {
        throw .unknownImageType(path: image.path, mediaType: image.mediaType)
      }
    }
    if let cover = book.coverImage, !book.images.contains(where: { $0.path == cover }) {
      throw .coverNotAnImage(cover)
    }
  }

  private static func hasBlankTitle(_ entry: EPUBTOCEntry) -> Bool {
    isBlank(entry.title) || entry.children.contains(where: hasBlankTitle)
  }

  private static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  /// A BCP 47 tag in its plain shape: a language of 2–3 or 5–8 letters (or `x`/`i` for a
  /// private or grandfathered tag), then subtags of 1–8 letters and digits. The registry's
  /// subtags themselves are not checked.
  static func isLanguageTag(_ tag: String) -> Bool {
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = subtags.first,
      [2, 3, 5, 6, 7, 8].contains(language.count) || ["x", "i", "X", "I"].contains(language),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
      (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book to package as EPUB 3: its metadata, chapters in reading order, stylesheets and images.
///
/// Every path is relative to the package folder `EPUB/` (as chapters link to each other and to
/// their images) and is checked when the book is packaged (``EPUBProblem``).
public struct EPUBPublication: Sendable {
  /// Which way pages turn (the spine's `page-progression-direction`).
  public enum PageProgression: String, Sendable {
    /// Left to right, as in English.
    case leftToRight = "ltr"
    /// Right to left, as in Arabic, Hebrew or vertical Japanese.
    case rightToLeft = "rtl"
  }

  /// The title (`dc:title`).
  public var title: String
  /// The authors, in order (`dc:creator` each).
  public var creators: [String]
  /// The book's language as a BCP 47 tag (`dc:language`, and `lang` on every document).
  public var language: String
  /// The book's unique identifier (`dc:identifier`).
  public var identifier: EPUBIdentifier
  /// When the book last changed (`dcterms:modified`), from the sources' dates, never the clock:
  /// the same book gives the same bytes. Written to the second, in UTC.
  public var modified: Date
  /// A description (`dc:description`).
  public var description: String?
  /// The publisher (`dc:publisher`).
  public var publisher: String?
  /// A rights statement (`dc:rights`).
  public var rights: String?
  /// Which way pages turn; nil leaves it to the reading system.
  public var pageProgression: PageProgression?
  /// The heading of the table of contents in the navigation document ("Contents", "目次").
  public var contentsTitle: String
  /// The chapters in reading order.
  public var chapters: [EPUBChapter]
  /// The stylesheets every document links to, in cascade order.
  public var stylesheets: [EPUBStylesheet]
  /// The images the chapters show.
  public var images: [EPUBImage]
  /// The path of the image in ``images`` that is the cover, shown on a cover page before the
  /// first chapter; nil for no cover.
  public var coverImage: String?

  /// A book with the required metadata and its chapters; the rest can be set afterwards.
  public init(
    title: String, language: String, identifier: EPUBIdentifier, modified: Date, chapters: [EPUBChapter]
  ) {
    self.title = title
    self.creators = []
    self.language = language
    self.identifier = identifier
    self.modified = modified
    self.pageProgression = nil
    self.contentsTitle = "Contents"
    self.chapters = chapters
    self.stylesheets = []
    self.images = []
    self.coverImage = nil
  }

  /// The `.epub` file's bytes: `mimetype` first and stored, the container, the package
  /// document, the navigation document, the cover page, the chapters, the stylesheets and the
  /// images, all dated ``modified``. The same book gives the same bytes.
  public func epubBytes() throws(EPUBProblem) -> [UInt8] {
    try EPUBWriter(self).bytes()
  }
}

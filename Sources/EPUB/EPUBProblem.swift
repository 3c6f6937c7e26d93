/// Why a book could not be packaged: each case is in the book's data, so the site layer reports
/// it against the section that made the book.
public enum EPUBProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The book has no chapters; a spine needs one.
  case noChapters
  /// The book's title is empty.
  case emptyTitle
  /// The language is not a BCP 47 tag.
  case invalidLanguage(String)
  /// The identifier is empty.
  case emptyIdentifier
  /// A file's path breaks a rule; the reason says which.
  case unsafePath(String, reason: String)
  /// Two files have the same path (compared without case, as OCF asks), or a file takes a
  /// name the packager writes (`package.opf`, `nav.xhtml`, `cover.xhtml`).
  case duplicatePath(String)
  /// A chapter's file name does not end in `.xhtml`.
  case chapterNotXHTML(String)
  /// A chapter, or an entry of its contents, has an empty title.
  case emptyChapterTitle(String)
  /// An image's media type is not one of ``EPUBImage/mediaTypes``.
  case unknownImageType(path: String, mediaType: String)
  /// The cover is not the path of one of the book's images.
  case coverNotAnImage(String)
  /// The zip archive could not be written; the zip problem as a sentence.
  case archive(String)

  /// The problem as a sentence for a diagnostic.
  public var description: String {
    switch self {
    case .noChapters:
      "the book has no chapters"
    case .emptyTitle:
      "the book has an empty title"
    case .invalidLanguage(let language):
      "the book's language '\(language)' is not a BCP 47 language tag such as 'en' or 'ja'"
    case .emptyIdentifier:
      "the book's identifier is empty"
    case .unsafePath(let path, let reason):
      "the book's file '\(path)' cannot be packaged: \(reason)"
    case .duplicatePath(let path):
      "the book has two files named '\(path)' (names are compared without case, and package.opf, "
        + "nav.xhtml and cover.xhtml are the packager's)"
    case .chapterNotXHTML(let path):
      "the chapter '\(path)' must have a name ending in '.xhtml'"
    case .emptyChapterTitle(let path):
      "the chapter '\(path)' has an empty title in its title or table of contents"
    case .unknownImageType(let path, let mediaType):
      "the image '\(path)' has the media type '\(mediaType)', which is not one of EPUB's image types "
        + "(JPEG, PNG, GIF, WebP, SVG)"
    case .coverNotAnImage(let path):
      "the cover '\(path)' is not one of the book's images"
    case .archive(let reason):
      "the book's zip archive could not be written: \(reason)"
    }
  }
}

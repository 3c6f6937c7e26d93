import Diagnostics

/// What is wrong with a page's component directive, a link or the bookmarks it imports: each a reason
/// with what it is about; ``message``, ``hint`` and ``severity`` are the one place these findings
/// are put into words. A directive that cannot be used is a warning and is left out of the page;
/// bookmarks that cannot be read are an error.
package enum ComponentProblem: Equatable, Sendable {
  // MARK: Directives (ComponentPass), warnings

  /// A directive that does not parse (`problem` says why, `directive` is as written).
  case malformedDirective(problem: String, directive: String)
  /// `<!-- /readmore -->` without an open read-more block.
  case readMoreClosesNothing
  /// `<!-- readmore -->` without its `<!-- /readmore -->`.
  case readMoreNeverClosed
  /// `<!-- list -->` not followed by a list.
  case listWithoutList
  /// `lines=` that is not a whole number in ``ReadMore/allowedLines``.
  case readMoreLines(String)
  /// `<!-- bookmarks src="" -->`.
  case bookmarksEmptySource
  /// `<!-- bookmarks -->` with neither a table after it nor a `src`.
  case bookmarksWithoutTable
  /// A link that names a file beside the page and, read from the page's URL, another site path
  /// (`LinkResolver` links to the file).
  case ambiguousLink(written: String, file: String, urlReading: String)

  // MARK: Bookmarks (ComponentPass, BookmarkImporter), errors

  /// A `src` that leads out of `Content/`.
  case bookmarksSourceOutsideContent(String)
  /// A bookmarks file that does not exist.
  case bookmarksUnreadable(path: String)
  /// A YAML or JSON bookmark without a `title` or a `url`.
  case bookmarkWithoutTitleOrURL
  /// A CSV file whose first row does not name `title` and `url` columns.
  case bookmarksCSVWithoutHeader

  /// Whether the page still builds: warnings leave the directive out, errors stop the build.
  var severity: Diagnostic.Severity {
    switch self {
    case .malformedDirective, .readMoreClosesNothing, .readMoreNeverClosed, .listWithoutList, .readMoreLines,
      .bookmarksEmptySource, .bookmarksWithoutTable, .ambiguousLink:
      .warning
    case .bookmarksSourceOutsideContent, .bookmarksUnreadable, .bookmarkWithoutTitleOrURL,
      .bookmarksCSVWithoutHeader:
      .error
    }
  }

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .malformedDirective(let problem, let directive): "\(problem) in '\(directive)'"
    case .readMoreClosesNothing: "'<!-- /readmore -->' closes nothing"
    case .readMoreNeverClosed: "a '<!-- readmore -->' block is never closed; it ends with the page"
    case .listWithoutList: "'<!-- list -->' must come right before a list"
    case .readMoreLines(let value):
      "'lines=\(value)' is not a whole number from \(ReadMore.allowedLines.lowerBound) to \(ReadMore.allowedLines.upperBound); using \(ReadMore.defaultLines)"
    case .bookmarksEmptySource: "'<!-- bookmarks -->' has an empty src"
    case .bookmarksWithoutTable: "'<!-- bookmarks -->' needs a table right after it, or src=\"file\""
    case .ambiguousLink(let written, let file, let urlReading):
      "'\(written)' names Content/\(file) beside the page and '\(urlReading)' from the page's URL; linking to the file"
    case .bookmarksSourceOutsideContent(let source): "bookmarks src '\(source)' points outside Content/"
    case .bookmarksUnreadable(let path): "cannot read bookmarks file '\(path)'"
    case .bookmarkWithoutTitleOrURL: "a bookmark needs a 'title' and a 'url'"
    case .bookmarksCSVWithoutHeader: "a bookmarks CSV needs a header row with 'title' and 'url' columns"
    }
  }

  /// How to fix it, when there is something useful to say.
  var hint: String? {
    switch self {
    case .bookmarksSourceOutsideContent:
      "keep data files inside Content/, e.g. src=\"bookmarks.yaml\" next to the page"
    case .bookmarksUnreadable: "src is relative to the page's folder, or to Content/ when it starts with '/'"
    default: nil
    }
  }

  /// The finding at `location`.
  package func diagnostic(at location: SourceLocation?) -> Diagnostic {
    Diagnostic(severity, message, at: location, hint: hint)
  }

  /// The finding at `location`, ready to throw.
  package func error(at location: SourceLocation?) -> DiagnosticError {
    DiagnosticError(diagnostic(at: location))
  }
}

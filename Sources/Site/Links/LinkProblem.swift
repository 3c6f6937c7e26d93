import Diagnostics
import SiteComponents

/// Why a link of the site leads nowhere: a reason with the link; ``message`` and ``hint`` are the
/// one place the link check's findings are put into words.
enum LinkProblem {
  /// No page or file has the link's URL; `suggestions` are the URLs it probably meant (nil when
  /// none were looked for).
  case broken(InternalLink, suggestions: [String]?, example: Example? = nil)
  /// The link names a Markdown file (`file`, as the project names it: `Content/docs/a.md`) that makes no page:
  /// there is no such file, or it is a draft (`isDraft`) and the build leaves drafts out;
  /// `suggestion` is the link it probably meant.
  case noPageFromFile(InternalLink, file: String, isDraft: Bool, suggestion: String?, example: Example? = nil)
  /// The link's page (`page`, a page URL) has no element with the id its fragment names;
  /// `closest` is the heading id it probably meant.
  case missingAnchor(InternalLink, page: String, closest: String?)

  /// A page of the site, which a hint shows as the example of how a file becomes a URL: the
  /// linking page itself, so that every site's hint names its own pages, never Folio's.
  struct Example {
    /// The page's file as the project names it (`Content/posts/hello.md`).
    var file: String
    /// The page's site path (`/posts/hello/`).
    var url: String
  }

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .broken(let link, _, _):
      let resolved = link.written.hasPrefix("/") ? "" : " (\(link.target))"
      return link.isImage
        ? "broken image source '\(link.written)'\(resolved): no file has that URL"
        : "broken link to '\(link.written)'\(resolved): no page or file has that URL"
    case .noPageFromFile(let link, let file, let isDraft, _, _):
      return isDraft
        ? "broken link to '\(link.written)': \(file) is a draft, which this build leaves out"
        : "broken link to '\(link.written)': there is no \(file)"
    case .missingAnchor(let link, let page, _):
      return "broken anchor in '\(link.written)': \(page) has no element with id '\(link.fragment ?? "")'"
    }
  }

  /// How to fix it: the URL or id it probably meant, or how URLs and ids are made.
  var hint: String {
    switch self {
    case .broken(let link, let suggestions, let example):
      suggestions.flatMap(LinkProblem.didYouMean)
        ?? (link.isImage
          ? LinkProblem.imageHint(written: link.written, example: example)
          : example.map { "link to a page by its URL: \($0.file), this page, is \($0.url)" }
            ?? "link to a page by its URL, its file's path in Content/ without '.md' and ending in '/'")
    case .noPageFromFile(_, _, let isDraft, let suggestion, let example):
      if isDraft {
        "publish it with 'draft: false', or build with --drafts to see it"
      } else {
        suggestion.map { "did you mean '\($0)'?" }
          ?? "a link to a Markdown file names it from the linking file's folder, as on GitHub, or from Content/"
          + (example.flatMap(LinkProblem.fromContent).map { " (this page is '\($0)')" } ?? "")
      }
    case .missingAnchor(_, _, let closest):
      closest.map { "did you mean '#\($0)'?" }
        ?? "a heading's id is its text in lower case with spaces as hyphens: '## Command line' is #command-line"
    }
  }

  /// The finding at the link's place, with `severity` (a missing anchor is always a warning: ids
  /// can also come from scripts Folio cannot see).
  func diagnostic(severity: Diagnostic.Severity) -> Diagnostic {
    switch self {
    case .broken(let link, _, _), .noPageFromFile(let link, _, _, _, _):
      Diagnostic(severity, message, at: link.location, hint: hint)
    case .missingAnchor(let link, _, _): Diagnostic(.warning, message, at: link.location, hint: hint)
    }
  }

  /// Where a missing image was looked for, in the project's own names: a relative source is
  /// read from the page's file's folder, as GitHub and MkDocs read it (`../img/a.png` in
  /// `docs/topics/x.md` is `docs/img/a.png`), so the hint names that file.
  private static func imageHint(written: String, example: Example?) -> String {
    let path = written.prefix { $0 != "?" && $0 != "#" }
    guard let example, !path.hasPrefix("/"), !path.isEmpty,
      let file = resolved(String(path), from: example.file)
    else {
      return "an image's source names a file from this page's folder, or from the site's root with '/'"
    }
    return "put the image at \(file), or change the path: it is read from this page's folder"
  }

  /// `relative` read from the folder of the project file `file`; nil when it climbs out of the
  /// project.
  private static func resolved(_ relative: String, from file: String) -> String? {
    var parts = file.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
    for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }

  /// The example page's file as a link from `Content/` names it (`/posts/hello.md`), when it is
  /// in `Content/`.
  private static func fromContent(_ example: Example) -> String? {
    example.file.hasPrefix("Content/") ? String(example.file.dropFirst("Content".count)) : nil
  }

  /// `did you mean 'a'?`, `… 'a' or 'b'?`, `… 'a', 'b' or 'c'?`; nil for no candidates.
  private static func didYouMean(_ candidates: [String]) -> String? {
    guard let last = candidates.last else { return nil }
    let quoted = candidates.dropLast().map { "'\($0)'" }
    return "did you mean " + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?"
  }
}

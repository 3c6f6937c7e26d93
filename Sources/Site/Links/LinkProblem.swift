import Diagnostics
import SiteComponents

/// Why a link of the site leads nowhere: a reason with the link; ``message`` and ``hint`` are the
/// one place the link check's findings are put into words.
enum LinkProblem {
  /// No page or file has the link's URL; `suggestions` are the URLs it probably meant (nil when
  /// none were looked for).
  case broken(InternalLink, suggestions: [String]?)
  /// The link names a Markdown file (`file`, as the project names it: `Content/docs/a.md`) that makes no page:
  /// there is no such file, or it is a draft (`isDraft`) and the build leaves drafts out;
  /// `suggestion` is the link it probably meant.
  case noPageFromFile(InternalLink, file: String, isDraft: Bool, suggestion: String?)
  /// The link's page (`page`, a page URL) has no element with the id its fragment names;
  /// `closest` is the heading id it probably meant.
  case missingAnchor(InternalLink, page: String, closest: String?)

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .broken(let link, _):
      let resolved = link.written.hasPrefix("/") ? "" : " (\(link.target))"
      return link.isImage
        ? "broken image source '\(link.written)'\(resolved): no file has that URL"
        : "broken link to '\(link.written)'\(resolved): no page or file has that URL"
    case .noPageFromFile(let link, let file, let isDraft, _):
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
    case .broken(let link, let suggestions):
      suggestions.flatMap(LinkProblem.didYouMean)
        ?? (link.isImage
          ? "files in Content/ are published at their path: Content/images/logo.svg is /images/logo.svg"
          : "link to a page by its URL: Content/docs/cli.md is /docs/cli/")
    case .noPageFromFile(_, _, let isDraft, let suggestion):
      if isDraft {
        "publish it with 'draft: false', or build with --drafts to see it"
      } else {
        suggestion.map { "did you mean '\($0)'?" }
          ?? "a link to a Markdown file names it from the linking file's folder, as on GitHub ('../docs/cli.md'), or from Content/ ('/docs/cli.md')"
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
    case .broken(let link, _), .noPageFromFile(let link, _, _, _):
      Diagnostic(severity, message, at: link.location, hint: hint)
    case .missingAnchor(let link, _, _): Diagnostic(.warning, message, at: link.location, hint: hint)
    }
  }

  /// `did you mean 'a'?`, `… 'a' or 'b'?`, `… 'a', 'b' or 'c'?`; nil for no candidates.
  private static func didYouMean(_ candidates: [String]) -> String? {
    guard let last = candidates.last else { return nil }
    let quoted = candidates.dropLast().map { "'\($0)'" }
    return "did you mean " + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?"
  }
}

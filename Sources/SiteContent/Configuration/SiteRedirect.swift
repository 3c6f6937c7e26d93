import Diagnostics
import YAML

/// An old URL that sends readers to a page (`redirects:` in folio.yaml): what a page's `aliases`
/// do, written in the settings, so that a site whose files are not to be edited (an imported
/// one) keeps its old URLs answering. `folio import` writes one for each page whose URL under
/// Folio is not the one the old tool gave it.
///
/// ```yaml
/// redirects:
///   /2019/05/first-post.html: _posts/2019-05-01-first-post.md   # a content file, as in the project
///   /old/guide/: /docs/guide/                                   # or a URL of the site
/// ```
public struct SiteRedirect: Hashable, Sendable {
  /// The old URL, from the site's root (`/old/guide/`, `/page.html`); percent-encoded bytes are
  /// decoded to name the file written (`%20` is a space), as a web server decodes them.
  public var from: String
  /// Where it sends readers: a content file as named in the project (`content/posts/a.md`), or
  /// a URL of the site starting with `/`.
  public var to: String
  /// Where folio.yaml writes it, for the errors found when the site is laid out; not part of
  /// what the redirect is.
  package var location: SourceLocation?

  /// A redirect from `from` to `to`.
  public init(from: String, to: String) {
    self.from = from
    self.to = to
  }

  /// Whether `to` names a URL of the site rather than a file.
  package var sendsToAURL: Bool { to.hasPrefix("/") }

  /// Whether both send the same URL to the same place.
  public static func == (lhs: SiteRedirect, rhs: SiteRedirect) -> Bool {
    lhs.from == rhs.from && lhs.to == rhs.to
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(from)
    hasher.combine(to)
  }

  /// Reads `redirects:`, a mapping of old URL to content file or site URL, in the order written.
  static func parse(_ value: YAMLValue, in path: String) throws -> [SiteRedirect] {
    guard let entries = value.mapping?.entries else {
      throw value.mismatch("a mapping of old URL to content file or URL", "redirects")
    }
    var redirects: [SiteRedirect] = []
    for entry in entries {
      let from = try entry.key.expectString("redirects", in: path)
      guard from.hasPrefix("/") else {
        throw ContentProblem.redirectNotSiteRelative(from).error(at: entry.key.location)
      }
      let to = try entry.value.expectString("redirects." + from, in: path)
      guard !to.isEmpty, !to.contains("://"), !to.hasPrefix("//") else {
        throw ContentProblem.redirectTargetNotInTheSite(to).error(at: entry.value.location)
      }
      var redirect = SiteRedirect(from: from, to: to)
      redirect.location = entry.key.location
      redirects.append(redirect)
    }
    return redirects
  }
}

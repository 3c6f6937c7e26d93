import Diagnostics
import HTMLRendering

/// A URL that an author or the site's owner wrote and Folio does not write, where it was
/// written and why: the warnings about such URLs are worded here and nowhere else.
package struct DroppedURL {
  /// What the URL belonged to.
  package enum Owner {
    /// A row of a bookmark table or data file, which is left out.
    case bookmark(title: String)
    /// An entry of folio.yaml's `menu`, which is left out.
    case menuItem(title: String)
    /// A Markdown link, which keeps its text and gets an empty `href` (cmark-gfm's rule).
    case link(url: String)
    /// A Markdown image, which gets an empty `src` (cmark-gfm's rule).
    case image(url: String)
  }

  var owner: Owner
  var reason: URLPolicy.Refusal
  var location: SourceLocation

  /// A URL of `owner` left out for `reason`, written at `location`.
  package init(_ owner: Owner, reason: URLPolicy.Refusal, at location: SourceLocation) {
    self.owner = owner
    self.reason = reason
    self.location = location
  }

  /// The warning, e.g. `bookmark 'Evil' was left out: 'javascript:' URLs can run code`.
  package var diagnostic: Diagnostic {
    let message: String
    let hint: String?
    switch owner {
    case .bookmark(let title):
      message = "bookmark '\(title)' was left out: \(reason)"
      hint = settingHint
    case .menuItem(let title):
      message = "menu item '\(title)' was left out: \(reason)"
      hint = settingHint
    case .link(let url):
      message = "link to '\(url)' is written without its URL: \(reason)"
      hint = "markdown.unsafeHTML: true in folio.yaml keeps such URLs (only for content you trust)"
    case .image(let url):
      message = "image '\(url)' is written without its source: \(reason)"
      hint = "markdown.unsafeHTML: true in folio.yaml keeps such URLs (only for content you trust)"
    }
    return .warning(message, at: location, hint: hint)
  }

  /// For a scheme a site may allow, how to allow it.
  private var settingHint: String? {
    guard case .schemeNotAllowed(let scheme) = reason else { return nil }
    return
      "http, https, mailto and relative URLs are allowed; list '\(scheme)' under urls.schemes in folio.yaml to allow it too"
  }
}

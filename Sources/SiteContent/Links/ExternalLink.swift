import Diagnostics
import Foundation

/// An http or https link or image that leaves the site, where it is written: in a page's
/// Markdown, a bookmark table or data file, or the menu in folio.yaml. Collected only for
/// `folio check --external` (``SiteBuilder/Options/collectsExternalLinks``).
package struct ExternalLink: Sendable, Equatable {
  /// The URL to request: as written, without its fragment (`https://a.org/b#c` is
  /// `https://a.org/b`; a protocol-relative `//a.org/` is `https://a.org/`).
  package var url: String
  /// Whether it is an image's source.
  package var isImage: Bool
  /// Where it is written.
  package var location: SourceLocation
  /// Whether a link card shows it (its title is read by `folio check --external`).
  package var wantsTitle = false

  /// The link to `url`, written at `location`.
  package init(url: String, isImage: Bool, location: SourceLocation) {
    self.url = url
    self.isImage = isImage
    self.location = location
  }

  /// The URL a check requests for `written`, or nil when it is not an http or https URL.
  package static func checkedURL(_ written: String) -> String? {
    var url = written.trimmingCharacters(in: .whitespaces)
    if url.hasPrefix("//") { url = "https:" + url }
    let lower = url.prefix(8).lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
    return url
  }
}

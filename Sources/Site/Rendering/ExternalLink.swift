import Diagnostics
import Foundation

/// An http or https link or image that leaves the site, where it is written: in a page's
/// Markdown, a bookmark table or data file, or the menu in folio.yaml. Collected only for
/// `folio check --external` (``SiteBuilder/Options/collectsExternalLinks``).
struct ExternalLink: Sendable, Equatable {
  /// The URL to request: as written, without its fragment (`https://a.org/b#c` is
  /// `https://a.org/b`; a protocol-relative `//a.org/` is `https://a.org/`).
  var url: String
  /// Whether it is an image's source.
  var isImage: Bool
  /// Where it is written.
  var location: SourceLocation

  /// The URL a check requests for `written`, or nil when it is not an http or https URL.
  static func checkedURL(_ written: String) -> String? {
    var url = written.trimmingCharacters(in: .whitespaces)
    if url.hasPrefix("//") { url = "https:" + url }
    let lower = url.prefix(8).lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
    return url
  }
}

/// One URL to check, with every place that links to it: what ``SiteBuilder/Result`` gives
/// `folio check --external`, each distinct URL once.
public struct ExternalLinkReference: Sendable, Equatable {
  /// The URL to request (without fragment).
  public var url: String
  /// Every place it is written, in path, line and column order.
  public var locations: [SourceLocation]
  /// Whether every place uses it as an image's source.
  public var isImage: Bool

  /// Creates a reference.
  public init(url: String, locations: [SourceLocation], isImage: Bool = false) {
    self.url = url
    self.locations = locations
    self.isImage = isImage
  }

  /// `links` grouped by URL, in the order of each URL's first place.
  static func grouped(_ links: [ExternalLink]) -> [ExternalLinkReference] {
    var byURL: [String: ExternalLinkReference] = [:]
    for link in links {
      byURL[link.url, default: ExternalLinkReference(url: link.url, locations: [], isImage: true)]
        .locations.append(link.location)
      if !link.isImage { byURL[link.url]!.isImage = false }
    }
    return byURL.values.map { reference in
      var reference = reference
      reference.locations = Array(Set(reference.locations)).sorted()
      return reference
    }.sorted { ($0.locations[0], $0.url) < ($1.locations[0], $1.url) }
  }
}

/// What `folio check --external` found: a diagnostic for each place that links to a broken URL
/// (errors) or to one that moved permanently (notes), and how many URLs were looked at.
public struct ExternalLinkReport: Sendable, Equatable {
  /// Errors, notes and warnings (a cache that could not be written), in place order.
  public var diagnostics: [Diagnostic] = []
  /// Distinct URLs checked or taken from the cache.
  public var checked = 0
  /// Of those, how many came from the cache.
  public var fromCache = 0
  /// URLs left out by `externalLinks.exclude`.
  public var excluded = 0

  /// An empty report.
  public init() {}
}

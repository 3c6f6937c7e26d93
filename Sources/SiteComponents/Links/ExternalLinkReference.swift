import Diagnostics
import SiteContent

/// One URL to check, with every place that links to it: what ``SiteBuilder/Result`` gives
/// `folio check --external`, each distinct URL once.
public struct ExternalLinkReference: Sendable, Equatable {
  /// The URL to request (without fragment).
  public var url: String
  /// Every place it is written, in path, line and column order.
  public var locations: [SourceLocation]
  /// Whether every place uses it as an image's source.
  public var isImage: Bool
  /// Whether a link card shows it, so that `folio check --external` reads the page's title.
  public var wantsTitle = false

  /// Creates a reference.
  public init(url: String, locations: [SourceLocation], isImage: Bool = false) {
    self.url = url
    self.locations = locations
    self.isImage = isImage
  }

  /// `links` grouped by URL, in the order of each URL's first place.
  package static func grouped(_ links: [ExternalLink]) -> [ExternalLinkReference] {
    var byURL: [String: ExternalLinkReference] = [:]
    for link in links {
      byURL[link.url, default: ExternalLinkReference(url: link.url, locations: [], isImage: true)]
        .locations.append(link.location)
      if !link.isImage { byURL[link.url]?.isImage = false }
      if link.wantsTitle { byURL[link.url]?.wantsTitle = true }
    }
    return byURL.values.map { reference in
      var reference = reference
      reference.locations = Array(Set(reference.locations)).sorted()
      return reference
    }.sorted { ($0.locations[0], $0.url) < ($1.locations[0], $1.url) }
  }
}

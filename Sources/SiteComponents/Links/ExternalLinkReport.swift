import Diagnostics

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

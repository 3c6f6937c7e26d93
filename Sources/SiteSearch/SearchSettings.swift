/// folio.yaml's `search:` setting: whether the build writes a search index and the `/search/`
/// page, and what the index reads.
public struct SearchSettings: Hashable, Sendable {
  /// Whether code blocks are indexed (off: code drowns prose in a docs site's results).
  public var includesCode = false

  /// The defaults: prose, headings and titles, no code blocks.
  public init(includesCode: Bool = false) {
    self.includesCode = includesCode
  }
}

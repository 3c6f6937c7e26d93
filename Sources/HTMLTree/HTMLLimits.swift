/// How much of a fragment the parser accepts; past any limit it throws an ``HTMLTreeProblem``.
public struct HTMLLimits: Sendable, Hashable {
  /// The longest input in bytes (gumbo takes at most 4 GiB, and its time grows with the input
  /// times the depth).
  public var maxBytes: Int
  /// The deepest element, the fragment's own top-level nodes being at depth 1.
  public var maxDepth: Int
  /// The most nodes (elements, texts and comments) in the tree; a page with more start tags
  /// than this is refused before it is parsed.
  public var maxNodes: Int

  /// Creates limits; the defaults are far above any page Folio writes.
  public init(maxBytes: Int = 32 << 20, maxDepth: Int = 512, maxNodes: Int = 2_000_000) {
    self.maxBytes = maxBytes
    self.maxDepth = maxDepth
    self.maxNodes = maxNodes
  }
}

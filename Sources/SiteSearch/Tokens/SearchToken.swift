/// One term of searchable text, where it stands, and what made it (docs/CONTRACTS.md, "Search
/// tokens").
public struct SearchToken: Hashable, Sendable {
  /// What rule made a token.
  public enum Kind: UInt8, Sendable {
    /// A word of letters, marks, digits and `_` (Latin, Cyrillic, Greek, Thai, …).
    case word
    /// Two adjacent CJK characters.
    case bigram
    /// One CJK character: the last of a run (so that every character begins a token), or a
    /// run of one.
    case single
  }

  /// The normalised term (NFKC, lowercase).
  public var term: String
  /// Its place in the text's token stream, from 0; adjacent tokens differ by 1.
  public var position: Int
  /// The rule that made it.
  public var kind: Kind

  /// A token.
  public init(term: String, position: Int, kind: Kind) {
    self.term = term
    self.position = position
    self.kind = kind
  }
}

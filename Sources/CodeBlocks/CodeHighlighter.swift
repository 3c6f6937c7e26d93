import SyntaxHighlighting

/// The highlighting a site build shares between pages: the library's highlighters, lent to one
/// thread at a time, and the language names read from its definitions.
public final class CodeHighlighter: Sendable {
  /// The highlighter every build of a process shares; the library is loaded when a page first
  /// needs it.
  public static let shared = CodeHighlighter(pool: .shared)

  /// The highlighters.
  public let pool: SyntaxHighlighterPool
  /// The names writers may give languages.
  public let names: LanguageNames

  /// A highlighter over `pool`, with the language names of its definitions.
  public init(pool: SyntaxHighlighterPool) {
    self.pool = pool
    names = LanguageNames(definitions: pool.contents.definitions)
  }
}

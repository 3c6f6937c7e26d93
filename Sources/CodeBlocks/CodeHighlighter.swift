import Synchronization
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
  /// The themes the library ships, by name.
  public var themeNames: [String] { pool.contents.themeNames }
  /// What each language name written so far led to: a site writes a few dozen names thousands
  /// of times, and finding the closest name to an unknown one compares it with every name.
  private let matches = Mutex<[String: LanguageNames.Match]>([:])

  /// Where the language name `written` leads (``LanguageNames/match(_:)``), remembered.
  public func match(_ written: String) -> LanguageNames.Match {
    if let known = matches.withLock({ $0[written] }) { return known }
    let found = names.match(written)
    matches.withLock { $0[written] = found }
    return found
  }

  /// A highlighter over `pool`, with the language names of its definitions.
  public init(pool: SyntaxHighlighterPool) {
    self.pool = pool
    names = LanguageNames(definitions: pool.contents.definitions)
  }

  /// `/assets/folio-highlight.css` for `settings` (``HighlightStylesheet``); a comment only
  /// when the library lacks one of the themes.
  public func stylesheet(for settings: HighlightSettings) -> String {
    guard let light = pool.theme(named: settings.lightTheme), let dark = pool.theme(named: settings.darkTheme)
    else {
      return
        "/* Folio: the highlight themes '\(settings.lightTheme)' and '\(settings.darkTheme)' are not installed. */\n"
    }
    return HighlightStylesheet.css(light: light, dark: dark)
  }
}

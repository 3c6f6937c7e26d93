/// One lexical piece of a template: a run of text, a line break, or a tag.
///
/// Text never contains a line break; line breaks are tokens of their own, so the parser can reason
/// about lines (standalone tags, indentation) without scanning text again.
struct Token: Sendable {
  /// What the token is.
  enum Kind: Sendable, Equatable {
    /// Text without line breaks.
    case text
    /// `\n` or `\r\n`.
    case newline
    /// `{{name}}`.
    case variable
    /// `{{{name}}}` or `{{&name}}`.
    case unescapedVariable
    /// `{{#name}}`.
    case section
    /// `{{^name}}`.
    case invertedSection
    /// `{{/name}}`.
    case close
    /// `{{! … }}`.
    case comment
    /// `{{>name}}`.
    case partial
    /// `{{<name}}`.
    case parent
    /// `{{$name}}`.
    case block
    /// `{{=<% %>=}}`.
    case delimiters

    /// Whether a tag of this kind disappears with its line when it stands alone on it.
    var canStandAlone: Bool {
      switch self {
      case .text, .newline, .variable, .unescapedVariable: false
      default: true
      }
    }

    /// Whether the tag opens something that a `{{/name}}` closes.
    var opensContainer: Bool {
      switch self {
      case .section, .invertedSection, .parent, .block: true
      default: false
      }
    }
  }

  /// What the token is.
  let kind: Kind
  /// The bytes it covers: the text itself, or the whole tag including delimiters.
  var range: Range<Int>
  /// The tag's name, trimmed; `*` followed by the path for dynamic names; empty for text.
  let name: String
  /// The 1-based line where the token starts.
  let line: Int
  /// The 1-based column, in UTF-8 bytes, where the token starts.
  let column: Int
  /// The delimiters in effect when the tag was read.
  let delimiters: Delimiters
}

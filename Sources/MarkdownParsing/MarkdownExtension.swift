/// The GitHub Flavored Markdown extensions, named as cmark-gfm's `-e` flag names them.
///
/// ```swift
/// MarkdownOptions(extensions: [.strikethrough, .autolink])
/// MarkdownExtension(rawValue: "tasklist")  // .tasklist
/// ```
public enum MarkdownExtension: String, CaseIterable, Hashable, Sendable {
  /// Pipe tables.
  case table
  /// `~~strikethrough~~`.
  case strikethrough
  /// Bare `www.` and `https://` links and e-mail addresses.
  case autolink
  /// Escapes `<script>`, `<iframe>` and the other tags GitHub disallows in raw HTML.
  case tagfilter
  /// `- [ ]` and `- [x]` items.
  case tasklist
  /// `[^1]` references and `[^1]: …` definitions.
  case footnotes
}

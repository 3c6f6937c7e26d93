internal import CSyntaxHighlighting

/// One KSyntaxHighlighting repository and highlighter: every definition and theme Debian
/// installed, and the engine that turns code into ``SyntaxToken``s.
///
/// Not thread-safe, as the library's `Repository` is not (it loads each definition the first
/// time it is used, into data the repository shares): use one from one thread at a time.
/// ``SyntaxHighlighterPool`` lends them out so. `@unchecked Sendable` only so that the pool can
/// hand one to another thread; two threads never hold one at once.
public final class SyntaxHighlighter: @unchecked Sendable {
  private let repository: OpaquePointer

  /// Opens a repository (about 10 ms: it lists the definitions and themes; each definition is
  /// read when first used).
  public init() {
    repository = folio_hl_repository_open()
  }

  deinit {
    folio_hl_repository_free(repository)
  }

  /// Every definition the repository has.
  public func definitions() -> [SyntaxDefinition] {
    lines(of: folio_hl_definitions(repository)).compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 4 else { return nil }
      return SyntaxDefinition(
        name: String(fields[0]), section: String(fields[1]),
        fileNamePatterns: fields[3].split(separator: ";").map(String.init), isHidden: fields[2] == "1")
    }
  }

  /// The names of every theme the repository has.
  public func themeNames() -> [String] {
    lines(of: folio_hl_themes(repository)).map(String.init)
  }

  /// The theme named `name` (exactly), or nil when there is none.
  public func theme(named name: String) -> SyntaxTheme? {
    name.withCString { theme -> SyntaxTheme? in
      var styles: [ThemeStyle] = []
      styles.reserveCapacity(TextStyle.allCases.count)
      for style in TextStyle.allCases {
        var result = folio_hl_style()
        guard folio_hl_theme_style(repository, theme, style.rawValue, &result) == 0 else { return nil }
        styles.append(
          ThemeStyle(
            textColor: ThemeColor(rgb: result.text_color),
            backgroundColor: ThemeColor(rgb: result.background_color),
            isBold: result.bold != 0, isItalic: result.italic != 0, isUnderline: result.underline != 0,
            isStrikeThrough: result.strike_through != 0))
      }
      // Theme::EditorColorRole: BackgroundColor 0, CurrentLine 2, LineNumbers 11.
      let color = { (role: UInt32) in
        ThemeColor(rgb: folio_hl_theme_editor_color(self.repository, theme, role))
      }
      return SyntaxTheme(
        name: name, background: color(0), lineNumbers: color(11), currentLine: color(2), styles: styles)
    }
  }

  /// The tokens of `code` (UTF-8) as the definition named `definition` (exactly, as
  /// ``SyntaxDefinition/name``) reads it, in order, without overlaps; bytes between tokens are
  /// ``TextStyle/normal``. Nil when there is no such definition.
  public func tokens(of code: UnsafeBufferPointer<UInt8>, definition: String) -> [SyntaxToken]? {
    var spans: UnsafeMutablePointer<folio_hl_span>? = nil
    var count = 0
    let status = definition.withCString { name in
      code.withMemoryRebound(to: CChar.self) { text in
        folio_hl_highlight(repository, name, text.baseAddress, text.count, &spans, &count)
      }
    }
    guard status == 0, let spans else { return nil }
    defer { folio_hl_free(spans) }
    return UnsafeBufferPointer(start: spans, count: count).map { span in
      SyntaxToken(
        offset: Int(span.offset), length: Int(span.length), style: TextStyle(rawValue: span.style) ?? .normal)
    }
  }

  /// The tokens of `code`, as ``tokens(of:definition:)-(UnsafeBufferPointer<UInt8>,_)``.
  public func tokens(of code: String, definition: String) -> [SyntaxToken]? {
    var code = code
    return code.withUTF8 { tokens(of: $0, definition: definition) }
  }

  /// The lines of a newline-separated list the shim allocated, which is freed.
  private func lines(of list: UnsafeMutablePointer<CChar>?) -> [Substring] {
    guard let list else { return [] }
    defer { folio_hl_free(list) }
    return String(cString: list).split(separator: "\n")
  }
}

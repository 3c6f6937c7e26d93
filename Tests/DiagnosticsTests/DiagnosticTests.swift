import Diagnostics
import Testing

/// How a diagnostic becomes text (`Diagnostic.description`, the one place that does it).
@Suite struct DiagnosticTests {
  private let location = SourceLocation(path: "Content/post.md", line: 3, column: 7)

  @Test func printsLocationSeverityMessageNotesAndHintAsCompilersDo() {
    let diagnostic = Diagnostic(
      .error, "unknown layout 'wide'", at: location, hint: "add Templates/wide.mustache",
      notes: ["the layouts are: page, section"])
    #expect(
      diagnostic.description == """
        Content/post.md:3:7: error: unknown layout 'wide'
            note: the layouts are: page, section
            hint: add Templates/wide.mustache
        """)
  }

  @Test func aFindingWithoutALocationStartsWithItsSeverity() {
    #expect(Diagnostic.warning("no pages").description == "warning: no pages")
  }

  @Test func controlCharactersInTheMessageAreShownAsEscapes() {
    // ESC [2J clears a terminal; BEL rings it; NUL, TAB, LF, CR and DEL would be invisible or
    // break the line.
    let diagnostic = Diagnostic.warning(
      "bookmark '\u{1B}[2J\u{7}a\u{0}b\tc\nd\re\u{7F}' was left out", at: location)
    #expect(
      diagnostic.description
        == #"Content/post.md:3:7: warning: bookmark '\u{1B}[2J\u{7}a\u{0}b\u{9}c\u{A}d\u{D}e\u{7F}' was left out"#
    )
  }

  @Test func c1ControlsAndBidiControlsAreShownAsEscapes() {
    let diagnostic = Diagnostic.warning(
      "title '\u{9B}31m \u{202E}txt.exe\u{202C} \u{2066}x\u{2069} \u{200F}'")
    #expect(
      diagnostic.description
        == #"warning: title '\u{9B}31m \u{202E}txt.exe\u{202C} \u{2066}x\u{2069} \u{200F}'"#)
  }

  @Test func thePathHintAndNotesAreEscapedToo() {
    let diagnostic = Diagnostic(
      .error, "bad", at: SourceLocation(path: "Content/\u{1B}]0;x\u{7}.md", line: 1, column: 1),
      hint: "rename '\u{8}'", notes: ["was '\u{85}'"])
    #expect(
      diagnostic.description == #"""
        Content/\u{1B}]0;x\u{7}.md:1:1: error: bad
            note: was '\u{85}'
            hint: rename '\u{8}'
        """#)
  }

  @Test func ordinaryUnicodeStaysAsItIs() {
    let diagnostic = Diagnostic.warning("「続きを見る」の見出し — café 👍🏽", at: location)
    #expect(diagnostic.description == "Content/post.md:3:7: warning: 「続きを見る」の見出し — café 👍🏽")
  }
}

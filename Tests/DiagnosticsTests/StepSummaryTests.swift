import Diagnostics
import Testing

/// The Markdown a GitHub Actions step appends to its job summary (`StepSummary`).
@Suite struct StepSummaryTests {
  private let location = SourceLocation(path: "Content/a.md", line: 3, column: 5)

  @Test func aHeadingWithTheCountsThenOneRowPerFinding() {
    let summary = StepSummary(
      title: "folio check",
      findings: [
        (.error("broken link to '/b/'", at: location, hint: "did you mean '/a/'?"), "site/Content/a.md"),
        (.warning("no pages"), nil),
        (.warning("w", at: location), nil),
      ])
    #expect(
      summary.markdown == """
        ### folio check: 1 error, 2 warnings

        | Severity | Place | Message | Hint |
        | --- | --- | --- | --- |
        | error | site/Content/a.md:3:5 | broken link to '/b/' | did you mean '/a/'? |
        | warning |  | no pages |  |
        | warning | Content/a.md:3:5 | w |  |


        """)
  }

  @Test func noFindingsIsOnlyAHeading() {
    #expect(StepSummary(title: "folio build", findings: []).markdown == "### folio build: no problems\n\n")
  }

  @Test func notesJoinTheMessageCellWithLineBreaks() {
    let diagnostic = Diagnostic(.error, "e", notes: ["n1", "n2"])
    #expect(
      StepSummary(title: "t", findings: [(diagnostic, nil)]).markdown.contains(
        "| error |  | e<br>note: n1<br>note: n2 |  |\n"))
  }

  @Test func cellsShowPipesMarkupAndControlsAsTheyAre() {
    #expect(StepSummary.cell("a | b") == #"a \| b"#)
    #expect(
      StepSummary.cell("'<!-- list -->' *x* _y_ [l](u) `c` ~s~ &amp; $m$ \\")
        == #"'\<!-- list --\>' \*x\* \_y\_ \[l\](u) \`c\` \~s\~ \&amp; \$m\$ \\"#)
    // A line feed would end the row; it is shown as an escape, as on a terminal.
    #expect(StepSummary.cell("a\nb\r") == #"a\\u{A}b\\u{D}"#)
  }
}

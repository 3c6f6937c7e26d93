import Diagnostics
import Testing

/// How a finding becomes a GitHub Actions workflow command (`GitHubAnnotation`).
@Suite struct GitHubAnnotationTests {
  private let location = SourceLocation(path: "Content/post.md", line: 3, column: 7)

  @Test func anErrorNamesItsFileLineAndColumn() {
    let annotation = GitHubAnnotation(.error("broken link to '/b/'", at: location))
    #expect(
      annotation.description == "::error file=Content/post.md,line=3,col=7,title=Folio::broken link to '/b/'")
  }

  @Test func warningsAndNotesHaveTheirOwnCommands() {
    #expect(GitHubAnnotation(.warning("w", at: location)).description.hasPrefix("::warning file="))
    #expect(GitHubAnnotation(Diagnostic(.note, "n")).description == "::notice title=Folio::n")
  }

  @Test func aFindingWithoutAPlaceHasOnlyATitle() {
    #expect(GitHubAnnotation(.error("no pages")).description == "::error title=Folio::no pages")
  }

  @Test func thePathGivenReplacesTheLocationsOwn() {
    let annotation = GitHubAnnotation(.error("e", at: location), path: "site/Content/post.md")
    #expect(annotation.description == "::error file=site/Content/post.md,line=3,col=7,title=Folio::e")
  }

  @Test func notesAndTheHintFollowTheMessageOnLinesOfTheirOwn() {
    let diagnostic = Diagnostic(
      .error, "unknown layout 'wide'", at: location, hint: "add Templates/wide.mustache",
      notes: ["the layouts are: page, section"])
    #expect(
      GitHubAnnotation(diagnostic).description
        == "::error file=Content/post.md,line=3,col=7,title=Folio::unknown layout 'wide'"
        + "%0Anote: the layouts are: page, section%0Ahint: add Templates/wide.mustache")
  }

  @Test func dataEscapesPercentCarriageReturnAndLineFeedOnly() {
    #expect(GitHubAnnotation.escapedData("100% a\r\nb\nc\rd: e, f") == "100%25 a%0D%0Ab%0Ac%0Dd: e, f")
    // An already escaped text is escaped again, so it reads back as it was.
    #expect(GitHubAnnotation.escapedData("%0A%25") == "%250A%2525")
  }

  @Test func propertiesAlsoEscapeColonAndComma() {
    #expect(GitHubAnnotation.escapedProperty("a:b,c%d\r\ne") == "a%3Ab%2Cc%25d%0D%0Ae")
  }

  /// Text in any script keeps its characters around what is escaped.
  @Test func textBesideWhatIsEscapedKeepsItsCharacters() {
    #expect(GitHubAnnotation.escapedProperty("記事/日本語:100%,é.md") == "記事/日本語%3A100%25%2Cé.md")
    #expect(GitHubAnnotation.escapedData("リンク切れ: 50%\n") == "リンク切れ: 50%25%0A")
    #expect(GitHubAnnotation.escapedData("記事") == "記事")
  }

  @Test func pathsAndMessagesAreEscapedInTheCommand() {
    let place = SourceLocation(path: "Content/100%,a:b.md", line: 1, column: 2)
    let diagnostic = Diagnostic.error("50% of 'a:b, c' is broken", at: place, hint: "fix it")
    #expect(
      GitHubAnnotation(diagnostic).description
        == "::error file=Content/100%25%2Ca%3Ab.md,line=1,col=2,title=Folio::50%25 of 'a:b, c' is broken%0Ahint: fix it"
    )
  }

  @Test func controlCharactersFromTheFilesAreShownAsOnATerminal() {
    // A line feed in a title must not end the command or start another (`::set-output`, say).
    let diagnostic = Diagnostic.warning("title 'a\n::error::b\u{1B}[2J'", at: location)
    #expect(
      GitHubAnnotation(diagnostic).description
        == #"::warning file=Content/post.md,line=3,col=7,title=Folio::title 'a\u{A}::error::b\u{1B}[2J'"#)
  }

  @Test func errorsComeFirstThenWarningsThenNotesEachInTheOrderGiven() {
    let findings: [Diagnostic] = [
      .warning("w1"), Diagnostic(.note, "n1"), .error("e1"), .warning("w2"), .error("e2"),
      Diagnostic(.note, "n2"),
    ]
    #expect(GitHubAnnotation.ordered(findings).map(\.message) == ["e1", "e2", "w1", "w2", "n1", "n2"])
  }
}

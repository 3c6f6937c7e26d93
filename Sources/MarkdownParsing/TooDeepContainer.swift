import Diagnostics
import RichText

/// A `:::` line that would have opened a container inside ``MarkdownParser/maximumContainerDepth``
/// others: the parse reads it as text; a site build stops at it, and `folio render` warns. The one
/// place its problem is put into words.
package struct TooDeepContainer: Hashable, Sendable {
  /// The name on the line: `message`, `note` or `details`.
  package var name: String
  /// The line's colons.
  package var span: SourceSpan

  /// Creates a finding.
  package init(name: String, span: SourceSpan) {
    self.name = name
    self.span = span
  }

  /// The finding at its line of `path`: an error for a build, a warning where the page is still
  /// written with the line as text.
  package func diagnostic(_ severity: Diagnostic.Severity, in path: String) -> Diagnostic {
    Diagnostic(
      severity, "':::\(name)' nests deeper than \(MarkdownParser.maximumContainerDepth) containers",
      at: span.start(in: path),
      hint: "close the containers around it first (a line of as many colons as one opened with); "
        + "a page may put at most \(MarkdownParser.maximumContainerDepth) ':::' blocks inside one another")
  }
}

/// Findings as the Markdown a GitHub Actions step appends to its job summary: a heading with the
/// counts, then a table of every finding, since the run's page shows only ten annotations of
/// each kind.
///
/// ```markdown
/// ### folio check: 1 error
///
/// | Severity | Place | Message | Hint |
/// | --- | --- | --- | --- |
/// | error | Content/a\.md:3:5 | broken link to '/b/': no page or file has that URL | did you mean '/a/'? |
/// ```
public struct StepSummary: Sendable {
  /// What ran, such as `folio check`.
  public var title: String
  /// The findings, each with the path to show for its file (the location's own when nil), in
  /// the order of the table.
  public var findings: [(diagnostic: Diagnostic, path: String?)]

  /// A summary of `findings` under the heading `title`.
  public init(title: String, findings: [(diagnostic: Diagnostic, path: String?)]) {
    self.title = title
    self.findings = findings
  }

  /// The heading, then the table when there are findings; ends with an empty line, so summaries
  /// appended one after another stay apart.
  public var markdown: String {
    var text = "### \(Self.cell(title)): \(counts)\n\n"
    guard !findings.isEmpty else { return text }
    text += "| Severity | Place | Message | Hint |\n| --- | --- | --- | --- |\n"
    for (diagnostic, path) in findings {
      let place = diagnostic.location.map { "\(path ?? $0.path):\($0.line):\($0.column)" } ?? ""
      let message = ([diagnostic.message] + diagnostic.notes.map { "note: " + $0 }).map(Self.cell)
      let row = [diagnostic.severity.rawValue, Self.cell(place), message.joined(separator: "<br>")]
      text += "| " + (row + [diagnostic.hint.map(Self.cell) ?? ""]).joined(separator: " | ") + " |\n"
    }
    return text + "\n"
  }

  /// `1 error, 2 warnings`, or `no problems`.
  private var counts: String {
    let parts = [Diagnostic.Severity.error, .warning, .note].compactMap { severity -> String? in
      let count = findings.count(where: { $0.diagnostic.severity == severity })
      guard count > 0 else { return nil }
      return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    return parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
  }

  /// `text` as the inside of one table cell that shows exactly `text`: controls as visible
  /// escapes (which also keeps the row on one line), and a backslash before each character that
  /// Markdown would read as formatting, a link, HTML, an entity or math, or the end of the cell.
  public static func cell(_ text: String) -> String {
    var result = ""
    for scalar in Diagnostic.visible(text).unicodeScalars {
      if "\\`*_[]<>|~&$".unicodeScalars.contains(scalar) { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}

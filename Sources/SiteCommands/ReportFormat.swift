/// How `build` and `check` report their diagnostics (`--format`).
enum ReportFormat: String, CaseIterable {
  /// `path:line:column: error: message` lines on standard error, for people and editors.
  case text
  /// The same lines on standard error, and a ``BuildReport`` as JSON on standard output.
  case json
  /// One GitHub Actions workflow command per diagnostic on standard output (``GitHubAnnotation``),
  /// and a Markdown table appended to the file `GITHUB_STEP_SUMMARY` names, when it is set.
  case github
}

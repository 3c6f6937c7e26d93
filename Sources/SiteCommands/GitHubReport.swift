import CLI
import Diagnostics
import Foundation

/// `--format github`: every finding as a workflow command on standard output, errors first, and,
/// when the step has a `GITHUB_STEP_SUMMARY` file, a table of them appended to it.
///
/// Findings name files relative to the project folder; GitHub wants them relative to the folder
/// the step runs in (the checkout), so `folio check --source site` names `site/Content/a.md`.
struct GitHubReport {
  /// `folio build` or `folio check`: the heading of the summary.
  var title: String
  /// Where the command runs and which project it reads.
  var arguments: SiteArguments

  /// Writes the annotations, appends the summary, and reports on standard error (without
  /// changing the outcome) when the summary cannot be written.
  func write(_ diagnostics: [Diagnostic], io: CommandIO) {
    let naming = arguments.naming
    let findings = GitHubAnnotation.ordered(diagnostics).map { diagnostic in
      (diagnostic: diagnostic, path: diagnostic.location.map { naming.relative($0.path) })
    }
    let lines = findings.map { GitHubAnnotation($0.diagnostic, path: $0.path).description + "\n" }
    io.writeOutput(Array(lines.joined().utf8))
    guard let summary = io.environmentVariable("GITHUB_STEP_SUMMARY"), !summary.isEmpty else { return }
    do {
      try append(StepSummary(title: title, findings: findings).markdown, to: arguments.resolve(summary).path)
    } catch {
      io.writeError(error.description + "\n")
    }
  }

  /// Adds `text` to the end of the file at `path`, creating it if needed; never truncates, since
  /// earlier steps of the job write to the same file. Throws a warning: the annotations are
  /// already out, so a summary that cannot be written does not change the outcome.
  private func append(_ text: String, to path: String) throws(DiagnosticError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw failure(path, errno)
      }
    }
  }

  /// The warning for a summary file that could not be opened or written (`code` is `errno`).
  private func failure(_ path: String, _ code: Int32) -> DiagnosticError {
    DiagnosticError(
      .warning(
        "cannot append the step summary to '\(path)': \(String(cString: strerror(code)))",
        hint: "GITHUB_STEP_SUMMARY names that file; the annotations are complete without it"))
  }
}

import Diagnostics
import Foundation
import Site
import SiteComponents

/// What `folio build --format json` and `folio check --format json` print: the outcome, what was
/// written, how long each step took, and every diagnostic as fields an editor or a CI step can
/// read without parsing text.
///
/// ```json
/// {"schema": 1, "status": "built", "pages": 3, "files": 9, "bytes": 20480, "output": "/site/public",
///  "diagnostics": [{"severity": "warning", "path": "Content/a.md", "line": 1, "column": 1,
///                   "message": "…", "hint": "…"}],
///  "timings": {"parse": 0.01, …}}
/// ```
struct BuildReport {
  /// The version of the report's shape, `schema` in the JSON (docs: Content/docs/cli.md). It
  /// grows by one only when a field is removed, renamed or changes meaning; new fields keep it.
  static let schema = 1

  /// `built` (build) or `passed` (check); `failed` when there were errors (or, with `--strict`,
  /// warnings), in which case a build left the old output as it was.
  var status: String
  /// The output folder; none for `check`, which writes nothing.
  var output: String?
  /// Errors, then warnings, in the order the build found them.
  var diagnostics: [Diagnostic]
  /// Pages, files and bytes made; absent when the build failed.
  var written: (pages: Int, files: Int, bytes: Int)?
  /// Seconds per build step; empty when the build failed.
  var timings: [(step: String, seconds: Double)] = []
  /// With `check --external`: how many distinct URLs were checked, taken from the cache, and
  /// excluded (`"externalLinks": {"checked": 310, "fromCache": 290, "excluded": 2}`).
  var externalLinks: ExternalLinkReport? = nil

  /// The report as pretty-printed JSON with sorted keys and a final newline.
  func json() throws -> [UInt8] {
    var report: [String: Any] = [
      "schema": Self.schema, "status": status, "diagnostics": diagnostics.map(Self.fields),
    ]
    if let output { report["output"] = output }
    if let externalLinks {
      report["externalLinks"] = [
        "checked": externalLinks.checked, "fromCache": externalLinks.fromCache,
        "excluded": externalLinks.excluded,
      ]
    }
    if let written {
      report["pages"] = written.pages
      report["files"] = written.files
      report["bytes"] = written.bytes
      report["timings"] = Dictionary(timings.map { ($0.step, $0.seconds) }, uniquingKeysWith: { $1 })
    }
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    return [UInt8](data) + [0x0A]
  }

  /// One diagnostic's fields; `path`, `line` and `column` only when it has a place in a file.
  private static func fields(_ diagnostic: Diagnostic) -> [String: Any] {
    var fields: [String: Any] = ["severity": diagnostic.severity.rawValue, "message": diagnostic.message]
    if let location = diagnostic.location {
      fields["path"] = location.path
      fields["line"] = location.line
      fields["column"] = location.column
    }
    if let hint = diagnostic.hint { fields["hint"] = hint }
    if !diagnostic.notes.isEmpty { fields["notes"] = diagnostic.notes }
    return fields
  }
}

extension Diagnostic {
  /// The same finding as an error unless it is a note (a permanent redirect), for `--strict`.
  var asErrorUnlessNote: Diagnostic { severity == .note ? self : asError }

  /// The same finding as an error, for `--strict`.
  var asError: Diagnostic {
    var error = self
    error.severity = .error
    return error
  }
}

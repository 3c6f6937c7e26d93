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
  /// What the build cache did (`"cache": {"path": ".folio/cache/pages", "bytes": …, "entries": …,
  /// "reusedPages": …, "renderedPages": …, "linkChecks": {"path": ".folio/cache/link-checks", "bytes": …,
  /// "reusedPages": …, "checkedPages": …}}`); absent with `--no-cache`.
  var cache: BuildCacheReport? = nil
  /// What the images stage did (`"images": {"encoded": …, "reused": …, "cache": {"path":
  /// ".folio/cache/images", "bytes": …, "entries": …}}`); absent when the site has no photos.
  var images: ImageReport? = nil
  /// Whether the build wrote nothing because nothing changed since the last recorded build
  /// (`"upToDate": true`; absent otherwise): the counts and diagnostics are that build's.
  var upToDate = false

  /// The report as pretty-printed JSON with sorted keys and a final newline.
  func json() -> [UInt8] {
    var report: [(key: String, value: ReportJSON)] = [
      ("schema", .int(Self.schema)), ("status", .string(status)),
      ("diagnostics", .array(diagnostics.map(Self.fields))),
    ]
    if let output { report.append(("output", .string(output))) }
    if upToDate { report.append(("upToDate", .bool(true))) }
    if let externalLinks {
      report.append(
        (
          "externalLinks",
          .object([
            ("checked", .int(externalLinks.checked)), ("fromCache", .int(externalLinks.fromCache)),
            ("excluded", .int(externalLinks.excluded)),
          ])
        ))
    }
    if let cache {
      var fields: [(String, ReportJSON)] = [
        ("path", .string(cache.path)), ("bytes", .int(cache.bytes)), ("entries", .int(cache.entries)),
        ("reusedPages", .int(cache.reusedPages)), ("renderedPages", .int(cache.renderedPages)),
        ("unreadableEntries", .int(cache.unreadableEntries)),
      ]
      if let links = cache.linkChecks {
        fields.append(
          (
            "linkChecks",
            .object([
              ("path", .string(links.path)), ("bytes", .int(links.bytes)),
              ("reusedPages", .int(links.reusedPages)), ("checkedPages", .int(links.checkedPages)),
              ("unreadableEntries", .int(links.unreadableEntries)),
            ])
          ))
      }
      report.append(("cache", .object(fields)))
    }
    if let images {
      var fields: [(String, ReportJSON)] = [
        ("encoded", .int(images.encoded)), ("reused", .int(images.reused)),
      ]
      if let path = images.path {
        fields.append(
          (
            "cache",
            .object([
              ("path", .string(path)), ("bytes", .int(images.bytes)), ("entries", .int(images.entries)),
            ])
          ))
      }
      report.append(("images", .object(fields)))
    }
    if let written {
      report += [
        ("pages", .int(written.pages)), ("files", .int(written.files)), ("bytes", .int(written.bytes)),
      ]
      // One entry per step; a step timed in two parts (the link preview cards: found while the
      // build holds the pages' HTML, made later) reports their sum.
      var seconds: [String: Double] = [:]
      for timing in timings { seconds[timing.step, default: 0] += timing.seconds }
      report.append(("timings", .object(seconds.map { ($0.key, .double($0.value)) })))
    }
    return ReportJSON.object(report).bytes
  }

  /// One diagnostic's fields; `path`, `line` and `column` only when it has a place in a file.
  private static func fields(_ diagnostic: Diagnostic) -> ReportJSON {
    var fields: [(key: String, value: ReportJSON)] = [
      ("severity", .string(diagnostic.severity.rawValue)), ("message", .string(diagnostic.message)),
    ]
    if let location = diagnostic.location {
      fields += [
        ("path", .string(location.path)), ("line", .int(location.line)), ("column", .int(location.column)),
      ]
    }
    if let hint = diagnostic.hint { fields.append(("hint", .string(hint))) }
    if !diagnostic.notes.isEmpty { fields.append(("notes", .array(diagnostic.notes.map(ReportJSON.string)))) }
    return .object(fields)
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

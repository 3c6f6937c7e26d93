import Diagnostics
import Foundation

/// The link cache `folio check --external` keeps in the project, `.folio/cache/links.json`, as
/// both its writer (ExternalLinks' `LinkCache`) and the build (which reads the titles link cards
/// show) know it: the one description of the file's place and versions.
///
/// The file is JSON, `{"version": 2, "links": {URL: {"checkedAt": …, "result": {…, "title": …}}}}`.
/// Version 1 (before titles) is read as it is; a version newer than Folio knows is not read.
package enum LinkCacheFile {
  /// The file, relative to the project.
  package static let path = ".folio/cache/links.json"
  /// The version written.
  package static let version = 2
  /// The versions read.
  package static let readableVersions = 1...version

  private struct File: Decodable {
    var version: Int
    var links: [String: Entry]
  }

  private struct Entry: Decodable {
    var result: Result
  }

  private struct Result: Decodable {
    var title: String?
  }

  /// The page titles of the cache file's bytes, by URL; none when the file is not a cache this
  /// Folio reads.
  package static func titles(in bytes: [UInt8]) -> [String: String] {
    guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)),
      readableVersions.contains(file.version)
    else { return [:] }
    return file.links.compactMapValues(\.result.title)
  }

  /// The page titles in the project's cache, read through `files` (a regular file inside the
  /// project, opened without blocking); none when there is no cache or it cannot be read, with a
  /// warning when something other than a regular file is there (a FIFO, a device, a folder).
  package static func titles(from files: SiteFiles) -> (titles: [String: String], warnings: [Diagnostic]) {
    do {
      guard let bytes = try files.readIfPresent(path, limit: SiteFiles.maximumFileBytes) else {
        return ([:], [])
      }
      return (titles(in: bytes), [])
    } catch let error as DiagnosticError {
      return ([:], error.diagnostics.map(asWarning))
    } catch {
      return ([:], [])
    }
  }

  /// The warning that the cache is `kind` (``SiteFiles/kind(of:)``), not a regular file, and was
  /// not read: the words of the build's refusal, so that `folio check --external`, which reads
  /// the file again, says it once.
  package static func notARegularFile(kind: String) -> Diagnostic {
    asWarning(SiteProblem.notARegularFile(path: path, kind: kind).diagnostic(at: location))
  }

  /// Where findings about the file are reported.
  private static let location = SourceLocation(path: path, line: 1, column: 1)

  /// A cache that cannot be read costs requests, not the build: its errors are warnings.
  private static func asWarning(_ diagnostic: Diagnostic) -> Diagnostic {
    var warning = diagnostic
    if warning.severity == .error { warning.severity = .warning }
    return warning
  }
}

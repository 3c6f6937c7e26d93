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
  /// project); none when there is no cache or it cannot be read.
  package static func titles(from files: SiteFiles) -> [String: String] {
    guard let bytes = try? files.readIfPresent(path, limit: SiteFiles.maximumFileBytes) else { return [:] }
    return titles(in: bytes)
  }
}

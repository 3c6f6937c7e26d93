import Foundation

/// The text of a file a diagnostic names, for showing the lines around it (the preview's error
/// overlay), read only as a build would read it: a regular file inside the project.
public enum SourceText {
  /// The text of the file at `path` (relative to the project folder at `root`, as diagnostics
  /// name files), or nil when it is not a regular file inside the site.
  public static func of(_ path: String, inProjectAt root: URL) -> String? {
    guard !path.hasPrefix("/"), let files = try? SiteFiles(root: root),
      let bytes = try? files.readIfPresent(path)
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}

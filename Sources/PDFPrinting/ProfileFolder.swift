import Foundation

/// The one folder Chromium may write to: its profile (`--user-data-dir`), and its home, XDG
/// configuration and cache folders and temporary folder beneath it, so that nothing is written
/// outside the project. What Chromium adds is removed when the print ends; what was there before
/// is left.
struct ProfileFolder {
  /// The folder the caller gave.
  let url: URL
  /// The names in it before Chromium ran.
  private let existing: Set<String>
  /// Whether the folder itself was made here (and so is removed afterwards).
  private let created: Bool

  /// Makes the folder and its subfolders if missing.
  init(_ url: URL) throws(PDFPrintingProblem) {
    self.url = url
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    created = !manager.fileExists(atPath: url.path, isDirectory: &isFolder)
    do {
      if created { try manager.createDirectory(at: url, withIntermediateDirectories: true) }
      existing = Set(try manager.contentsOfDirectory(atPath: url.path))
      for name in Self.subfolders {
        try manager.createDirectory(at: url.appendingPathComponent(name), withIntermediateDirectories: true)
      }
    } catch {
      throw .couldNotStart(reason: "the profile folder \(url.path) could not be made: \(error)")
    }
  }

  /// The subfolders for `HOME`, `XDG_CONFIG_HOME`, `XDG_CACHE_HOME` and `TMPDIR`, in that order.
  static let subfolders = ["home", "config", "cache", "tmp"]

  /// The environment variables that keep Chromium's writes inside the folder.
  var environment: [String: String] {
    let path = { (name: String) in url.appendingPathComponent(name).path }
    return [
      "HOME": path("home"), "XDG_CONFIG_HOME": path("config"), "XDG_CACHE_HOME": path("cache"),
      "TMPDIR": path("tmp"),
    ]
  }

  /// Removes everything added since the folder was opened, and the folder if it was made here.
  func removeWhatWasWritten() {
    let manager = FileManager.default
    if created {
      try? manager.removeItem(at: url)
      return
    }
    for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] where !existing.contains(name) {
      try? manager.removeItem(at: url.appendingPathComponent(name))
    }
  }
}

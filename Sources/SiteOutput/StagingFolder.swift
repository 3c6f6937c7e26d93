import Foundation
import SiteContent

/// A folder that a build stages its output in (`.NAME.folio-new-PID`), moves the previous
/// output to (`.NAME.folio-old-PID`), or keeps the previous output in for the next build to start
/// from (`.NAME.folio-spare-PID`, ``OutputReuse``), beside the output folder `NAME`.
///
/// These names are the only ones a build renames and deletes outside the output itself, so
/// whatever is found under one is trusted only if Folio made it: a real folder (not a symbolic
/// link, checked with `lstat` and `O_NOFOLLOW`) that holds Folio's marker. A committed symbolic
/// link named `.public.folio-old-999998` would otherwise be renamed to `public` and its target
/// replaced by the next build.
struct StagingFolder {
  /// Whether the folder stages a new output, holds a previous one while the new one moves in,
  /// or holds a previous one for the next build (which outlives the process that made it).
  enum Kind: String {
    case new, old, spare
  }

  /// The entry's name in the parent folder.
  let name: String
  /// The entry's path.
  let url: URL
  /// Which of the two it is named as.
  let kind: Kind
  /// The process named in it.
  let processID: Int32
  /// Why Folio did not make it, or nil when it did: a real folder with the marker, or empty.
  let foreignKind: String?

  /// The name of the folder of `kind` for the output folder `output` and the process `pid`.
  static func name(_ kind: Kind, of output: String, pid: Int32) -> String {
    ".\(output).folio-\(kind.rawValue)-\(pid)"
  }

  /// Every entry of `parent` named as a staging folder of the output folder `output`, whether
  /// Folio made it or not.
  static func all(in parent: URL, of output: String) -> [StagingFolder] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
    let prefix = ".\(output).folio-"
    return entries.sorted().compactMap { entry in
      guard entry.hasPrefix(prefix) else { return nil }
      let parts = entry.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
      // Only the names Folio makes: `.public.folio-new-12-other` is someone else's.
      guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])), let pid = Int32(parts[1]) else {
        return nil
      }
      let path = parent.appendingPathComponent(entry)
      return StagingFolder(
        name: entry, url: path, kind: kind, processID: pid,
        foreignKind: foreignKind(of: path.path))
    }
  }

  /// Whether the process that made the folder is gone (a process of another user still counts
  /// as running), so that the folder is a leftover of a killed build.
  var processIsGone: Bool {
    processID > 0 && kill(processID, 0) != 0 && errno == ESRCH
  }

  /// What the entry at `path` is when Folio did not make it ("a symbolic link to '…'", "a
  /// file", "a folder without Folio's marker"), or nil for a real folder with the marker or
  /// nothing in it.
  static func foreignKind(of path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFLNK:
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
      return "a symbolic link to '\(target)'"
    case S_IFDIR:
      // Empty: a build killed between making the folder and writing the marker into it (Git
      // keeps no empty folders, so none comes from a commit).
      let isEmpty = (try? FileManager.default.contentsOfDirectory(atPath: path).isEmpty) ?? false
      return hasMarker(path) || isEmpty ? nil : "a folder without Folio's marker (\(OutputPath.markerName))"
    default:
      return "a file"
    }
  }

  /// Whether the real folder at `path` holds Folio's marker as a regular file (no link is
  /// followed on the way).
  private static func hasMarker(_ path: String) -> Bool {
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else { return false }
    defer { close(folder) }
    let marker = openat(folder, OutputPath.markerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard marker >= 0 else { return false }
    defer { close(marker) }
    var info = stat()
    guard fstat(marker, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    let heading = Array((OutputDirectory.markerHeading + "\n").utf8)
    var bytes = [UInt8](repeating: 0, count: heading.count)
    let count = bytes.withUnsafeMutableBytes { read(marker, $0.baseAddress, heading.count) }
    return count == heading.count && bytes == heading
  }
}

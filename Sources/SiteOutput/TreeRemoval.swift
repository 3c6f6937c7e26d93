import Foundation
import SiteContent

/// Removes a folder Folio made (the previous output, once the new one is in its place) and
/// everything in it, on every core: `rm -rf` of a 10,000-page output (20,000 entries) takes 0.3 s
/// on one, a quarter of a build into a kept output folder.
///
/// Every entry is reached from its folder's descriptor, never by a path, and no symbolic link is
/// followed: a link is removed as a link, so a link planted in the output to a folder outside it
/// removes nothing there. What cannot be removed this way (a folder nested deeper than
/// ``deepest``, an entry that changed kind meanwhile) is left to `FileManager`, which does not
/// follow links either.
enum TreeRemoval {
  /// The deepest folder removed through descriptors (one is open per level); deeper ones are
  /// `FileManager`'s. Folio's own output is a few levels deep.
  static let deepest = 64

  /// Removes the folder at `path` and everything below it; true when it is gone. A link or a
  /// file at `path` is removed itself.
  @discardableResult
  static func remove(_ path: String) -> Bool {
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if folder >= 0 {
      // Folio's marker goes last: a build killed while this runs leaves a folder that still
      // says Folio made it, which the next build removes (StagingFolder), rather than one it
      // must refuse as someone else's.
      let names = FolderListing.entries(of: folder).filter { $0.name != OutputPath.markerName }
      // The top entries (a site's sections, its tags, its home page) shared among the cores.
      _ = ChunkedWork.map(names.count, chunk: 1) { index in
        removeEntry(names[index].name, kind: names[index].kind, in: folder, depth: 1)
      }
      _ = removeEntry(OutputPath.markerName, kind: UInt8(DT_UNKNOWN), in: folder, depth: 1)
      close(folder)
    }
    if rmdir(path) == 0 || errno == ENOENT { return true }
    // Anything left (or not a folder): the slow way, which follows no link either.
    try? FileManager.default.removeItem(atPath: path)
    var info = stat()
    return lstat(path, &info) != 0 && errno == ENOENT
  }

  /// Removes the entry `name` of the open folder `folder`, a folder with everything in it.
  /// `kind` is what the listing said (`d_type`); it is looked up when the listing did not say.
  /// Should the entry change kind meanwhile, the calls fail rather than follow anything:
  /// `unlinkat` refuses a folder, `openat` with `O_NOFOLLOW | O_DIRECTORY` a link or a file.
  private static func removeEntry(_ name: String, kind: UInt8, in folder: Int32, depth: Int) -> Bool {
    var isFolder = kind == UInt8(DT_DIR)
    if kind == UInt8(DT_UNKNOWN) {
      var info = stat()
      guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT }
      isFolder = info.st_mode & S_IFMT == S_IFDIR
    }
    guard isFolder else { return unlinkat(folder, name, 0) == 0 || errno == ENOENT }
    guard depth < deepest else { return false }
    let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard child >= 0 else { return false }
    for entry in FolderListing.entries(of: child) {
      _ = removeEntry(entry.name, kind: entry.kind, in: child, depth: depth + 1)
    }
    close(child)
    return unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT
  }
}

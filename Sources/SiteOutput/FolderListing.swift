import Foundation

/// The entries of an open folder, read through a descriptor of its own so that the folder's
/// stays open for the `*at` calls that follow: the one listing loop of this module.
package enum FolderListing {
  /// The names in the open folder `folder` (`.` and `..` left out) with their kinds as the
  /// listing gives them (`d_type`, `DT_UNKNOWN` where the file system does not say); empty when
  /// it cannot be read.
  package static func entries(of folder: Int32) -> [(name: String, kind: UInt8)] {
    let copy = dup(folder)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return []
    }
    defer { closedir(directory) }
    var entries: [(name: String, kind: UInt8)] = []
    while let entry = readdir(directory) {
      // d_name is a fixed-size array of CChar ending with NUL.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { entries.append((name, entry.pointee.d_type)) }
    }
    return entries
  }
}

import Foundation

/// What `lstat` says of a file or folder a build wrote into its output (kind and permissions,
/// device, inode, size, modification and change times), taken as it was written: the build
/// record digests these rather than looking up 20,000 entries again once the output is in
/// place.
///
/// Moving the staging folder into the output's place changes none of them for the entries
/// inside it (a rename within one parent touches only the folder renamed).
public struct WrittenStamp: Sendable, Equatable {
  /// `st_mode`: the kind and the permissions.
  public let mode: UInt64
  /// `st_dev`.
  public let device: UInt64
  /// `st_ino`.
  public let inode: UInt64
  /// `st_size`.
  public let size: UInt64
  /// `st_mtim`, seconds and nanoseconds.
  public let modified: (seconds: Int64, nanoseconds: UInt64)
  /// `st_ctim`, seconds and nanoseconds.
  public let changed: (seconds: Int64, nanoseconds: UInt64)

  /// The stamp of `info`.
  package init(_ info: stat) {
    mode = UInt64(info.st_mode)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = UInt64(info.st_size)
    modified = (Int64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec))
    changed = (Int64(info.st_ctim.tv_sec), UInt64(info.st_ctim.tv_nsec))
  }

  /// Whether every field is the same (the times are tuples, which are not `Equatable`).
  public static func == (lhs: WrittenStamp, rhs: WrittenStamp) -> Bool {
    lhs.mode == rhs.mode && lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
      && lhs.modified == rhs.modified && lhs.changed == rhs.changed
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29), which
/// Swift's Glibc module does not declare (they need `_GNU_SOURCE`): looked up by name once, and
/// skipped where the C library has none.
enum SpawnActions {
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias ChangeDirectory =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  private static let closeFromFunction = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
    .map { unsafeBitCast($0, to: CloseFrom.self) }
  private static let changeDirectoryFunction = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
    .map { unsafeBitCast($0, to: ChangeDirectory.self) }

  /// Closes every descriptor from `lowest` up in the child.
  static func closeFrom(_ lowest: Int32, _ actions: inout posix_spawn_file_actions_t) {
    _ = closeFromFunction?(&actions, lowest)
  }

  /// Starts the child in `folder`.
  static func changeDirectory(_ folder: String, _ actions: inout posix_spawn_file_actions_t) {
    _ = changeDirectoryFunction?(&actions, folder)
  }
}

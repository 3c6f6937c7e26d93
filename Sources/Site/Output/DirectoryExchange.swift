import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Swaps two paths in one step with Linux's `renameat2(…, RENAME_EXCHANGE)`, so that a folder
/// is replaced without a moment in which its path is missing.
///
/// Swift's Glibc module does not declare `renameat2` (it is a GNU extension) and `syscall` is
/// variadic, so the function is looked up once with `dlsym`.
enum DirectoryExchange {
  private typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32

  private static let renameAt2: RenameAt2? = {
    #if os(Linux)
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
      return unsafeBitCast(symbol, to: RenameAt2.self)
    #else
      return nil
    #endif
  }()

  /// `RENAME_EXCHANGE` from `<linux/fs.h>`, which Swift does not see either.
  private static let exchangeFlag: UInt32 = 1 << 1

  /// Exchanges `first` and `second` (both must exist). Returns false, having changed nothing,
  /// when the system or the file system cannot (old kernels, some network file systems).
  static func exchange(_ first: URL, _ second: URL) -> Bool {
    guard let renameAt2 else { return false }
    return first.withUnsafeFileSystemRepresentation { from in
      second.withUnsafeFileSystemRepresentation { to in
        guard let from, let to else { return false }
        return renameAt2(AT_FDCWD, from, AT_FDCWD, to, exchangeFlag) == 0
      }
    }
  }
}

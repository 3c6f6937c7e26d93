internal import CSystemCalls
import Foundation

/// Swaps two paths in one step with Linux's `renameat2(…, RENAME_EXCHANGE)`, so that a folder
/// is replaced without a moment in which its path is missing.
///
/// Swift's Glibc module does not declare `renameat2` (a GNU extension), and `folio-site` is
/// linked fully static, where `dlsym` finds nothing: the call is made from C (`CSystemCalls`).
enum DirectoryExchange {
  /// Exchanges `first` and `second` (both must exist). Returns false, having changed nothing,
  /// when the system or the file system cannot (old kernels, some network file systems).
  static func exchange(_ first: URL, _ second: URL) -> Bool {
    first.withUnsafeFileSystemRepresentation { from in
      second.withUnsafeFileSystemRepresentation { to in
        guard let from, let to else { return false }
        return folio_exchange_paths(from, to) == 0
      }
    }
  }
}

/// Why an archive could not be made or read.
public enum ZipProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// An entry's path is empty.
  case emptyPath
  /// An entry's path starts with `/`.
  case absolutePath(String)
  /// An entry's path has a `.` or `..` segment, which unzip tools resolve, some out of the
  /// folder they extract into.
  case dotSegment(String)
  /// An entry's path holds a backslash, a folder separator on Windows.
  case backslash(String)
  /// An entry's path has an empty segment (`a//b`, or a trailing `/`, which names a folder).
  case emptySegment(String)
  /// An entry's path holds a NUL character, which ends a name in C.
  case nulCharacter(String)
  /// Two entries have the same path.
  case duplicatePath(String)
  /// The archive would need ZIP64 (over 4 GiB, or more than 65,535 entries), which Folio does
  /// not write.
  case tooLarge
  /// The bytes are not a zip archive Folio can read; the text says why.
  case unreadable(String)
  /// libzip failed; its message.
  case libzip(String)
  /// libzip could not be opened (it is opened on first use, not linked); the loader's message.
  case libraryUnavailable(String)
  /// libdeflate failed (it can only fail to allocate a compressor); why.
  case libdeflate(String)

  /// The problem as a sentence for a diagnostic.
  public var description: String {
    switch self {
    case .emptyPath:
      "a zip entry has an empty path"
    case .absolutePath(let path):
      "the zip entry path '\(path)' is absolute; entry paths are relative"
    case .dotSegment(let path):
      "the zip entry path '\(path)' has a '.' or '..' segment"
    case .backslash(let path):
      "the zip entry path '\(path)' holds a backslash; folders are separated by '/'"
    case .emptySegment(let path):
      "the zip entry path '\(path)' has an empty segment"
    case .nulCharacter(let path):
      "the zip entry path '\(path.replacingNUL)' holds a NUL character"
    case .duplicatePath(let path):
      "two zip entries have the path '\(path)'"
    case .tooLarge:
      "the zip archive would be over 4 GiB or hold more than 65,535 entries"
    case .unreadable(let reason):
      "the bytes are not a readable zip archive (\(reason))"
    case .libzip(let message):
      "libzip failed: \(message)"
    case .libraryUnavailable(let message):
      "libzip could not be opened (\(message)); install it with `apt-get install libzip4`"
    case .libdeflate(let message):
      "libdeflate failed: \(message)"
    }
  }
}

extension String {
  /// The string with each NUL shown as `\0`, so a message does not end early in C.
  fileprivate var replacingNUL: String {
    String(unicodeScalars.flatMap { $0 == "\0" ? ["\\", "0"] : [$0] }.map(Character.init))
  }
}

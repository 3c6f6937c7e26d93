/// Zip archives made and read in memory, for Folio's books (EPUB's container is a zip file).
///
/// The bytes depend on the entries and the date alone: entries are written in the order given,
/// every one dated `modified` (the DOS date and time of its headers, read as UTC), with Unix
/// permissions 0644, no extra fields (so neither the clock nor a user id is written) and no
/// data descriptors. Deflated entries are deflated by libdeflate at level 6, each on its own and
/// on every core at once, and libzip 1.7 copies the deflated bytes into the archive as they are:
/// the same entries and date give the same bytes on every run and machine, whatever the number
/// of cores (with the same libdeflate). Nothing here touches a file.
public enum ZipArchive {
  /// The archive of `entries`, in that order, each dated `modified`.
  ///
  /// Paths are checked first (``ZipProblem``), so a bad or repeated name is refused before
  /// libzip sees it.
  public static func bytes(of entries: [Entry], modified: ZipDate) throws(ZipProblem) -> [UInt8] {
    try bytes(of: entries, modified: modified, threads: LibdeflateCompressor.cores)
  }

  /// The archive of `entries`, its deflated entries deflated by up to `threads` threads (the
  /// tests compare one thread with several).
  static func bytes(of entries: [Entry], modified: ZipDate, threads: Int) throws(ZipProblem) -> [UInt8] {
    var seen: Set<String> = []
    for entry in entries {
      try ZipPath.check(entry.path)
      guard seen.insert(entry.path).inserted else { throw .duplicatePath(entry.path) }
    }
    // libzip removes an archive left without entries instead of writing one, so the empty
    // archive is written here: its end record alone.
    guard !entries.isEmpty else { return [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18) }
    let (time, date) = modified.dosTimeAndDate
    let deflated = try LibdeflateCompressor.deflate(entries, threads: threads)
    var bytes = try LibzipWriter.archive(entries, deflated: deflated, time: time, date: date)
    try ZipHeaders.date(&bytes, time: time, date: date)
    return bytes
  }

  /// Throws the first rule `path` breaks as an entry path (listed at ``ZipProblem``), for
  /// callers that name entries from their own data and want to refuse a name early.
  public static func check(path: String) throws(ZipProblem) {
    try ZipPath.check(path)
  }

  /// The entries of the zip archive `archive`, in the order of its central directory, with
  /// their contents decompressed and checked against their CRCs. Every entry is held in
  /// memory, and one may hold at most 1 GiB: this reads back archives Folio made (and tests
  /// them), not whatever a user uploads.
  public static func entries(of archive: [UInt8]) throws(ZipProblem) -> [Entry] {
    try LibzipReader.entries(of: archive)
  }
}

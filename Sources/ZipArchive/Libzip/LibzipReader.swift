internal import CZip

/// An archive's entries read with libzip from a buffer source over the caller's bytes.
enum LibzipReader {
  /// The most bytes one entry may claim: the reader holds every entry in memory, and an
  /// entry's size comes from the archive, so a hostile one could ask for any amount.
  static let maximumEntryBytes: zip_uint64_t = 1 << 30

  /// The entries of `archive`, decompressed, in central-directory order.
  static func entries(of archive: [UInt8]) throws(ZipProblem) -> [ZipArchive.Entry] {
    try Libzip.open()
    // The buffer source points into the array without copying, so the whole read happens
    // inside the closure that keeps the pointer valid.
    let result = archive.withUnsafeBytes { (raw) -> Result<[ZipArchive.Entry], ZipProblem> in
      Result { () throws(ZipProblem) in try entries(in: raw) }
    }
    return try result.get()
  }

  private static func entries(in raw: UnsafeRawBufferPointer) throws(ZipProblem) -> [ZipArchive.Entry] {
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    guard let source = zip_source_buffer_create(raw.baseAddress, zip_uint64_t(raw.count), 0, &error) else {
      throw .libzip(String(cString: zip_error_strerror(&error)))
    }
    guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
      zip_source_free(source)
      throw .unreadable(String(cString: zip_error_strerror(&error)))
    }
    defer { zip_discard(archive) }  // frees the source too
    let count = zip_get_num_entries(archive, 0)
    guard count >= 0 else { throw .unreadable(String(cString: zip_strerror(archive))) }
    var entries: [ZipArchive.Entry] = []
    for index in 0..<zip_uint64_t(count) {
      var stat = zip_stat_t()
      zip_stat_init(&stat)
      guard zip_stat_index(archive, index, 0, &stat) == 0, let name = stat.name else {
        throw .unreadable(String(cString: zip_strerror(archive)))
      }
      let compression: ZipArchive.Compression
      switch Int32(stat.comp_method) {
      case ZIP_CM_STORE: compression = .stored
      case ZIP_CM_DEFLATE: compression = .deflated
      default: throw .unreadable("entry \(index) uses compression method \(stat.comp_method)")
      }
      entries.append(
        ZipArchive.Entry(
          path: String(cString: name), bytes: try contents(archive, index, size: stat.size),
          compression: compression))
    }
    return entries
  }

  /// The decompressed bytes of entry `index`; libzip checks them against the entry's CRC.
  private static func contents(_ archive: OpaquePointer, _ index: zip_uint64_t, size: zip_uint64_t)
    throws(ZipProblem) -> [UInt8]
  {
    guard let file = zip_fopen_index(archive, index, 0) else {
      throw .unreadable(String(cString: zip_strerror(archive)))
    }
    defer { zip_fclose(file) }
    guard size <= maximumEntryBytes else {
      throw .unreadable("entry \(index) claims \(size) bytes, more than the reader's limit of 1 GiB")
    }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    guard size > 0 else { return bytes }
    let read = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, size) }
    guard read == Int64(size) else { throw .unreadable(String(cString: zip_file_strerror(file))) }
    return bytes
  }
}

internal import CZip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The archive written by libzip into a buffer source, read back as bytes. With
/// ``LibzipReader`` and ``DeflatedSource``, the only code that calls libzip.
enum LibzipWriter {
  /// Regular file, `rw-r--r--`, in the high half of the external attributes (Unix's place).
  private static let fileMode: UInt32 = 0o100644 << 16

  /// The archive of `entries` (paths already checked), each dated `time` and `date`; each
  /// `.deflated` entry's bytes already deflated in `deflated` (at the same index), which libzip
  /// copies as they are.
  static func archive(_ entries: [ZipArchive.Entry], deflated: [DeflatedBytes?], time: UInt16, date: UInt16)
    throws(ZipProblem) -> [UInt8]
  {
    try Libzip.open()
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    guard let target = zip_source_buffer_create(nil, 0, 0, &error) else {
      throw .libzip(String(cString: zip_error_strerror(&error)))
    }
    guard let archive = zip_open_from_source(target, ZIP_CREATE | ZIP_TRUNCATE, &error) else {
      zip_source_free(target)  // open takes the source only when it succeeds
      throw .libzip(String(cString: zip_error_strerror(&error)))
    }
    // A reference of our own, so the written buffer outlives zip_close, which frees the archive.
    zip_source_keep(target)
    defer { zip_source_free(target) }
    var closed = false
    defer { if !closed { zip_discard(archive) } }

    for (entry, deflated) in zip(entries, deflated) {
      let source: OpaquePointer
      if let deflated {
        source = try DeflatedSource.create(deflated, &error)
      } else {
        source = try bufferSource(entry.bytes, &error)
      }
      let added = zip_file_add(archive, entry.path, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
      guard added >= 0 else {
        zip_source_free(source)  // zip_file_add takes the source only when it succeeds
        throw .libzip(String(cString: zip_strerror(archive)))
      }
      let index = zip_uint64_t(added)
      // A deflated entry keeps libzip's default method, for which it takes the source's
      // (deflate, already done) and copies the bytes as they are.
      let method = deflated == nil ? zip_set_file_compression(archive, index, ZIP_CM_STORE, 0) : 0
      guard method == 0,
        zip_file_set_dostime(archive, index, time, date, 0) == 0,
        zip_file_set_external_attributes(archive, index, 0, zip_uint8_t(ZIP_OPSYS_UNIX), fileMode) == 0
      else { throw .libzip(String(cString: zip_strerror(archive))) }
    }
    closed = true
    guard zip_close(archive) == 0 else {
      // A failed close leaves the archive open: discarding it is ours to do.
      defer { zip_discard(archive) }
      throw .libzip(String(cString: zip_strerror(archive)))
    }
    return try contents(of: target)
  }

  /// A libzip source over a copy of `bytes` made with `malloc`, which libzip frees with the
  /// source (`freep` 1): the Swift array need not outlive the call.
  private static func bufferSource(_ bytes: [UInt8], _ error: inout zip_error_t) throws(ZipProblem)
    -> OpaquePointer
  {
    var copy: UnsafeMutableRawPointer? = nil
    if !bytes.isEmpty {
      guard let allocated = malloc(bytes.count) else { throw .libzip("out of memory") }
      bytes.withUnsafeBytes { allocated.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      copy = allocated
    }
    guard let source = zip_source_buffer_create(copy, zip_uint64_t(bytes.count), 1, &error) else {
      free(copy)
      throw .libzip(String(cString: zip_error_strerror(&error)))
    }
    return source
  }

  /// Everything written into the buffer source `source`.
  private static func contents(of source: OpaquePointer) throws(ZipProblem) -> [UInt8] {
    guard zip_source_open(source) == 0 else {
      throw .libzip(String(cString: zip_error_strerror(zip_source_error(source))))
    }
    defer { zip_source_close(source) }
    var stat = zip_stat_t()
    zip_stat_init(&stat)
    guard zip_source_stat(source, &stat) == 0, stat.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0 else {
      throw .libzip(String(cString: zip_error_strerror(zip_source_error(source))))
    }
    var bytes = [UInt8](repeating: 0, count: Int(stat.size))
    let read = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress!, stat.size) }
    guard read == Int64(stat.size) else {
      throw .libzip(String(cString: zip_error_strerror(zip_source_error(source))))
    }
    return bytes
  }
}

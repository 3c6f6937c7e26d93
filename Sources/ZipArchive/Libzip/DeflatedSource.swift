internal import CZip

/// A libzip source that hands over an entry already deflated, for libzip to copy as it is.
///
/// Its stat says the data is deflated (`comp_method`), how long it is compressed and not, and
/// its CRC. libzip 1.7's `zip_close` compares that method with the entry's (left at
/// `ZIP_CM_DEFAULT`, so it takes the source's) and, as they match, neither decompresses nor
/// compresses again: it copies the bytes read, and writes the stat's size and CRC into the
/// headers. The source can be read from the start only (open, read to the end, close), which
/// is all `zip_close` asks of one.
final class DeflatedSource {
  private let deflated: DeflatedBytes
  private var position = 0
  /// The error libzip asks for after a failed command (only an unsupported command fails).
  private let error = UnsafeMutablePointer<zip_error_t>.allocate(capacity: 1)

  /// The commands the callback answers, as the bitmap `ZIP_SOURCE_SUPPORTS` returns (the C
  /// helper that builds one is variadic, which Swift cannot call).
  private static let supported: zip_int64_t = [
    ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE,
    ZIP_SOURCE_SUPPORTS,
  ].reduce(0) { $0 | 1 << zip_int64_t($1.rawValue) }

  private init(_ deflated: DeflatedBytes) {
    self.deflated = deflated
    zip_error_init(error)
  }

  deinit {
    zip_error_fini(error)
    error.deallocate()
  }

  /// A new source over `deflated`; libzip owns it (and frees it with `ZIP_SOURCE_FREE`) once
  /// it is created, and the caller frees it with `zip_source_free` if it cannot hand it on.
  static func create(_ deflated: DeflatedBytes, _ error: inout zip_error_t) throws(ZipProblem)
    -> OpaquePointer
  {
    // The reference libzip holds, released by the callback's `ZIP_SOURCE_FREE`.
    let context = Unmanaged.passRetained(DeflatedSource(deflated))
    guard let source = zip_source_function_create(callback, context.toOpaque(), &error) else {
      context.release()  // libzip never calls a source it failed to create
      throw .libzip(String(cString: zip_error_strerror(&error)))
    }
    return source
  }

  private static let callback: zip_source_callback = { userdata, data, length, command in
    let context = Unmanaged<DeflatedSource>.fromOpaque(userdata!)
    if command == ZIP_SOURCE_FREE {
      context.release()
      return 0
    }
    return context.takeUnretainedValue().answer(command, data, length)
  }

  private func answer(_ command: zip_source_cmd_t, _ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t)
    -> zip_int64_t
  {
    switch command {
    case ZIP_SOURCE_SUPPORTS:
      return Self.supported
    case ZIP_SOURCE_OPEN:
      position = 0
      return 0
    case ZIP_SOURCE_CLOSE:
      return 0
    case ZIP_SOURCE_READ:
      let count = min(Int(clamping: length), deflated.bytes.count - position)
      guard count > 0, let data else { return 0 }
      deflated.bytes.withUnsafeBytes { bytes in
        data.copyMemory(from: bytes.baseAddress! + position, byteCount: count)
      }
      position += count
      return zip_int64_t(count)
    case ZIP_SOURCE_STAT:
      guard let data, length >= MemoryLayout<zip_stat_t>.size else {
        zip_error_set(error, ZIP_ER_INVAL, 0)
        return -1
      }
      let stat = data.assumingMemoryBound(to: zip_stat_t.self)
      zip_stat_init(stat)
      stat.pointee.comp_method = zip_uint16_t(ZIP_CM_DEFLATE)
      stat.pointee.comp_size = zip_uint64_t(deflated.bytes.count)
      stat.pointee.size = zip_uint64_t(deflated.size)
      stat.pointee.crc = deflated.crc
      stat.pointee.encryption_method = zip_uint16_t(ZIP_EM_NONE)
      stat.pointee.valid =
        zip_uint64_t(ZIP_STAT_COMP_METHOD) | zip_uint64_t(ZIP_STAT_COMP_SIZE) | zip_uint64_t(ZIP_STAT_SIZE)
        | zip_uint64_t(ZIP_STAT_CRC) | zip_uint64_t(ZIP_STAT_ENCRYPTION_METHOD)
      return zip_int64_t(MemoryLayout<zip_stat_t>.size)
    case ZIP_SOURCE_ERROR:
      guard let data else { return -1 }
      return zip_error_to_data(error, data, length)
    default:
      zip_error_set(error, ZIP_ER_OPNOTSUPP, 0)
      return -1
    }
  }
}

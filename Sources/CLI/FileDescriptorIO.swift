#if canImport(Glibc)
  import Glibc
#endif

/// Whole-file reads and writes on file descriptors, retrying on EINTR and short writes.
enum FileDescriptorIO {
  /// Everything readable from `descriptor` until end of file; nil on a read error.
  static func readAll(from descriptor: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_size > 0 {
      bytes.reserveCapacity(Int(status.st_size) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }

  /// The bytes of the file at `path`; nil when it cannot be opened or read.
  static func readFile(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return readAll(from: descriptor)
  }

  /// Writes all of `bytes`; gives up silently when the reader has gone (EPIPE and the like),
  /// as `cat` would.
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}

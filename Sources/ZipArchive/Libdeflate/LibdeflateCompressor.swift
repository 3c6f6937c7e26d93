internal import CDeflate
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every `.deflated` entry deflated by libdeflate, on every core, before libzip sees it: zlib in
/// libzip's `zip_close` deflated one entry after another on one core, 21 ms of a 100-chapter
/// book's 715 KB. The only code that calls libdeflate.
enum LibdeflateCompressor {
  /// libdeflate's level 6: on a 100-chapter book's 102 XHTML files (696,260 bytes) it made
  /// 183,021 bytes in 10.4 ms on one core, where zlib's 6 made 183,351 in 20.7 ms; 7 saved 0.4%
  /// more in 7% more time, 9 saved 0.8% in 77% more, 12 saved 2.4% in 18 times the time.
  static let level: Int32 = 6

  /// The deflated bytes of each `.deflated` entry of `entries` (nil for a stored one), in the
  /// entries' order, worked on by up to `threads` threads. Each entry is deflated on its own,
  /// so the bytes do not depend on the number of threads or on which thread took which entry.
  static func deflate(_ entries: [ZipArchive.Entry], threads: Int) throws(ZipProblem) -> [DeflatedBytes?] {
    // Largest first, so a big entry taken last does not leave the other threads idle.
    let work = entries.indices.filter { entries[$0].compression == .deflated }
      .sorted { entries[$0].bytes.count > entries[$1].bytes.count }
    guard !work.isEmpty else { return Array(repeating: nil, count: entries.count) }
    let results = Mutex<[DeflatedBytes?]>(Array(repeating: nil, count: entries.count))
    let failed = Atomic<Bool>(false)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(threads, work.count))) { _ in
      // One compressor a thread: a compressor holds its match finder's tables, which one
      // thread at a time may use.
      guard let compressor = libdeflate_alloc_compressor(level) else {
        failed.store(true, ordering: .relaxed)
        return
      }
      defer { libdeflate_free_compressor(compressor) }
      while true {
        let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard position < work.count else { return }
        let index = work[position]
        let deflated = deflate(entries[index].bytes, with: compressor)
        results.withLock { $0[index] = deflated }
      }
    }
    guard !failed.load(ordering: .relaxed) else {
      throw .libdeflate("could not allocate a compressor at level \(level) (out of memory)")
    }
    return results.withLock { $0 }
  }

  /// The number of cores online, the threads `deflate` uses by default.
  static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  private static func deflate(_ input: [UInt8], with compressor: OpaquePointer) -> DeflatedBytes {
    input.withUnsafeBytes { raw in
      // libdeflate reads no byte of an empty input, but its pointer arithmetic wants a real one.
      let start = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
      let bound = libdeflate_deflate_compress_bound(compressor, raw.count)
      let bytes = [UInt8](unsafeUninitializedCapacity: bound) { output, count in
        // Within the bound the call cannot run out of room, so it never returns 0.
        count = libdeflate_deflate_compress(compressor, start, raw.count, output.baseAddress, bound)
      }
      let crc = libdeflate_crc32(0, start, raw.count)
      return DeflatedBytes(bytes: bytes, crc: crc, size: raw.count)
    }
  }
}

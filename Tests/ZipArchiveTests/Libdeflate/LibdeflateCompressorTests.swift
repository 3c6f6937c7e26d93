import Foundation
import TestSupport
import Testing

@testable import ZipArchive

/// Entries deflated by libdeflate before libzip writes them: every size reads back, by libzip
/// and by Python's zipfile, with the right CRCs, and the bytes do not depend on the threads.
@Suite struct LibdeflateCompressorTests {
  private let date = ZipDate(secondsSince1970: 1_709_555_696)

  /// Empty, one byte, random bytes (which deflate makes larger: stored blocks and their
  /// headers), text across several of deflate's blocks, and a stored entry among them.
  private var entries: [ZipArchive.Entry] {
    var random = SplitMix64(seed: 42)
    let noise = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let text = (0..<6_000).map { "<p id=\"p\($0)\">Paragraph \($0) of chapter \($0 % 37).</p>\n" }.joined()
    return [
      ZipArchive.Entry(path: "mimetype", bytes: Array("application/epub+zip".utf8), compression: .stored),
      ZipArchive.Entry(path: "empty.txt", bytes: []),
      ZipArchive.Entry(path: "one.txt", bytes: [0x41]),
      ZipArchive.Entry(path: "noise.bin", bytes: noise),
      ZipArchive.Entry(path: "EPUB/章.xhtml", bytes: Array(text.utf8)),
      ZipArchive.Entry(path: "stored-noise.bin", bytes: Array(noise.prefix(1_000)), compression: .stored),
    ] + (1...40).map { ZipArchive.Entry(path: "EPUB/c\($0).xhtml", bytes: Array(text.utf8.prefix($0 * 997))) }
  }

  @Test func everySizeReadsBackAsWritten() throws {
    let bytes = try ZipArchive.bytes(of: entries, modified: date)
    #expect(try ZipArchive.entries(of: bytes) == entries)
    #expect(try ZipArchive.bytes(of: entries, modified: date) == bytes)
  }

  @Test func oneThreadAndSeveralWriteTheSameBytes() throws {
    let one = try ZipArchive.bytes(of: entries, modified: date, threads: 1)
    for threads in [2, 3, 8] {
      #expect(try ZipArchive.bytes(of: entries, modified: date, threads: threads) == one)
    }
    #expect(try ZipArchive.bytes(of: entries, modified: date) == one)
  }

  /// Python's zipfile reads every entry (checking its CRC as it does) and reports each one's
  /// header fields: the local header and the central directory must agree, with no data
  /// descriptor flag and no extra field, and the CRC must be that of the bytes.
  @Test(.enabled(if: Self.pythonIsInstalled, "python3 is not installed"))
  func pythonsZipfileReadsEveryEntry() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-zip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("entries.zip")
    try Data(ZipArchive.bytes(of: entries, modified: date)).write(to: file)
    let (output, status) = try ExternalTool.run("/usr/bin/python3", ["-c", Self.zipfileReport, file.path])
    #expect(status == 0, "\(output)")
    let expected = entries.map { entry in
      let method = entry.compression == .stored ? 0 : 8
      // Bit 11 (the name is UTF-8) for a name beyond ASCII, and never bit 3 (a data descriptor).
      let flags = entry.path.utf8.allSatisfy { $0 < 0x80 } ? 0 : 0x800
      return
        "\(entry.path) \(entry.bytes.count) \(Self.crc32(entry.bytes)) \(method) flags \(flags) extra 0 same"
    }
    // The last field is the compressed size, which only libdeflate knows in advance.
    let lines = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    #expect(lines.dropLast().map { $0.dropLast().joined(separator: " ") } == expected)
    #expect(lines.last == ["testzip", "None"])
    // The random bytes came out larger than they went in, and were still written as deflated.
    let noise = try #require(lines.first { $0.first == "noise.bin" })
    #expect(Int(noise.last ?? "") ?? 0 > 70_000, "\(noise)")
  }

  /// One line an entry: name, size, the CRC of the bytes read (zipfile checks them against
  /// the header's), method, flags, extra length, whether the local header agrees, and the
  /// compressed size.
  private static let zipfileReport = """
    import struct, sys, zipfile, zlib
    path = sys.argv[1]
    data = open(path, 'rb').read()
    archive = zipfile.ZipFile(path)
    for info in archive.infolist():
        body = archive.read(info)
        local = struct.unpack('<IHHHHHIIIHH', data[info.header_offset:info.header_offset + 30])
        same = local[1:4] == (info.extract_version, info.flag_bits, info.compress_type) and \
            local[6:9] == (info.CRC, info.compress_size, info.file_size) and local[10] == 0
        print(info.filename, len(body), zlib.crc32(body), info.compress_type, 'flags', info.flag_bits,
              'extra', len(info.extra), 'same' if same else 'differs', info.compress_size)
    print('testzip', archive.testzip())
    """

  private static var pythonIsInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }

  /// CRC-32 (zip's, reflected 0xEDB88320), bit by bit: an independent check of libdeflate's.
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

/// A small seeded generator, so the random bytes are the same on every run.
private struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ value >> 30) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ value >> 27) &* 0x94D0_49BB_1331_11EB
    return value ^ value >> 31
  }
}

import Foundation
import TestSupport
import Testing
import ZipArchive

/// Archives made in memory: the same bytes every time, EPUB's `mimetype` rule, and what unzip
/// tools and libzip read back.
@Suite struct ZipArchiveTests {
  /// 2024-03-04T12:34:56Z.
  private let date = ZipDate(secondsSince1970: 1_709_555_696)

  private var book: [ZipArchive.Entry] {
    [
      ZipArchive.Entry(path: "mimetype", bytes: Array("application/epub+zip".utf8), compression: .stored),
      ZipArchive.Entry(
        path: "META-INF/container.xml", bytes: Array(String(repeating: "<a/>", count: 50).utf8)),
      ZipArchive.Entry(path: "EPUB/章/一.xhtml", bytes: Array("日本語の本文".utf8)),
      ZipArchive.Entry(path: "EPUB/empty.css", bytes: []),
    ]
  }

  @Test func twoMakesOfTheSameEntriesAreByteIdentical() throws {
    let first = try ZipArchive.bytes(of: book, modified: date)
    let second = try ZipArchive.bytes(of: book, modified: date)
    #expect(first == second)
    #expect(try ZipArchive.bytes(of: book, modified: ZipDate(secondsSince1970: 0)) != first)
  }

  /// EPUB's rule: the first local header names `mimetype`, stored, so its name and contents
  /// are the bytes at offset 30, where readers sniff the type.
  @Test func theMimetypeEntryIsFirstAndStoredAtOffset30() throws {
    let bytes = try ZipArchive.bytes(of: book, modified: date)
    #expect(Array(bytes[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
    #expect(Array(bytes[8..<10]) == [0, 0], "compression method 0, stored")
    #expect(Array(bytes[28..<30]) == [0, 0], "no extra field")
    #expect(String(decoding: bytes[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
  }

  /// Every header holds the DOS date of `modified` read as UTC (12:34:56 on 4 March 2024),
  /// and no extra field (which would carry the clock or a user id).
  @Test func everyHeaderHoldsTheGivenDateAndNoExtraField() throws {
    let bytes = try ZipArchive.bytes(of: book, modified: date)
    let time: UInt16 = 12 << 11 | 34 << 5 | 28
    let day: UInt16 = 44 << 9 | 3 << 5 | 4
    var local = 0
    var locals = 0
    while local + 30 <= bytes.count, Self.read32(bytes, local) == 0x0403_4B50 {
      #expect(Self.read16(bytes, local + 10) == time && Self.read16(bytes, local + 12) == day)
      #expect(Self.read16(bytes, local + 28) == 0)
      local += 30 + Int(Self.read16(bytes, local + 26)) + Int(Self.read32(bytes, local + 18))
      locals += 1
    }
    #expect(locals == book.count)
    var central = local
    while Self.read32(bytes, central) == 0x0201_4B50 {
      #expect(Self.read16(bytes, central + 12) == time && Self.read16(bytes, central + 14) == day)
      #expect(Self.read16(bytes, central + 30) == 0 && Self.read16(bytes, central + 32) == 0)
      #expect(Self.read32(bytes, central + 38) == 0o100644 << 16, "external attributes")
      central += 46 + Int(Self.read16(bytes, central + 28))
    }
    #expect(Self.read32(bytes, central) == 0x0605_4B50)
  }

  /// An hour that summer time skips in some zones (02:30 on 31 March 2024 in Europe), which
  /// libzip 1.7 alone would move an hour on a machine in such a zone. The test can only catch
  /// that when run in one (`TZ=Europe/Berlin swift test --filter ZipArchiveTests`): it fails
  /// there without `ZipHeaders`.
  @Test func aTimeSummerTimeSkipsIsWrittenAsGiven() throws {
    let bytes = try ZipArchive.bytes(of: book, modified: ZipDate(secondsSince1970: 1_711_852_200))
    #expect(Self.read16(bytes, 10) == 2 << 11 | 30 << 5)
    #expect(Self.read16(bytes, 12) == 44 << 9 | 3 << 5 | 31)
  }

  @Test func entriesReadBackAsWritten() throws {
    let bytes = try ZipArchive.bytes(of: book, modified: date)
    #expect(try ZipArchive.entries(of: bytes) == book)
    #expect(try ZipArchive.entries(of: ZipArchive.bytes(of: [], modified: date)) == [])
  }

  @Test func bytesThatAreNotAnArchiveAreRefused() {
    #expect {
      try ZipArchive.entries(of: Array("not a zip file".utf8))
    } throws: { error in
      guard case .unreadable = error as? ZipProblem else { return false }
      return true
    }
  }

  /// An entry whose headers claim 4 GiB is refused before any memory is set aside for it.
  @Test func anEntryClaimingMoreThanTheLimitIsRefused() throws {
    var bytes = try ZipArchive.bytes(of: [ZipArchive.Entry(path: "a.txt", bytes: [1, 2, 3])], modified: date)
    let central = Int(Self.read32(bytes, bytes.count - 6))
    for offset in [22, central + 24] {
      bytes.replaceSubrange(offset..<offset + 4, with: [0xF0, 0xFF, 0xFF, 0xFF])
    }
    #expect {
      try ZipArchive.entries(of: bytes)
    } throws: { error in
      guard case .unreadable(let reason) = error as? ZipProblem else { return false }
      return reason.contains("4294967280 bytes, more than the reader's limit")
    }
  }

  @Test(
    arguments: [
      ("", ZipProblem.emptyPath), ("/etc/passwd", .absolutePath("/etc/passwd")),
      ("a/../../b", .dotSegment("a/../../b")), ("./a", .dotSegment("./a")),
      (#"a\b"#, .backslash(#"a\b"#)), ("a//b", .emptySegment("a//b")), ("a/", .emptySegment("a/")),
      ("a\0b", .nulCharacter("a\0b")),
    ])
  func aBadPathIsRefused(path: String, problem: ZipProblem) {
    #expect(throws: problem) {
      try ZipArchive.bytes(of: [ZipArchive.Entry(path: path, bytes: [1])], modified: date)
    }
    #expect(!problem.description.isEmpty && !problem.description.contains("\0"))
  }

  @Test func aRepeatedPathIsRefused() {
    let entry = ZipArchive.Entry(path: "a.txt", bytes: [1])
    #expect(throws: ZipProblem.duplicatePath("a.txt")) {
      try ZipArchive.bytes(of: [entry, entry], modified: date)
    }
  }

  @Test(
    arguments: [
      (0, [1970, 1, 1, 0, 0, 0]), (951_782_400, [2000, 2, 29, 0, 0, 0]), (-1, [1969, 12, 31, 23, 59, 59]),
      (1_709_555_696, [2024, 3, 4, 12, 34, 56]), (4_102_444_800, [2100, 1, 1, 0, 0, 0]),
      (-62_135_596_800, [1, 1, 1, 0, 0, 0]),
    ] as [(Int64, [Int])])
  func datesAreUTCCalendarFields(seconds: Int64, fields: [Int]) {
    let date = ZipDate(secondsSince1970: seconds)
    #expect([date.year, date.month, date.day, date.hour, date.minute, date.second] == fields)
  }

  /// Info-ZIP's `unzip -t` tests every entry's CRC; `zipinfo -v` shows the date and no extra
  /// fields.
  @Test(.enabled(if: Self.unzipIsInstalled, "unzip and zipinfo (Debian unzip) are not installed"))
  func unzipAndZipinfoAcceptTheArchive() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-zip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("book.zip")
    try Data(ZipArchive.bytes(of: book, modified: date)).write(to: file)
    let (tested, testStatus) = try ExternalTool.run("/usr/bin/unzip", ["-t", file.path])
    #expect(testStatus == 0 && tested.contains("No errors detected"), "\(tested)")
    let (info, infoStatus) = try ExternalTool.run("/usr/bin/zipinfo", ["-v", file.path])
    #expect(infoStatus == 0, "\(info)")
    #expect(info.components(separatedBy: "2024 Mar 4 12:34:56").count - 1 == book.count, "\(info)")
    #expect(
      info.components(separatedBy: "length of extra field:                          0 bytes").count - 1
        == book.count)
  }

  private static var unzipIsInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/zipinfo")
  }

  private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(read16(bytes, at)) | UInt32(read16(bytes, at + 2)) << 16
  }
}

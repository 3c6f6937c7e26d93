/// Edits of Exif data (a TIFF structure: a header, then image file directories) that keep its
/// length, so the JPEG segment, PNG chunk or WebP chunk around it keeps its own.
///
/// Only the first directory (IFD0) and the GPS directory it points to are read: no chain of
/// directories is followed, so a directory that points at itself cannot make a loop. Offsets are
/// from the TIFF header, in its byte order (II or MM), and every read and write is bounded by the
/// bytes given.
enum ExifMetadata {
  /// The tag of IFD0's pointer to the GPS directory.
  static let gpsPointerTag = 0x8825
  /// The tag of IFD0's orientation.
  static let orientationTag = 0x0112

  /// The orientation (2 to 8) IFD0 of `tiff` holds; nil when it is 1 (as stored), absent,
  /// invalid, or the data is not TIFF.
  static func orientation(_ tiff: [UInt8]) -> Int? {
    guard let reader = TIFFReader(tiff), let ifd0 = reader.firstDirectory(),
      let entry = reader.entry(orientationTag, in: ifd0), reader.number16(entry + 2) == 3,
      let value = reader.number16(entry + 8), (2...8).contains(value)
    else { return nil }
    return value
  }

  /// `tiff` without its position: the GPS directory's entries, next-directory offset and
  /// out-of-line values zeroed, and IFD0's pointer to it taken out (the entries after it moved
  /// up, the count lowered, the freed 12 bytes zeroed). Nil when IFD0 has no GPS pointer.
  ///
  /// A pointer written twice is taken out twice. The ranges to zero are gathered, merged and
  /// zeroed once, so a hostile file whose directories all point at one large value costs one
  /// pass over it, not one per entry.
  static func removingLocation(_ tiff: [UInt8]) -> [UInt8]? {
    guard var reader = TIFFReader(tiff), let ifd0 = reader.firstDirectory() else { return nil }
    let entries = (0..<ifd0.count).map { ifd0.entries + $0 * 12 }
    let pointers = entries.filter { reader.number16($0) == gpsPointerTag }
    guard !pointers.isEmpty else { return nil }
    var zeroed: [Range<Int>] = []
    for gpsOffset in Set(pointers.compactMap { reader.number32($0 + 8) }) {
      guard let gps = reader.directory(at: gpsOffset) else { continue }
      zeroed.append(gps.entries - 2..<gps.entries + gps.count * 12 + 4)
      for index in 0..<gps.count {
        let entry = gps.entries + index * 12
        guard let type = reader.number16(entry + 2), let count = reader.number32(entry + 4) else { break }
        let size = valueSize(type) * count
        if size > 4, let offset = reader.number32(entry + 8) {
          zeroed.append(offset..<offset + size)
        }
      }
    }
    let kept = entries.filter { reader.number16($0) != gpsPointerTag }
    var directory = Array(reader.bytes[ifd0.entries - 2..<ifd0.entries])
    for entry in kept { directory += reader.bytes[entry..<entry + 12] }
    directory += reader.bytes[ifd0.entries + ifd0.count * 12..<ifd0.entries + ifd0.count * 12 + 4]
    directory += repeatElement(0, count: pointers.count * 12)
    reader.bytes.replaceSubrange(ifd0.entries - 2..<ifd0.entries + ifd0.count * 12 + 4, with: directory)
    reader.write16(kept.count, at: ifd0.entries - 2)
    for range in merged(zeroed) {
      reader.zero(range)
    }
    return reader.bytes
  }

  /// `ranges` sorted and joined where they overlap or touch.
  private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// A big-endian TIFF whose IFD0 holds only `orientation` (SHORT): what a browser needs to show a
  /// photo upright.
  static func orientationOnly(_ orientation: Int) -> [UInt8] {
    Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1]
      + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation & 0xFF), 0, 0] + [0, 0, 0, 0]
  }

  /// The size of one value of a TIFF field type; 0 for a type TIFF 6 and Exif do not define,
  /// whose values cannot be found.
  private static func valueSize(_ type: Int) -> Int {
    switch type {
    case 1, 2, 6, 7: return 1
    case 3, 8: return 2
    case 4, 9, 11, 13: return 4
    case 5, 10, 12: return 8
    default: return 0
    }
  }
}

/// Bounded reads and writes of a TIFF structure in its byte order.
private struct TIFFReader {
  /// A directory whose entries and next-directory offset lie inside the bytes.
  struct Directory {
    /// Where the first entry starts (after the 2-byte count).
    var entries: Int
    /// How many 12-byte entries there are.
    var count: Int
  }

  var bytes: [UInt8]
  let littleEndian: Bool

  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 8 else { return nil }
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    self.bytes = bytes
    guard number16(2) == 42 else { return nil }
  }

  func number16(_ at: Int) -> Int? {
    guard at >= 0, at <= bytes.count - 2 else { return nil }
    return littleEndian
      ? ImageFileSize.little16(bytes, at) : ImageFileSize.big16(bytes, at)
  }

  func number32(_ at: Int) -> Int? {
    guard let first = number16(at), let second = number16(at + 2) else { return nil }
    return littleEndian ? first | second << 16 : first << 16 | second
  }

  mutating func write16(_ value: Int, at: Int) {
    guard at >= 0, at <= bytes.count - 2 else { return }
    let high = UInt8(value >> 8 & 0xFF)
    let low = UInt8(value & 0xFF)
    bytes[at] = littleEndian ? low : high
    bytes[at + 1] = littleEndian ? high : low
  }

  /// Zeroes what of `range` lies inside the bytes.
  mutating func zero(_ range: Range<Int>) {
    let lower = max(0, range.lowerBound)
    let upper = min(bytes.count, range.upperBound)
    guard lower < upper else { return }
    bytes.replaceSubrange(lower..<upper, with: repeatElement(0, count: upper - lower))
  }

  func firstDirectory() -> Directory? {
    number32(4).flatMap(directory(at:))
  }

  /// The directory at `offset`, nil when its count or entries run past the end.
  func directory(at offset: Int) -> Directory? {
    guard offset >= 8, let count = number16(offset), offset + 2 + count * 12 + 4 <= bytes.count else {
      return nil
    }
    return Directory(entries: offset + 2, count: count)
  }

  /// Where the entry with `tag` starts in `directory`.
  func entry(_ tag: Int, in directory: Directory) -> Int? {
    (0..<directory.count).lazy.map { directory.entries + $0 * 12 }.first { number16($0) == tag }
  }
}

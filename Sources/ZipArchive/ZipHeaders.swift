/// The last pass over an archive libzip wrote: every local and central header gets the DOS
/// time and date asked for, and any extra field is refused.
///
/// libzip 1.7 keeps an entry's date as a `time_t`, turning the DOS fields into it with
/// `mktime` and back with `localtime`, so a time that does not exist in the machine's zone (the
/// hour skipped when summer time starts) comes out an hour later there and not elsewhere.
/// Writing the fields here makes the archive the same in every zone. Headers are not covered by
/// the CRC, so this changes nothing else.
enum ZipHeaders {
  private static let endSignature: UInt32 = 0x0605_4B50
  private static let centralSignature: UInt32 = 0x0201_4B50
  private static let localSignature: UInt32 = 0x0403_4B50

  /// Writes `time` and `date` into every header of `bytes`, an archive without a comment or
  /// ZIP64 records.
  static func date(_ bytes: inout [UInt8], time: UInt16, date: UInt16) throws(ZipProblem) {
    let end = bytes.count - 22
    guard end >= 0, read32(bytes, end) == endSignature else {
      throw .libzip("the archive does not end with an end-of-central-directory record")
    }
    let count = Int(read16(bytes, end + 10))
    let centralOffset = read32(bytes, end + 16)
    if count == 0xFFFF || centralOffset == 0xFFFF_FFFF { throw .tooLarge }
    var position = Int(centralOffset)
    for _ in 0..<count {
      guard position + 46 <= end, read32(bytes, position) == centralSignature else {
        throw .libzip("a central directory header is not where the directory says")
      }
      let nameLength = Int(read16(bytes, position + 28))
      let extraLength = read16(bytes, position + 30)
      let commentLength = Int(read16(bytes, position + 32))
      let local = Int(read32(bytes, position + 42))
      guard extraLength == 0 else { throw .libzip("libzip wrote an extra field") }
      write16(&bytes, position + 12, time)
      write16(&bytes, position + 14, date)
      guard local + 30 <= Int(centralOffset), read32(bytes, local) == localSignature else {
        throw .libzip("a local header is not where the central directory says")
      }
      guard read16(bytes, local + 28) == 0 else { throw .libzip("libzip wrote an extra field") }
      write16(&bytes, local + 10, time)
      write16(&bytes, local + 12, date)
      position += 46 + nameLength + commentLength
    }
  }

  private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(read16(bytes, at)) | UInt32(read16(bytes, at + 2)) << 16
  }

  private static func write16(_ bytes: inout [UInt8], _ at: Int, _ value: UInt16) {
    bytes[at] = UInt8(truncatingIfNeeded: value)
    bytes[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
  }
}

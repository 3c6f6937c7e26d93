/// The size of a JPEG file as a browser shows it: the frame's size from its start-of-frame
/// segment, its sides swapped when the Exif orientation turns the image a quarter
/// (orientations 5 to 8), since browsers apply it (`image-orientation: from-image`).
enum JPEGSize {
  /// The size, or nil when no start-of-frame segment comes before the scan or the bytes end.
  static func read(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    var offset = 2
    var quarterTurn = false
    // Each turn moves past at least one byte: the loop ends however the segments are written.
    while offset + 1 < bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      offset += 2
      switch marker {
      case 0xFF:
        offset -= 1  // a fill byte before the marker
        continue
      case 0x01, 0xD0...0xD8:
        continue  // markers without a segment
      case 0xD9, 0xDA:
        return nil  // the end, or the scan, before any frame
      default:
        break
      }
      guard offset + 2 <= bytes.count else { return nil }
      let length = ImageFileSize.big16(bytes, offset)
      guard length >= 2, offset + length <= bytes.count else { return nil }
      let segment = offset + 2..<offset + length
      if isStartOfFrame(marker) {
        guard segment.count >= 5 else { return nil }
        let height = ImageFileSize.big16(bytes, segment.lowerBound + 1)
        let width = ImageFileSize.big16(bytes, segment.lowerBound + 3)
        return quarterTurn ? (height, width) : (width, height)
      }
      if marker == 0xE1, let orientation = exifOrientation(bytes, in: segment) {
        quarterTurn = (5...8).contains(orientation)
      }
      offset += length
    }
    return nil
  }

  /// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
  private static func isStartOfFrame(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }

  /// The orientation (tag 0x0112 of the first image file directory) of an APP1 segment that
  /// holds Exif data, nil when it holds none or the data ends early.
  private static func exifOrientation(_ bytes: [UInt8], in segment: Range<Int>) -> Int? {
    let exif = Array("Exif".utf8) + [0, 0]
    guard segment.count >= 14, Array(bytes[segment.lowerBound..<segment.lowerBound + 6]) == exif else {
      return nil
    }
    let tiff = segment.lowerBound + 6
    let end = segment.upperBound
    let littleEndian: Bool
    switch (bytes[tiff], bytes[tiff + 1]) {
    case (0x49, 0x49): littleEndian = true  // II
    case (0x4D, 0x4D): littleEndian = false  // MM
    default: return nil
    }
    func number16(_ at: Int) -> Int? {
      guard at >= tiff, at + 2 <= end else { return nil }
      return littleEndian ? ImageFileSize.little16(bytes, at) : ImageFileSize.big16(bytes, at)
    }
    func number32(_ at: Int) -> Int? {
      guard let first = number16(at), let second = number16(at + 2) else { return nil }
      return littleEndian ? first | second << 16 : first << 16 | second
    }
    guard let directoryOffset = number32(tiff + 4), directoryOffset < end - tiff else { return nil }
    let directory = tiff + directoryOffset
    guard let count = number16(directory) else { return nil }
    for entry in 0..<count {
      let at = directory + 2 + entry * 12
      guard at + 12 <= end, let tag = number16(at) else { return nil }
      if tag == 0x0112 { return number16(at + 8) }
    }
    return nil
  }
}

/// The dates front matter may hold, read as text and kept as text: `YYYY-MM-DD`, or an RFC 3339
/// date-time (`T` or a space between date and time, seconds, an optional fraction, `Z` or an
/// offset, or none).
///
/// Jekyll and Hugo also read date-times without seconds, with a one-digit hour, and offsets
/// without a colon or after a space (`2017-04-12 21:46 +0200`); those are rewritten in the RFC 3339 form, so that a feed or a
/// sitemap that copies the date stays valid. Nothing else is a date.
enum DateText {
  /// `text` when it is a date in the strict form, the RFC 3339 spelling of a looser one, or nil.
  static func normalized(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 10, digits(bytes, 0..<4), bytes[4] == dash, digits(bytes, 5..<7), bytes[7] == dash,
      digits(bytes, 8..<10)
    else { return nil }
    if bytes.count == 10 { return text }
    if isStrict(bytes) { return text }
    // The looser form: date, `T` or spaces, HH:MM[:SS[.frac]], spaces, [Z | ±HH[:]MM | ±HH].
    var index = 10
    guard bytes[index] == UInt8(ascii: "T") || bytes[index] == space else { return nil }
    while index < bytes.count, bytes[index] == space || (index == 10 && bytes[index] == UInt8(ascii: "T")) {
      index += 1
    }
    // The hour may have one digit (`T8:09:26`, which Hugo reads).
    var hour = ""
    if digits(bytes, index..<index + 2) {
      hour = String(decoding: bytes[index..<index + 2], as: UTF8.self)
      index += 2
    } else if digits(bytes, index..<index + 1) {
      hour = "0" + String(decoding: bytes[index..<index + 1], as: UTF8.self)
      index += 1
    } else {
      return nil
    }
    guard bytes.count >= index + 3, bytes[index] == colon, digits(bytes, index + 1..<index + 3) else {
      return nil
    }
    var time = hour + ":" + String(decoding: bytes[index + 1..<index + 3], as: UTF8.self)
    index += 3
    if index + 2 < bytes.count, bytes[index] == colon, digits(bytes, index + 1..<index + 3) {
      time += String(decoding: bytes[index..<index + 3], as: UTF8.self)
      index += 3
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        let start = index
        index += 1
        while index < bytes.count, digits(bytes, index..<index + 1) { index += 1 }
        guard index > start + 1 else { return nil }
        time += String(decoding: bytes[start..<index], as: UTF8.self)
      }
    } else {
      time += ":00"
    }
    while index < bytes.count, bytes[index] == space { index += 1 }
    var offset = ""
    if index < bytes.count {
      let sign = bytes[index]
      if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
        offset = "Z"
        index += 1
      } else if sign == UInt8(ascii: "+") || sign == dash {
        index += 1
        guard digits(bytes, index..<index + 2) else { return nil }
        let hours = String(decoding: bytes[index..<index + 2], as: UTF8.self)
        index += 2
        var minutes = "00"
        if index < bytes.count, bytes[index] == colon { index += 1 }
        if digits(bytes, index..<index + 2) {
          minutes = String(decoding: bytes[index..<index + 2], as: UTF8.self)
          index += 2
        }
        offset = String(UnicodeScalar(sign)) + hours + ":" + minutes
      } else {
        return nil
      }
    }
    guard index == bytes.count else { return nil }
    return String(decoding: bytes[0..<10], as: UTF8.self) + "T" + time + offset
  }

  /// `YYYY-MM-DD[T ]HH:MM:SS[.frac][Z|±HH:MM]`, kept as written.
  private static func isStrict(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == space, digits(bytes, 11..<13),
      bytes[13] == colon, digits(bytes, 14..<16), bytes[16] == colon, digits(bytes, 17..<19)
    else { return false }
    var index = 19
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let start = index
      while index < bytes.count, digits(bytes, index..<index + 1) { index += 1 }
      guard index > start else { return false }
    }
    if index == bytes.count { return true }
    if bytes[index] == UInt8(ascii: "Z") { return index + 1 == bytes.count }
    guard bytes[index] == UInt8(ascii: "+") || bytes[index] == dash, bytes.count == index + 6,
      digits(bytes, index + 1..<index + 3), bytes[index + 3] == colon, digits(bytes, index + 4..<index + 6)
    else { return false }
    return true
  }

  private static let dash = UInt8(ascii: "-")
  private static let colon = UInt8(ascii: ":")
  private static let space = UInt8(ascii: " ")

  private static func digits(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}

/// What the loader reads the way Hugo and Jekyll do: dated file names, written URLs and the
/// instants of dates.
extension PageLoader {
  /// `2024-01-05` and the rest of the name (`title`) of a file named `2024-01-05-title.md`, as
  /// Jekyll names its posts; nil for any other name.
  static func datedName(_ relativePath: String) -> (date: String, rest: String)? {
    // Read in place: every page's path comes here, and few are dated.
    let utf8 = relativePath.utf8
    let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    let name = utf8[start...]
    guard name.count > 14, name.suffix(3).elementsEqual(".md".utf8) else { return nil }
    for (position, byte) in name.prefix(11).enumerated() {
      let fits =
        position == 4 || position == 7 || position == 10
        ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      guard fits else { return nil }
    }
    let dateEnd = utf8.index(start, offsetBy: 10)
    return (
      String(relativePath[start..<dateEnd]),
      String(relativePath[utf8.index(after: dateEnd)..<utf8.index(name.endIndex, offsetBy: -3)])
    )
  }

  /// A URL written in front matter as a site URL: with a leading `/`, and a trailing one unless
  /// its last segment names a file (`/old/page.html`), as Hugo publishes `url: /about` at
  /// `/about/`. Whether it is safe is checked where every page URL is.
  static func siteURL(_ written: String) -> String {
    var url = written.hasPrefix("/") ? written : "/" + written
    let last = url.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    if !last.isEmpty, !last.contains(".") { url += "/" }
    return url
  }

  /// Seconds since 1970 at a date `checkedDate` accepted: `YYYY-MM-DD` (midnight UTC), or a
  /// date-time with `Z` or an offset (UTC without one); nil when a part is out of range.
  static func instant(of date: String) -> Double? {
    let bytes = Array(date.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[range] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month)
    else { return nil }
    // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    var seconds = Double(era * 146_097 + dayOfEra - 719_468) * 86_400
    guard bytes.count >= 19, let hour = number(11..<13), let minute = number(14..<16),
      let second = number(17..<19)
    else { return seconds }
    seconds += Double(hour * 3600 + minute * 60 + second)
    // The offset, after any fraction of a second: `+09:00` is nine hours ahead of UTC.
    var index = 19
    while index < bytes.count, bytes[index] != UInt8(ascii: "+"), bytes[index] != UInt8(ascii: "-") {
      index += 1
    }
    if index < bytes.count, let hours = number((index + 1)..<(index + 3)),
      let minutes = number((index + 4)..<(index + 6))
    {
      let offset = Double(hours * 3600 + minutes * 60)
      seconds += bytes[index] == UInt8(ascii: "+") ? -offset : offset
    }
    return seconds
  }
}

extension PageLoader {
  /// The instant (seconds since 1970) after `now` at which `page` stops being shown, from its
  /// `expiryDate` (Hugo's name, or `unpublishdate`); nil when it has none or it has passed. A
  /// build is a function of the clock only through these instants.
  package static func expiry(of page: Page, after now: Double) -> Double? {
    page.params.lazy.compactMap { key, value -> Double? in
      guard ["expiryDate", "expirydate", "unpublishdate"].contains(key),
        let date = try? checkedDate(value, key), let instant = instant(of: date), instant > now
      else { return nil }
      return instant
    }.min()
  }
}

/// The moment written into a PDF as its creation and modification date, in UTC, so that the same
/// page always prints to the same bytes.
public struct PDFDate: Hashable, Sendable {
  /// The four-digit year.
  public let year: Int
  /// The month, 1–12.
  public let month: Int
  /// The day of the month, 1–31.
  public let day: Int
  /// The hour, 0–23.
  public let hour: Int
  /// The minute, 0–59.
  public let minute: Int
  /// The second, 0–59.
  public let second: Int

  /// A date from its parts, or nil if one is out of range.
  public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// A date from fourteen digits, `YYYYMMDDhhmmss` (PDF's own order), or nil.
  public init?(_ digits: String) {
    let bytes = Array(digits.utf8)
    guard bytes.count == 14, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    func number(_ range: Range<Int>) -> Int {
      bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    self.init(
      year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10),
      minute: number(10..<12), second: number(12..<14))
  }

  /// `YYYYMMDDhhmmss`, as a PDF date string holds it after `D:`.
  public var digits: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return padded(year, 4) + padded(month, 2) + padded(day, 2) + padded(hour, 2) + padded(minute, 2)
      + padded(second, 2)
  }
}

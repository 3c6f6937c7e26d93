/// A commit's date as Git records it: seconds since 1970 (UTC) and the offset from UTC of the
/// clock it was made on, so the date is written as the author saw it (`git log --format=%aI`).
public struct CommitDate: Sendable, Hashable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public var seconds: Int64
  /// The author's offset from UTC, in minutes (`+0900` is 540).
  public var offsetMinutes: Int

  /// A date from its parts.
  public init(seconds: Int64, offsetMinutes: Int) {
    self.seconds = seconds
    self.offsetMinutes = offsetMinutes
  }

  /// RFC 3339 in the author's own offset, as `git log --format=%aI` writes it:
  /// `2024-03-01T09:30:00+09:00` (`Z` is never used, as Git does not).
  public var rfc3339: String {
    let local = seconds + Int64(offsetMinutes) * 60
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = Int(local - days * 86_400)
    let (year, month, day) = CommitDate.civil(fromDays: days)
    let offset = abs(offsetMinutes)
    return CommitDate.digits(year, 4) + "-" + CommitDate.digits(month, 2) + "-" + CommitDate.digits(day, 2)
      + "T" + CommitDate.digits(secondOfDay / 3600, 2) + ":" + CommitDate.digits(secondOfDay / 60 % 60, 2)
      + ":" + CommitDate.digits(secondOfDay % 60, 2) + (offsetMinutes < 0 ? "-" : "+")
      + CommitDate.digits(offset / 60, 2) + ":" + CommitDate.digits(offset % 60, 2)
  }

  /// The proleptic Gregorian date `days` days after 1970-01-01, by counting 400-year eras of
  /// 146,097 days from 0000-03-01 (a year that starts in March puts the leap day last).
  static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  private static func digits(_ value: Int, _ count: Int) -> String {
    let text = String(value)
    return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
  }
}

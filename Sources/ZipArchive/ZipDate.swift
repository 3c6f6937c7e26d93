/// A moment in UTC to the second, as a calendar date and time.
///
/// Zip headers hold a DOS date and time with no time zone; Folio writes this date's UTC fields
/// there, so an archive does not change with the machine's time zone.
public struct ZipDate: Sendable, Equatable, Hashable {
  /// The year (proleptic Gregorian).
  public var year: Int
  /// The month, 1–12.
  public var month: Int
  /// The day of the month, 1–31.
  public var day: Int
  /// The hour, 0–23.
  public var hour: Int
  /// The minute, 0–59.
  public var minute: Int
  /// The second, 0–59.
  public var second: Int

  /// The UTC date and time `seconds` after 1970-01-01T00:00:00Z (negative: before it).
  public init(secondsSince1970 seconds: Int64) {
    let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
    // A negative remainder belongs to the day before.
    let wholeDays = secondOfDay < 0 ? days - 1 : days
    let daySeconds = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
    (year, month, day) = ZipDate.civilDate(daysSince1970: wholeDays)
    hour = Int(daySeconds / 3600)
    minute = Int(daySeconds % 3600 / 60)
    second = Int(daySeconds % 60)
  }

  /// The DOS time and date fields of a zip header for this date: 2-second steps, years 1980
  /// to 2107; a date outside those years is written as the nearest end of the range.
  var dosTimeAndDate: (time: UInt16, date: UInt16) {
    if year < 1980 { return (0, 1 << 5 | 1) }
    if year > 2107 { return (23 << 11 | 59 << 5 | 29, 127 << 9 | 12 << 5 | 31) }
    let time = hour << 11 | minute << 5 | second / 2
    let date = (year - 1980) << 9 | month << 5 | day
    return (UInt16(time), UInt16(date))
  }

  /// Year, month and day of the day `days` after 1970-01-01, counted in 400-year eras of
  /// 146,097 days with years that start on 1 March, so the leap day ends a year.
  private static func civilDate(daysSince1970 days: Int64) -> (Int, Int, Int) {
    let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
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
}

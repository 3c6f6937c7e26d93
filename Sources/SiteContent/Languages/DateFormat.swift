/// How a language shows dates: a pattern of `%Y` (year), `%m`/`%d` (two-digit month and
/// day), `%-m`/`%-d` (without the leading zero), `%B`/`%b` (English month name, full and
/// short) and `%%`; everything else is written as it is. `November 20, 2026` is
/// `%B %-d, %Y`, `2026年11月20日` is `%Y年%-m月%-d日`.
public struct DateFormat: Sendable, Equatable {
  /// The pattern, as written in folio.yaml (`dateFormat`).
  public var pattern: String

  /// A format with `pattern`.
  public init(pattern: String) {
    self.pattern = pattern
  }

  /// English and Japanese have formats of their own; any other language shows ISO dates
  /// (`2026-11-20`) until its `dateFormat` says otherwise.
  static func builtIn(for code: String) -> DateFormat {
    switch Labels.tableLanguage(of: code) {
    case "ja" where code.hasPrefix("ja"): DateFormat(pattern: "%Y年%-m月%-d日")
    case "en" where code.hasPrefix("en"): DateFormat(pattern: "%B %-d, %Y")
    default: DateFormat(pattern: "%Y-%m-%d")
    }
  }

  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// `date` (`YYYY-MM-DD`, or an RFC 3339 date-time, of which the date is shown) in this
  /// format; a date that does not parse is returned as it is.
  public func format(_ date: String) -> String {
    let parts = date.prefix(10).split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month)
    else { return String(date.prefix(10)) }
    var output = ""
    var characters = pattern.makeIterator()
    while let character = characters.next() {
      guard character == "%" else {
        output.append(character)
        continue
      }
      var directive = characters.next()
      var padded = true
      if directive == "-" {
        padded = false
        directive = characters.next()
      }
      switch directive {
      case "Y": output += String(year)
      case "m": output += padded && month < 10 ? "0\(month)" : String(month)
      case "d": output += padded && day < 10 ? "0\(day)" : String(day)
      case "B": output += DateFormat.months[month - 1]
      case "b": output += String(DateFormat.months[month - 1].prefix(3))
      case "%": output += "%"
      case let other?: output += "%" + (padded ? "" : "-") + String(other)
      case nil: output += "%"
      }
    }
    return output
  }
}

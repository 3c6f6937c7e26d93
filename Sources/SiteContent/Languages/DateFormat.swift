import Mustache

/// How a language shows dates: a pattern of `%Y` (year), `%m`/`%d` (two-digit month and
/// day), `%-m`/`%-d` (without the leading zero), `%B`/`%b` (English month name, full and
/// short) and `%%`; everything else is written as it is. `November 20, 2026` is
/// `%B %-d, %Y`, `2026年11月20日` is `%Y年%-m月%-d日`.
public struct DateFormat: Sendable, Equatable {
  /// The pattern, as written in folio.yaml (`dateFormat`).
  public var pattern: String {
    didSet { parts = DateFormat.parts(of: pattern) }
  }
  /// The pattern read once into its parts: every date of every page and list entry is
  /// formatted with it, so the pattern is not read again each time.
  private var parts: [Part]

  /// One piece of a pattern.
  private enum Part: Sendable, Equatable {
    case text(String)
    case year
    case month(padded: Bool)
    case day(padded: Bool)
    case monthName(short: Bool)
  }

  /// A format with `pattern`.
  public init(pattern: String) {
    self.pattern = pattern
    parts = DateFormat.parts(of: pattern)
  }

  /// Equal when the patterns are.
  public static func == (a: DateFormat, b: DateFormat) -> Bool { a.pattern == b.pattern }

  /// A copy that shares no storage with this one (its pattern and parts made again), for a
  /// thread that formats dates while others format with the original: a copy of a shared one
  /// retains its storage on every date, and counts shared between cores make that slow.
  package func unsharedCopy() -> DateFormat {
    DateFormat(pattern: Unshared.copy(pattern))
  }

  /// English and Japanese have formats of their own; any other language shows ISO dates
  /// (`2026-11-20`) until its `dateFormat` says otherwise.
  package static func builtIn(for code: String) -> DateFormat {
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

  /// The parts of `pattern`; an unknown directive is kept as the text it is.
  private static func parts(of pattern: String) -> [Part] {
    var parts: [Part] = []
    var text = ""
    var characters = pattern.makeIterator()
    func flush() {
      if !text.isEmpty { parts.append(.text(text)) }
      text = ""
    }
    while let character = characters.next() {
      guard character == "%" else {
        text.append(character)
        continue
      }
      var directive = characters.next()
      var padded = true
      if directive == "-" {
        padded = false
        directive = characters.next()
      }
      let part: Part?
      switch directive {
      case "Y": part = .year
      case "m": part = .month(padded: padded)
      case "d": part = .day(padded: padded)
      case "B": part = .monthName(short: false)
      case "b": part = .monthName(short: true)
      default: part = nil
      }
      if let part {
        flush()
        parts.append(part)
      } else {
        switch directive {
        case "%": text += "%"
        case let other?: text += "%" + (padded ? "" : "-") + String(other)
        case nil: text += "%"
        }
      }
    }
    flush()
    return parts
  }

  /// `date` (`YYYY-MM-DD`, or an RFC 3339 date-time, of which the date is shown) in this
  /// format; a date that does not parse is returned as it is.
  public func format(_ date: String) -> String {
    // The date's digits read as bytes: `PageLoader.checkedDate` let through only dates whose
    // first ten bytes are `YYYY-MM-DD`. Written as bytes too: a multilingual site formats
    // every date of every page and list entry, and `String(Int)` and interpolation showed.
    let formatted =
      date.utf8.withContiguousStorageIfAvailable { format(bytes: $0) }
      ?? Array(date.utf8).withUnsafeBufferPointer { format(bytes: $0) }
    return formatted ?? String(date.prefix(10))
  }

  /// ``format(_:)`` of a date's UTF-8 bytes; nil when its first ten are not a date.
  private func format(bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month)
    else { return nil }
    // Written straight into the string's storage. Each directive (two or three bytes of the
    // pattern) writes at most nine bytes (`September`), and text writes itself, so five bytes
    // per byte of the pattern are enough.
    return String(unsafeUninitializedCapacity: pattern.utf8.count * 5) { output in
      var count = 0
      func write(_ byte: UInt8) {
        output[count] = byte
        count += 1
      }
      // `value` in decimal (at most four digits, as read), with a leading zero below 10 when
      // `padded`: what `String(value)` and `"0\(value)"` wrote.
      func write(_ value: Int, padded: Bool) {
        var divisor = 1000
        while divisor > 1, value < divisor, !(padded && divisor == 10) { divisor /= 10 }
        while divisor > 0 {
          write(UInt8(ascii: "0") + UInt8(value / divisor % 10))
          divisor /= 10
        }
      }
      for part in parts {
        switch part {
        case .text(let text): for byte in text.utf8 { write(byte) }
        case .year: write(year, padded: false)
        case .month(let padded): write(month, padded: padded)
        case .day(let padded): write(day, padded: padded)
        case .monthName(let short):
          for byte in DateFormat.months[month - 1].utf8.prefix(short ? 3 : 9) { write(byte) }
        }
      }
      return count
    }
  }
}

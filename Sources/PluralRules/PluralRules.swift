internal import CICU

/// A language's CLDR plural rules, through ICU: the ``PluralCategory`` of a number as written.
///
/// The number is a decimal string, so its visible fraction digits count, as CLDR's rules say
/// they do: English "1" is `one` but "1.0" is `other`. Make one for many numbers: opening a
/// language's rules costs ICU about 90 µs, a category about 4.
///
/// ```swift
/// let english = PluralRules(language: "en")
/// english.category(of: "1")    // .one
/// english.category(of: "1.5")  // .other
/// PluralRules(language: "pl").category(of: "22")  // .few
/// ```
public final class PluralRules: Sendable {
  /// The BCP 47 language tag the rules are for (`en`, `es-MX`).
  public let language: String
  /// ICU's rules and formatters; nil when ICU could not open them. ICU's objects are immutable
  /// once made, and the C side makes formatters under a lock, so any thread may select.
  private nonisolated(unsafe) let rules: OpaquePointer?

  /// The rules of `language`; a language ICU does not know has CLDR's root rules (always
  /// `other`).
  public init(language: String) {
    self.language = language
    // ICU wants a locale ID: `es_MX`, not `es-MX`.
    // A tag ICU refuses outright (too long, or no tag at all: a site's `language:` is the
    // writer's text) has the root rules too, never no rules.
    rules =
      folio_plural_rules_open(String(language.map { $0 == "-" ? "_" : $0 }))
      ?? folio_plural_rules_open("root")
  }

  deinit { folio_plural_rules_close(rules) }

  /// The category of `number`: ASCII digits with an optional leading `-` and an optional `.`
  /// and fraction digits (`"21"`, `"1.50"`); nil when it is no such number.
  public func category(of number: String) -> PluralCategory? {
    guard let fractionDigits = Self.fractionDigits(of: number) else { return nil }
    // Without ICU's rules at all (it could not even open the root ones), CLDR's root answer.
    guard let rules else { return .other }
    var buffer = [CChar](repeating: 0, count: 16)
    let length = folio_plural_rules_select(rules, number, Int32(fractionDigits), &buffer, Int32(buffer.count))
    guard length > 0 else { return nil }
    let name = String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return PluralCategory(rawValue: name)
  }

  /// `number` (as ``category(of:)`` reads it) as the language writes it, through ICU: its
  /// digits grouped and its decimal mark the language's ("1234.5" is "1,234.5" in English,
  /// "12345" is "12.345" in Spanish, "1234" stays "1234" in Spanish, whose grouping starts at
  /// five digits); nil when it is no such number.
  public func formatted(_ number: String) -> String? {
    guard let fractionDigits = Self.fractionDigits(of: number), let rules else { return nil }
    var buffer = [CChar](repeating: 0, count: 96)
    let length = folio_plural_rules_format(rules, number, Int32(fractionDigits), &buffer, Int32(buffer.count))
    guard length > 0 else { return nil }
    return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The categories the language's numbers take, each with the first few numbers that take it
  /// (`few`: "2", "3", "4"), found by trying the integers 0–200 and the halves below 20 ("0.0",
  /// "0.5" … "19.5"): enough for every rule that looks at the last two digits and at visible
  /// fraction digits. Millions are not tried, so the `many` of Spanish, French and Italian
  /// (a million written in full), which no label of a site's counts meets, is left out.
  public func categoriesInUse() -> [PluralCategory: [String]] {
    let integers = (0...200).map { String($0) }
    let halves = (0..<20).flatMap { ["\($0).0", "\($0).5"] }
    var found: [PluralCategory: [String]] = [:]
    for number in integers + halves {
      guard let category = category(of: number), found[category, default: []].count < 3 else { continue }
      found[category, default: []].append(number)
    }
    return found
  }

  /// The number of digits after the `.` of a well-formed number, nil for anything else.
  static func fractionDigits(of number: String) -> Int? {
    var digits = Substring(number)
    if digits.first == "-" { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
    guard isDigits(parts[0]), parts[0].count <= 30 else { return nil }
    guard parts.count == 2 else { return 0 }
    guard isDigits(parts[1]), parts[1].count <= 20 else { return nil }
    return parts[1].count
  }
}

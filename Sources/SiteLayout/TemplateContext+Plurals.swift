import Foundation
import HTMLRendering
import Inflection
import Mustache
import PluralRules
import SiteContent

/// Counted words in templates: `plural.<label>`, a lambda per label that holds a count, and
/// `inflect`, the lambda that makes rendered words agree with the number in them, both in the
/// page's language (docs/CONTRACTS.md).
extension TemplateContext {
  /// The `plural` object and the `inflect` lambda of one language: made once per language,
  /// since each opens the language's plural rules (about 90 µs in ICU).
  struct CountedWords: Sendable {
    /// `plural`: a lambda per label, plain ones included.
    var plural: TemplateValue
    /// `inflect`.
    var inflect: TemplateValue

    /// The helpers for pages in `language`.
    init(language: String, _ configuration: SiteConfiguration) {
      let rules = PluralRules(language: language)
      var members: [String: TemplateValue] = [:]
      // A plain label counts as go-i18n reads a string: its one form is `other`.
      let grouping = configuration.digitGrouping
      for (key, text) in configuration.labels(in: language) where key != "readMoreInline" {
        members[key] = .lambda(
          TemplateContext.pluralLambda(PluralLabel(other: text), rules: rules, groupsDigits: grouping))
      }
      for (key, label) in configuration.pluralLabels(in: language) {
        members[key] = .lambda(TemplateContext.pluralLambda(label, rules: rules, groupsDigits: grouping))
      }
      plural = .record(TemplateContext.record(members))
      inflect = .lambda(
        TemplateContext.inflectLambda(Inflector(language: language, groupsDigits: grouping)))
    }

    /// A copy sharing no storage with this one (``TemplateContext/unsharedCopy()``).
    func unsharedCopy() -> CountedWords {
      var copy = self
      copy.plural = plural.unsharedCopy()
      return copy
    }
  }

  /// The `labels` members of the labels that hold a count: each an object of its forms by
  /// CLDR category (`{one, other}`), for markup that hands them to a script.
  static func pluralForms(in language: String, _ configuration: SiteConfiguration) -> [String: TemplateValue]
  {
    configuration.pluralLabels(in: language).mapValues { label in
      .record(
        TemplateRecord(
          PluralCategory.allCases.compactMap { category in
            label.forms[category].map { (category.rawValue, TemplateValue.string($0)) }
          }))
    }
  }

  /// `{{#plural.pageCount}}{{count}}{{/plural.pageCount}}`: the section rendered is the count;
  /// the label's form for it in the page's language, escaped, with the count in place of
  /// `{count}` (written as the language writes numbers, `1,234`, when `groupsDigits`). A
  /// rendering that is no number is the template's mistake, an error at the tag.
  static func pluralLambda(_ label: PluralLabel, rules: PluralRules, groupsDigits: Bool = false)
    -> TemplateLambda
  {
    .returningText { context in
      let count = try context.render(context.text).trimmingCharacters(in: .whitespacesAndNewlines)
      guard rules.category(of: count) != nil else { throw CountedWordsError.notANumber(count) }
      var writer = HTMLWriter()
      writer.text(label.form(for: count, rules: rules))
      guard groupsDigits, let written = rules.formatted(count) else {
        // The count came out of the template escaped; digits need no escaping anyway.
        return PluralLabel.fill(writer.string, with: count)
      }
      var number = HTMLWriter()
      number.text(written)
      return PluralLabel.fill(writer.string, with: number.string)
    }
  }

  /// `{{#inflect}}{{count}} result{{/inflect}}`: the section rendered, then its words made to
  /// agree with the number in it, as `^[3 result](inflect: true)` would (English, Spanish; any
  /// other language as rendered). Words Folio cannot decide stay as rendered.
  static func inflectLambda(_ inflector: Inflector) -> TemplateLambda {
    .returningText { context in inflect(html: try context.render(context.text), with: inflector) }
  }

  /// `html` with its words in agreement. Tags and character references are hidden behind
  /// spaces of their length before the phrase is read, so that `<span class="n">` or `&#39;`
  /// never count as words or numbers, and the words changed are written into `html` itself.
  static func inflect(html: String, with inflector: Inflector) -> String {
    guard Inflector.inflects(inflector.language) else { return html }
    var bytes = Array(html.utf8)
    var masked = bytes
    var index = 0
    while index < masked.count {
      let end: Int?
      switch masked[index] {
      case UInt8(ascii: "<"): end = masked[index...].firstIndex(of: UInt8(ascii: ">"))
      case UInt8(ascii: "&"):
        let name = masked[(index + 1)...].prefix { $0 == UInt8(ascii: "#") || $0.isASCIIAlphanumeric }
        end = masked[name.endIndex...].first == UInt8(ascii: ";") && !name.isEmpty ? name.endIndex : nil
      default: end = nil
      }
      guard let end else {
        index += 1
        continue
      }
      for position in index...end { masked[position] = UInt8(ascii: " ") }
      index = end + 1
    }
    let phrase = inflector.inflect(phrase: String(decoding: masked, as: UTF8.self))
    for replacement in phrase.replacements.reversed() {
      bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Why a counting lambda could not write its words, as the template error's message.
enum CountedWordsError: Error, CustomStringConvertible {
  /// The section of a `plural` label rendered to something that is no number.
  case notANumber(String)

  var description: String {
    switch self {
    case .notANumber(let text):
      "the count '\(text)' is not a number: put the number alone in the section, "
        + "{{#plural.pageCount}}{{count}}{{/plural.pageCount}}"
    }
  }
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
  }
}

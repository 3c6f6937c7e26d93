import Foundation
import PluralRules

/// A label that holds a count, with one form per CLDR plural category the language uses, as
/// Hugo's (go-i18n's) translation files give them: `{one: "{count} page", other: "{count}
/// pages"}`. The form is chosen by the language's plural rules (``PluralRules``), never by an
/// English `count == 1`: Polish takes `few` for 22 and `many` for 25, Japanese always `other`.
package struct PluralLabel: Hashable, Sendable {
  /// Where a form takes the count. Folio's own placeholder, in the style of its other labels;
  /// Hugo's `{{ .Count }}` is read as this too, so a Hugo site's i18n files work as they are.
  package static let placeholder = "{count}"

  /// The forms by category. `other` is always there: it is the form for every number the
  /// language's other categories leave, and the form a category without one of its own takes.
  package private(set) var forms: [PluralCategory: String]

  /// A label with these forms; `forms` must hold `other`.
  package init(_ forms: [PluralCategory: String]) {
    precondition(forms[.other] != nil, "a plural label needs its 'other' form")
    self.forms = forms
  }

  /// A plain label used where a count is given: its one form is `other`, as go-i18n reads a
  /// string.
  package init(other: String) {
    forms = [.other: other]
  }

  /// The form for `count` (a number as written: "21", "1.5") under `rules`, its placeholder
  /// left in; `other` for what is no number.
  package func form(for count: String, rules: PluralRules) -> String {
    let category = rules.category(of: count) ?? .other
    return forms[category] ?? forms[.other] ?? ""
  }

  /// The form for `count` with the count in place of each ``placeholder``.
  package func text(for count: String, rules: PluralRules) -> String {
    Self.fill(form(for: count, rules: rules), with: count)
  }

  /// `form` with `count` in place of each ``placeholder``.
  package static func fill(_ form: String, with count: String) -> String {
    form.replacingOccurrences(of: placeholder, with: count)
  }
}

import Diagnostics
import PluralRules
import YAML

/// Reading a label of `i18n/<code>.yaml`, which may hold plural forms.
extension PluralLabel {
  /// The label `value` gives for `key` in `path`: a string is the `other` form; a mapping
  /// gives a form per CLDR category (`zero`, `one`, `two`, `few`, `many`, `other`), as Hugo's
  /// files do, and must give `other`. Hugo's `{{ .Count }}` becomes ``placeholder``.
  static func read(_ value: YAMLValue, key: String, in path: String) throws -> PluralLabel {
    guard value.mapping != nil else {
      return PluralLabel(other: hugoCount(try value.expectString(key, in: path)))
    }
    var forms: [PluralCategory: String] = [:]
    for entry in value.mapping?.entries ?? [] {
      let name = entry.key.string ?? ""
      guard let category = PluralCategory(rawValue: name) else {
        let closest = EditDistance.closest(to: name, in: PluralCategory.allCases.map(\.rawValue))
        throw LanguageProblem.unknownPluralCategory(name, key: key, closest: closest).error(
          at: entry.key.location)
      }
      forms[category] = hugoCount(try entry.value.expectString("\(key).\(name)", in: path))
    }
    guard forms[.other] != nil else {
      throw LanguageProblem.pluralLabelWithoutOther(key: key, file: path).error(at: value.location)
    }
    return PluralLabel(forms)
  }

  /// Whether `value` gives forms beyond `other` (a mapping with `other` alone is how Hugo's
  /// files write a label without a count).
  static func hasCountedForms(_ value: YAMLValue) -> Bool {
    value.stringEntries.contains { $0.key != PluralCategory.other.rawValue }
  }

  /// `form` with Hugo's `{{ .Count }}` (spaces inside optional) written as ``placeholder``.
  static func hugoCount(_ form: String) -> String {
    guard form.contains("{{") else { return form }
    var result = ""
    var rest = Substring(form)
    while let open = rest.range(of: "{{") {
      result += rest[..<open.lowerBound]
      var inside = rest[open.upperBound...].drop { $0 == " " }
      if inside.hasPrefix(".Count") {
        inside = inside.dropFirst(".Count".count).drop { $0 == " " }
        if inside.hasPrefix("}}") {
          result += placeholder
          rest = inside.dropFirst(2)
          continue
        }
      }
      result += "{{"
      rest = rest[open.upperBound...]
    }
    return result + rest
  }
}

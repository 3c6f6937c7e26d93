/// The number a phrase takes: the form a count's plural category asks for, or what
/// `morphology: {number: …}` states.
public enum GrammaticalNumber: String, Hashable, Sendable {
  /// One thing: "1 bookmark".
  case singular
  /// More or fewer than one: "0 bookmarks", "1.5 bookmarks".
  case plural

  /// The number `morphology`'s `number` names (Apple's `Morphology.GrammaticalNumber`:
  /// `singular`, `zero`, `plural`, `pluralTwo`, `pluralFew`, `pluralMany`); nil for another
  /// value. English and Spanish write every one but singular as their plural.
  init?(morphologyValue: String) {
    switch morphologyValue {
    case "singular": self = .singular
    case "zero", "plural", "pluralTwo", "pluralFew", "pluralMany": self = .plural
    default: return nil
    }
  }
}

/// A CLDR plural category: which of a language's plural forms a number takes
/// (https://cldr.unicode.org/index/cldr-spec/plural-rules). English has `one` and `other`,
/// Polish `one`, `few`, `many` and `other`, Japanese only `other`.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
  /// Arabic 0, Welsh 0.
  case zero
  /// English 1, Spanish 1, French 0 and 1.
  case one
  /// Arabic 2, Slovenian 2, 102.
  case two
  /// Polish 2–4, 22–24; Russian 2–4.
  case few
  /// Polish 5–21, 25…; Russian 5–20; Spanish 1000000.
  case many
  /// Everything else: English 0, 2, 1.5; every Japanese number.
  case other
}

import Diagnostics
import RichText

/// Why an inflected span was left as written (or given its `inflectionAlternative`), at its
/// place: the one place these warnings are put into words.
public struct InflectionProblem: Hashable, Sendable {
  /// Why agreement could not be decided.
  public enum Reason: Hashable, Sendable {
    /// A word whose other form Folio's word lists cannot give.
    case unknownWord(String)
    /// A Spanish noun whose gender its ending does not tell, where an article or adjective
    /// needs it.
    case missingGender(String)
    /// No numeral in the span and no `morphology` number or gender.
    case nothingToAgreeWith
    /// A word split by formatting (`book*mark*`), which a new form cannot be written across.
    case wordAcrossFormatting(String)
    /// A key of Apple's agreement that Folio does not follow (`agreeWithArgument`).
    case unsupportedKey(String)
    /// A `morphology` value that is none of Apple's names.
    case unknownMorphology(key: String, value: String)
  }

  /// Where the span (or the word) is.
  public var span: SourceSpan
  /// Why.
  public var reason: Reason

  /// A problem at `span`.
  public init(span: SourceSpan, reason: Reason) {
    self.span = span
    self.reason = reason
  }

  /// The warning at the span's place in `path`.
  public func diagnostic(in path: String) -> Diagnostic {
    let location = span.start(in: path)
    let alternative = "or give `inflectionAlternative: '…'` to write instead"
    switch reason {
    case .unknownWord(let word):
      return .warning(
        "cannot inflect '\(word)': Folio does not know its other form", at: location,
        hint: "write the form you mean, or state it with `morphology: {number: 'plural'}`, " + alternative)
    case .missingGender(let word):
      return .warning(
        "cannot tell the gender of '\(word)', which the words beside it agree with", at: location,
        hint: "add `morphology: {grammaticalGender: 'feminine'}` (or masculine), " + alternative)
    case .nothingToAgreeWith:
      return .warning(
        "the inflected text has no number to agree with", at: location,
        hint:
          "put the count in the text (`^[3 bookmark](inflect: true)`), add `morphology: {number: 'plural'}`, "
          + alternative)
    case .wordAcrossFormatting(let word):
      return .warning(
        "cannot inflect '\(word)': formatting splits the word", at: location,
        hint: "format the whole word, or none of it")
    case .unsupportedKey(let key):
      return .warning(
        "Folio does not follow '\(key)'; the text agrees only with the number inside it", at: location,
        hint: "put the count in the inflected text, or remove '\(key)'")
    case .unknownMorphology(let key, let value):
      return .warning(
        "unknown \(key) '\(value)' in `morphology`", at: location,
        hint: key == "number"
          ? "use singular, plural, zero, pluralTwo, pluralFew or pluralMany"
          : "use feminine, masculine or neuter")
    }
  }
}

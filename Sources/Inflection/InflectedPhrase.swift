/// What ``Inflector/inflect(phrase:)`` gives: the phrase in agreement, the words it changed, and
/// why it was left as written when it was.
public struct InflectedPhrase: Hashable, Sendable {
  /// A word given another form: its UTF-8 offsets in the phrase as written, and the new form.
  public struct Replacement: Hashable, Sendable {
    /// The word's UTF-8 offsets in the phrase as written.
    public var range: Range<Int>
    /// The word's new form.
    public var text: String
  }

  /// The phrase as written, with its words in agreement.
  public var text: String
  /// The words changed, in order; empty when the phrase already agreed or could not.
  public var replacements: [Replacement] = []
  /// Why agreement could not be decided, nil when it was.
  public var problem: InflectionProblem.Reason?
}

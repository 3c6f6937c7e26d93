import RichText

/// What ``Inflector/inflect(_:)`` gives: the text, and why some spans were left as written.
public struct InflectedText: Sendable {
  /// The text, its inflected spans in agreement.
  public var text: AttributedText
  /// What could not be followed, in order: spans left as written (one that took its
  /// `inflectionAlternative` is none), and agreement keys Folio does not read.
  public var problems: [InflectionProblem] = []
}

/// What libyaml reported when it stopped, copied out of the parser before the parser is freed.
struct LibYAMLError: Error {
  enum Stage {
    /// Decoding bytes: invalid UTF-8 or a control character. Only `offset` is meaningful.
    case reader
    case scanner
    case parser
    case memory
  }

  var stage: Stage
  /// libyaml's sentence, such as "mapping values are not allowed in this context".
  var problem: String
  var problemMark: Mark
  /// The byte offset of a reader problem.
  var offset: Int
  /// The enclosing construct, such as "while scanning a quoted scalar", when libyaml names one.
  var context: String?
  var contextMark: Mark
}

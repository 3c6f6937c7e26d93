/// One piece of a parsed template.
///
/// The parser resolves everything that does not depend on data (standalone lines, delimiter
/// changes, comments, block indentation), so rendering is a walk over these nodes.
enum Node: Sendable {
  /// Literal text (its UTF-8 bytes), copied to the output.
  case text([UInt8])
  /// The start of a source line that produces output: where a standalone partial's indentation
  /// goes. It renders nothing when there is no indentation.
  case lineStart
  /// `{{name}}`, `{{{name}}}` or `{{&name}}`.
  case variable(Variable)
  /// `{{#name}}…{{/name}}`.
  case section(Section)
  /// `{{^name}}…{{/name}}`.
  case invertedSection(Section)
  /// `{{>name}}` or `{{>*name}}`.
  case partial(Inclusion)
  /// `{{<name}}…{{/name}}`: a partial whose blocks the tag's body may override.
  case parent(Inclusion)
  /// `{{$name}}…{{/name}}`: a place a child template may fill, with default content.
  case block(Block)
}

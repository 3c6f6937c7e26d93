import Diagnostics

/// What a ``TemplateLambda`` knows about the tag that called it, and a way to render text there.
public struct LambdaContext: Sendable {
  /// The unprocessed text between the section's tags, or the empty string for a variable tag.
  public let text: String
  /// Whether the lambda was called by a section, `{{#name}}…{{/name}}`, rather than `{{name}}`.
  public let isSection: Bool

  private let renderer: Renderer
  private let name: NamePath
  private let location: SourceLocation
  private let delimiters: Delimiters

  init(
    text: String, isSection: Bool, renderer: Renderer, name: NamePath, location: SourceLocation,
    delimiters: Delimiters
  ) {
    self.text = text
    self.isSection = isSection
    self.renderer = renderer
    self.name = name
    self.location = location
    self.delimiters = delimiters
  }

  /// Renders `template` where the lambda was called: against the same context stack, with the
  /// same partials and the delimiters in effect at the tag.
  ///
  /// In a section of an indented partial, lines after the first get the partial's indentation,
  /// as the section's own lines would.
  ///
  /// - Throws: `DiagnosticError` when `template` does not parse or its rendering fails.
  public func render(_ template: String) throws -> String {
    var nodes = try renderer.parseLambdaResult(template, of: name, delimiters: delimiters, at: location)[...]
    var nested = renderer
    nested.output = []
    if !isSection {
      nested.indentation = []
    } else if case .lineStart? = nodes.first {
      // The text continues the line the section starts on.
      nodes = nodes.dropFirst()
    }
    try nested.expand(nodes, as: "\(name) (lambda)", at: location)
    return nested.renderedText
  }

  /// The value `name` (which may be dotted) refers to where the lambda was called, or `nil`.
  public func value(named name: String) -> TemplateValue? {
    renderer.lookUp(NamePath(Substring(name)))
  }
}

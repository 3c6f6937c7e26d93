/// Swift code that a template calls in place of data, as Mustache's lambdas.
///
/// As `{{name}}`, the closure gets a context whose ``LambdaContext/text`` is empty. As
/// `{{#name}}…{{/name}}`, it gets the section's unprocessed text. What happens to the returned
/// string depends on how the lambda was made:
///
/// - ``init(_:)`` follows the Mustache spec: the result is template source. A variable tag renders
///   it with the default delimiters and then escapes it (unless the tag is `{{{name}}}` or
///   `{{&name}}`); a section renders it with the delimiters in effect at the section.
/// - ``returningText(_:)`` treats the result as finished text. A variable tag escapes it
///   (unless triple), and a section inserts it as it is, so text that happens to contain `{{`
///   is never expanded.
///
/// ```swift
/// let upper = TemplateLambda.returningText { try $0.render($0.text).uppercased() }
/// ```
///
/// A lambda is truthy: `{{^name}}` never renders its content.
public struct TemplateLambda: Sendable {
  /// What the renderer does with the closure's result.
  enum Result: Sendable {
    /// The result is template source to render.
    case template
    /// The result is final text.
    case text
  }

  let result: Result
  let body: @Sendable (LambdaContext) throws -> String

  private init(result: Result, body: @escaping @Sendable (LambdaContext) throws -> String) {
    self.result = result
    self.body = body
  }

  /// A spec lambda: the closure returns template source, which is rendered in place of the tag.
  public init(_ body: @escaping @Sendable (LambdaContext) throws -> String) {
    self.init(result: .template, body: body)
  }

  /// A lambda whose result is final text, inserted without being rendered as a template.
  public static func returningText(_ body: @escaping @Sendable (LambdaContext) throws -> String)
    -> TemplateLambda
  {
    TemplateLambda(result: .text, body: body)
  }
}

/// A syntax definition the library ships (Kate's XML format): what a code block can be
/// highlighted as.
public struct SyntaxDefinition: Hashable, Sendable {
  /// The definition's name, as `SyntaxHighlighter.tokens(of:definition:)` takes it: `Swift`,
  /// `C++`, `Bash`.
  public var name: String
  /// The section it is listed under: `Sources`, `Scripts`, `Markup`, …
  public var section: String
  /// File-name patterns, such as `*.swift` or `Dockerfile`.
  public var fileNamePatterns: [String]
  /// Whether the definition only serves others (included definitions) and is not listed.
  public var isHidden: Bool

  /// Creates a definition description.
  public init(name: String, section: String, fileNamePatterns: [String], isHidden: Bool) {
    self.name = name
    self.section = section
    self.fileNamePatterns = fileNamePatterns
    self.isHidden = isHidden
  }
}

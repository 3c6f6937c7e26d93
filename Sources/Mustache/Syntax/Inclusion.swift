import Diagnostics

/// A partial tag, `{{>name}}`, or a parent tag, `{{<name}}…{{/name}}`.
final class Inclusion: Sendable {
  /// How the included template is named.
  enum Target: Sendable, CustomStringConvertible {
    /// A template name written in the tag.
    case name(String)
    /// `*path`: the name is the string found at `path` in the context.
    case dynamic(NamePath)

    var description: String {
      switch self {
      case .name(let name): name
      case .dynamic(let path): "*\(path)"
      }
    }
  }

  /// The template to include.
  let target: Target
  /// The whitespace before a standalone tag, prepended to every line of the included template;
  /// `nil` when the tag shares its line with other output.
  let indentation: String?
  /// For a parent tag, the blocks its body overrides, by name.
  let overrides: [String: Block]
  /// Where the tag starts.
  let location: SourceLocation

  /// Creates the node's payload.
  init(target: Target, indentation: String?, overrides: [String: Block], location: SourceLocation) {
    self.target = target
    self.indentation = indentation
    self.overrides = overrides
    self.location = location
  }
}

import Diagnostics

/// A problem with a template, as a place plus a reason; ``diagnostic`` is the one place that turns
/// it into words.
///
/// The lexer and parser throw it typed; the public API hands it out as a `DiagnosticError`.
struct TemplateError: Error, Sendable, Equatable {
  /// What went wrong.
  enum Reason: Sendable, Equatable {
    /// A tag's opening delimiter has no matching closing delimiter.
    case unclosedTag(expected: String)
    /// A tag such as `{{}}` or `{{# }}` names nothing.
    case emptyTagName
    /// A tag's name contains whitespace or an empty dotted part.
    case invalidName(String)
    /// A `{{=…=}}` tag that does not hold exactly two delimiters.
    case invalidDelimiters(String)
    /// A section, inverted section, block or parent with no closing tag.
    case unclosedSection(kind: String, name: String)
    /// A closing tag with nothing open.
    case unexpectedClose(name: String)
    /// A closing tag whose name differs from the innermost open section.
    case mismatchedClose(expected: String, found: String, openedAt: SourceLocation)
    /// Sections nested deeper than the parser allows.
    case nestingTooDeep(limit: Int)
    /// A partial or parent names a template the library does not have (strict mode).
    case unknownPartial(name: String)
    /// A dynamic name `*path` whose value is missing or not a string (strict mode).
    case unresolvedDynamicName(path: String)
    /// Sections and includes together nest deeper than the renderer allows.
    case renderTooDeep(limit: Int)
    /// Partials, parents, blocks or lambdas include each other deeper than the limit.
    case includeTooDeep(chain: [String], limit: Int)
    /// One render entered more sections, items and includes than the limit, with the include
    /// chain where it stopped.
    case tooManySteps(chain: [String], limit: Int)
    /// One render wrote more bytes than the limit, with the include chain where it stopped.
    case outputTooLarge(chain: [String], limit: Int)
    /// A lambda threw.
    case lambdaFailed(name: String, message: String)
    /// A lambda returned template source that does not parse.
    case invalidLambdaResult(name: String, message: String)
    /// Two files in one directory give a template the same name.
    case duplicateTemplate(name: String, otherPath: String)
    /// A template file or directory cannot be read.
    case unreadable(message: String)
  }

  /// Where the problem is: the tag's first delimiter, or the file for file-level problems.
  let location: SourceLocation?
  /// What the problem is.
  let reason: Reason

  /// The finding for this error.
  var diagnostic: Diagnostic {
    switch reason {
    case .unclosedTag(let expected):
      return .error(
        "tag is never closed", at: location, hint: "close it with '\(expected)' on the same line")
    case .emptyTagName:
      return .error("tag has no name", at: location)
    case .invalidName(let name):
      return .error(
        "'\(name)' is not a valid tag name", at: location,
        hint: "write a name without spaces, such as 'title' or the dotted 'page.title'")
    case .invalidDelimiters(let content):
      return .error(
        "'=\(content)=' does not set delimiters", at: location,
        hint: "write two delimiters without spaces or '=' in them, separated by a space: {{=<% %>=}}")
    case .unclosedSection(let kind, let name):
      return .error("\(kind) '\(name)' is never closed", at: location, hint: "close it with {{/\(name)}}")
    case .unexpectedClose(let name):
      return .error("'/\(name)' closes nothing: no section named '\(name)' is open", at: location)
    case .mismatchedClose(let expected, let found, let openedAt):
      return Diagnostic(
        .error, "'/\(found)' does not close the open section '\(expected)'", at: location,
        hint: "close '\(expected)' with {{/\(expected)}} first",
        notes: ["'\(expected)' is opened at \(openedAt)"])
    case .nestingTooDeep(let limit):
      return .error("sections nest deeper than \(limit) levels", at: location)
    case .unknownPartial(let name):
      return .error(
        "no template named '\(name)'", at: location,
        hint: "add '\(name).mustache' or '\(name).html' to a template directory")
    case .unresolvedDynamicName(let path):
      return .error("'*\(path)' names no template: '\(path)' is missing or not a string", at: location)
    case .renderTooDeep(let limit):
      return .error(
        "sections and includes nest deeper than \(limit) levels", at: location,
        hint: "a recursive partial probably walks data nested too deep")
    case .includeTooDeep(let chain, let limit):
      return Diagnostic(
        .error, "templates include each other more than \(limit) levels deep", at: location,
        hint: "a partial, parent or block probably includes itself without an end",
        notes: ["include chain: \(Self.summary(of: chain))"])
    case .tooManySteps(let chain, let limit):
      return Diagnostic(
        .error, "rendering enters more than \(limit) sections and includes", at: location,
        hint: "partials that include others more than once multiply the work at every level",
        notes: ["include chain: \(Self.summary(of: chain))"])
    case .outputTooLarge(let chain, let limit):
      return Diagnostic(
        .error, "rendering writes more than \(limit >> 20) MiB (\(limit) bytes)", at: location,
        hint: "partials that include others more than once multiply the output at every level",
        notes: ["include chain: \(Self.summary(of: chain))"])
    case .lambdaFailed(let name, let message):
      return .error("lambda '\(name)' failed: \(message)", at: location)
    case .invalidLambdaResult(let name, let message):
      return .error("lambda '\(name)' returned a template that does not parse: \(message)", at: location)
    case .duplicateTemplate(let name, let otherPath):
      return .error(
        "two files define template '\(name)'", at: location,
        hint: "remove or rename either this file or \(otherPath)")
    case .unreadable(let message):
      return .error(message, at: location)
    }
  }

  /// The error as the public API throws it.
  var diagnosticError: DiagnosticError { DiagnosticError(diagnostic) }

  /// The chain with its repeating middle cut, so a runaway recursion reads `a → b → b → … → b`.
  private static func summary(of chain: [String]) -> String {
    guard chain.count > 12 else { return chain.joined(separator: " → ") }
    return (chain.prefix(8) + ["…"] + chain.suffix(3)).joined(separator: " → ")
  }
}

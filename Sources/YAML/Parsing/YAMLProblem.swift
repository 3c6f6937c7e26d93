import Diagnostics

/// Everything that can be wrong with a YAML text, and the one place that words each problem.
enum YAMLProblem: Error {
  /// libyaml's own complaint, with the construct it was reading and a hint chosen from the text.
  case syntax(problem: String, context: String?, contextLocation: SourceLocation?, hint: String?)
  /// A quoted scalar that runs to the end of the file; located at its opening quote.
  case unclosedQuote(endOfFile: SourceLocation)
  /// Bytes that are not UTF-8 text, or a control character.
  case unreadable(problem: String)
  case duplicateKey(key: String, first: SourceLocation?)
  case tooDeep(limit: Int)
  case aliasTooDeep(anchor: String, limit: Int)
  case aliasExpansion(anchor: String, limit: Int)
  case undefinedAlias(anchor: String)
  case recursiveAlias(anchor: String)
  case unsupportedTag(tag: String)
  case valueDoesNotMatchTag(tag: String, text: String)
  case integerOutOfRange(text: String)
  case invalidMerge
  case extraDocument
  case outOfMemory

  /// The problem as an error diagnostic at `location`.
  func diagnostic(at location: SourceLocation?) -> Diagnostic {
    var diagnostic = Diagnostic.error(message, at: location, hint: hint)
    diagnostic.notes = notes
    return diagnostic
  }

  /// The problem as a throwable error at `location`.
  func error(at location: SourceLocation?) -> DiagnosticError {
    DiagnosticError(diagnostic(at: location))
  }

  private var message: String {
    switch self {
    case .syntax(let problem, _, _, _):
      problem
    case .unclosedQuote:
      "this quoted string is never closed"
    case .unreadable(let problem):
      "the text cannot be read: \(problem)"
    case .duplicateKey(let key, _):
      "duplicate key \(key)"
    case .tooDeep(let limit):
      "the document nests more than \(limit) levels deep"
    case .aliasTooDeep(let anchor, let limit):
      "alias '*\(anchor)' would nest the document more than \(limit) levels deep"
    case .aliasExpansion(let anchor, let limit):
      "alias '*\(anchor)' would expand the document beyond \(limit) aliased values"
    case .undefinedAlias(let anchor):
      "alias '*\(anchor)' refers to an anchor that is not defined"
    case .recursiveAlias(let anchor):
      "alias '*\(anchor)' refers to a node that contains it"
    case .unsupportedTag(let tag):
      "unsupported tag '\(tag)'"
    case .valueDoesNotMatchTag(let tag, let text):
      "'\(text)' is not a valid \(tag) value"
    case .integerOutOfRange(let text):
      "the integer \(text) does not fit in 64 bits"
    case .invalidMerge:
      "the merge key '<<' needs a mapping or a sequence of mappings"
    case .extraDocument:
      "expected a single YAML document, found a second one"
    case .outOfMemory:
      "libyaml ran out of memory"
    }
  }

  private var notes: [String] {
    switch self {
    case .syntax(_, let context?, let location?, _):
      ["\(context), which started at line \(location.line), column \(location.column)"]
    case .unclosedQuote(let end):
      ["the file ends at line \(end.line), column \(end.column) without a closing quote"]
    case .duplicateKey(_, let first?):
      ["the first one is at line \(first.line), column \(first.column)"]
    default:
      []
    }
  }

  private var hint: String? {
    switch self {
    case .syntax(_, _, _, let hint):
      hint
    case .unclosedQuote:
      "end the string with the same quote character it starts with"
    case .unreadable:
      "save the file as UTF-8 text"
    case .duplicateKey:
      "each key may appear once in a mapping; remove or rename one of them"
    case .tooDeep, .aliasTooDeep:
      "flatten the data; this limit stops hostile documents from exhausting the stack"
    case .aliasExpansion:
      "aliases that repeat aliases grow exponentially (a 'billion laughs' document); "
        + "copy the data instead or reduce the repetition"
    case .undefinedAlias(let anchor):
      "define the anchor with '&\(anchor)' before the alias uses it"
    case .unsupportedTag:
      "use one of !!str, !!int, !!float, !!bool, !!null, !!seq or !!map, or remove the tag"
    case .valueDoesNotMatchTag:
      "remove the tag or change the value"
    case .integerOutOfRange:
      "put the number in quotes to keep it as text"
    case .extraDocument:
      "a line holding only '---' starts a new document; remove it or indent it"
    case .invalidMerge, .recursiveAlias, .outOfMemory:
      nil
    }
  }
}

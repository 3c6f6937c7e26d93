import Diagnostics

/// Why a value did not decode into the requested Swift type, and the one place that words it.
enum DecodingProblem {
  case typeMismatch(expected: String, found: YAMLValue)
  case outOfRange(found: YAMLValue, type: String)
  case missingKey(String)
  case tooFewItems(count: Int)
  /// A `DecodingError` thrown by a type's own `init(from:)`, such as an enum's unknown raw value.
  case rejected(reason: String)

  /// The problem as a throwable error about the node at `codingPath`, placed at `location`.
  func error(at location: SourceLocation?, codingPath: [any CodingKey]) -> DiagnosticError {
    DiagnosticError(Diagnostic.error(message(codingPath), at: location, hint: hint))
  }

  private func message(_ codingPath: [any CodingKey]) -> String {
    let subject = Self.name(of: codingPath).map { "for '\($0)'" } ?? "at the top level"
    switch self {
    case .typeMismatch(let expected, let found):
      return "expected \(expected) \(subject), found \(Self.describe(found))"
    case .outOfRange(let found, let type):
      return "\(Self.describe(found)) \(subject) does not fit in \(type)"
    case .missingKey(let key):
      return "missing required key '\(key)'" + (Self.name(of: codingPath).map { " in '\($0)'" } ?? "")
    case .tooFewItems(let count):
      let items = count == 1 ? "1 item" : "\(count) items"
      return "expected more items \(subject), found only \(items)"
    case .rejected(let reason):
      return "invalid value \(subject): \(reason)"
    }
  }

  private var hint: String? {
    switch self {
    case .typeMismatch("a string", let found):
      switch found.kind {
      case .bool, .int, .double: return "put the value in quotes to make it a string"
      default: return nil
      }
    case .typeMismatch("a boolean", let found):
      guard found.string != nil else { return nil }
      return "write true or false (YAML 1.2 reads words such as yes and on as strings)"
    case .typeMismatch("a sequence", let found) where found.string != nil:
      return "write a list as [a, b] or as lines starting with '- '"
    default:
      return nil
    }
  }

  /// `author.name` or `tags[2]`: the path as a reader of the file would name it.
  static func name(of codingPath: [any CodingKey]) -> String? {
    guard !codingPath.isEmpty else { return nil }
    var text = ""
    for key in codingPath {
      if let index = key as? NodeKey, let position = index.intValue {
        text += "[\(position)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// "the string 'maybe'", "the integer 3", "a mapping": a node as an error message names it.
  static func describe(_ value: YAMLValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool(let flag): return "the boolean \(flag)"
    case .int(let number): return "the integer \(number)"
    case .double(let number): return "the number \(number)"
    case .sequence: return "a sequence"
    case .mapping: return "a mapping"
    case .string(let text):
      let shown = text.count > 40 ? text.prefix(39) + "…" : Substring(text)
      return "the string '\(shown)'"
    }
  }
}

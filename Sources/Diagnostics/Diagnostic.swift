/// One finding about the user's input: where it is, how serious it is, and what to do about it.
///
/// Every error Folio reports about content, templates, configuration or data ends up as a
/// `Diagnostic`, and ``Diagnostic/description`` is the single place that turns one into text.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// How serious a finding is.
  public enum Severity: String, Hashable, Sendable, Comparable {
    /// Information that needs no action.
    case note
    /// Something suspicious that does not stop the build (unless warnings are errors).
    case warning
    /// Something that stops the build.
    case error

    private var rank: Int {
      switch self {
      case .note: 0
      case .warning: 1
      case .error: 2
      }
    }

    /// Orders severities from note to error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// How serious the finding is.
  public var severity: Severity
  /// What is wrong, in one sentence without a trailing period.
  public var message: String
  /// Where it is, when the finding belongs to a place in a file.
  public var location: SourceLocation?
  /// How to fix it, when there is something useful to say.
  public var hint: String?
  /// Further lines that explain the finding (each is printed as a `note:`).
  public var notes: [String]

  /// Creates a finding.
  public init(
    _ severity: Severity,
    _ message: String,
    at location: SourceLocation? = nil,
    hint: String? = nil,
    notes: [String] = []
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.hint = hint
    self.notes = notes
  }

  /// An error at `location`.
  public static func error(_ message: String, at location: SourceLocation? = nil, hint: String? = nil)
    -> Diagnostic
  {
    Diagnostic(.error, message, at: location, hint: hint)
  }

  /// A warning at `location`.
  public static func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil)
    -> Diagnostic
  {
    Diagnostic(.warning, message, at: location, hint: hint)
  }

  /// The finding as compilers print it: `path:line:column: error: message`, then the hint and notes
  /// on lines of their own.
  public var description: String {
    var text = ""
    if let location {
      text += "\(location): "
    }
    text += "\(severity.rawValue): \(message)"
    for note in notes {
      text += "\n    note: \(note)"
    }
    if let hint {
      text += "\n    hint: \(hint)"
    }
    return text
  }
}

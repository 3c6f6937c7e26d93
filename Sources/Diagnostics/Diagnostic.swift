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
  ///
  /// Messages quote titles, paths and values from the user's files, which may hold control
  /// characters: printed raw, an escape sequence could rewrite the terminal and a bidi override
  /// could make a line read differently. So those are shown as visible escapes (`\u{1B}`).
  public var description: String {
    var text = ""
    if let location {
      text += "\(Diagnostic.visible(location.path)):\(location.line):\(location.column): "
    }
    text += "\(severity.rawValue): \(Diagnostic.visible(message))"
    for note in notes {
      text += "\n    note: \(Diagnostic.visible(note))"
    }
    if let hint {
      text += "\n    hint: \(Diagnostic.visible(hint))"
    }
    return text
  }

  /// `text` with C0 and C1 controls, DEL, line and paragraph separators and bidi controls
  /// written as `\u{…}`; every other character (Japanese included) stays as it is.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isInvisible(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Arabic letter mark, left-to-right and right-to-left marks, line and paragraph separators,
    // embeddings and overrides, isolates.
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

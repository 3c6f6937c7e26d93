/// A finding as a GitHub Actions workflow command, which GitHub shows on the line it names in
/// the pull request and on the run's page:
///
/// ```text
/// ::error file=Content/a.md,line=3,col=5,title=Folio::broken link to '/b/': no page or file has that URL%0Ahint: did you mean '/a/'?
/// ```
///
/// The message is the one ``Diagnostic/description`` prints, without the place: the notes and the
/// hint follow it on lines of their own, which GitHub shows in the annotation.
public struct GitHubAnnotation: Hashable, Sendable, CustomStringConvertible {
  /// The finding.
  public var diagnostic: Diagnostic
  /// The file as GitHub should name it, relative to the folder the workflow step runs in; the
  /// location's own path when nil.
  public var path: String?

  /// Annotates `diagnostic`, naming its file `path` (see ``path``).
  public init(_ diagnostic: Diagnostic, path: String? = nil) {
    self.diagnostic = diagnostic
    self.path = path
  }

  /// The workflow command, one line without its newline: `::error`, `::warning` or `::notice`,
  /// the file, line and column when the finding has a place, `title=Folio`, then the message.
  ///
  /// Folio's findings name one position, not a span, so there is never an `endLine` or
  /// `endColumn`. Text from the user's files goes through ``Diagnostic/visible(_:)`` first, as
  /// on a terminal: CI logs show escape sequences too.
  public var description: String {
    var properties: [(name: String, value: String)] = []
    if let location = diagnostic.location {
      properties.append(("file", Diagnostic.visible(path ?? location.path)))
      properties.append(("line", String(location.line)))
      properties.append(("col", String(location.column)))
    }
    properties.append(("title", "Folio"))
    let list = properties.map { "\($0.name)=\(Self.escapedProperty($0.value))" }.joined(separator: ",")
    return "::\(Self.command(for: diagnostic.severity)) \(list)::\(Self.escapedData(message))"
  }

  /// The message, then each note and the hint on a line of its own, as in ``Diagnostic/description``.
  private var message: String {
    var lines = [Diagnostic.visible(diagnostic.message)]
    lines += diagnostic.notes.map { "note: " + Diagnostic.visible($0) }
    if let hint = diagnostic.hint { lines.append("hint: " + Diagnostic.visible(hint)) }
    return lines.joined(separator: "\n")
  }

  /// The workflow command for `severity`: GitHub has `notice` where Folio has `note`.
  private static func command(for severity: Diagnostic.Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "notice"
    }
  }

  /// `findings` with errors first, then warnings, then notes, each kept in the order given:
  /// GitHub shows only the first ten errors and ten warnings of a step on the run's page.
  public static func ordered(_ findings: [Diagnostic]) -> [Diagnostic] {
    findings.enumerated().sorted { lhs, rhs in
      lhs.element.severity != rhs.element.severity
        ? lhs.element.severity > rhs.element.severity : lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// `text` as a command's message: `%`, carriage return and line feed percent-encoded, as the
  /// runner decodes them (any other `%` sequence would be shown as it is).
  public static func escapedData(_ text: String) -> String {
    escaped(text, separators: false)
  }

  /// `text` as a property value: as ``escapedData(_:)``, and `:` and `,`, which would end the
  /// value.
  public static func escapedProperty(_ text: String) -> String {
    escaped(text, separators: true)
  }

  /// `text` with `%`, CR and LF percent-encoded, and `:` and `,` too with `separators`.
  ///
  /// On UTF-8 bytes, and the text itself when nothing needs encoding (most paths and messages):
  /// a scalar at a time, the annotations of 11,000 broken links took a tenth of a second. Every
  /// byte encoded is ASCII, so the bytes stay UTF-8.
  private static func escaped(_ text: String, separators: Bool) -> String {
    func encoding(_ byte: UInt8) -> StaticString? {
      switch byte {
      case UInt8(ascii: "%"): "%25"
      case UInt8(ascii: "\r"): "%0D"
      case UInt8(ascii: "\n"): "%0A"
      case UInt8(ascii: ":") where separators: "%3A"
      case UInt8(ascii: ",") where separators: "%2C"
      default: nil
      }
    }
    let utf8 = text.utf8
    guard utf8.contains(where: { encoding($0) != nil }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
      if let encoded = encoding(byte) {
        encoded.withUTF8Buffer { bytes += $0 }
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

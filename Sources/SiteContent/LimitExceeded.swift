import Diagnostics

/// A site limit from ``Limits`` that content went past, with what it held; ``message`` is the
/// one place that puts these errors into words.
package enum LimitExceeded: Sendable, Equatable {
  /// A page file has `bytes` bytes, more than ``Limits/pageBytes``.
  case pageBytes(Int)
  /// A static file, theme asset or data file has `bytes` bytes, more than ``Limits/fileBytes``.
  case fileBytes(Int)
  /// `Content/` holds `count` files or more, more than ``Limits/filesPerSite``.
  case filesPerSite(Int)
  /// A page's front matter has `bytes` bytes, more than ``Limits/frontMatterBytes``.
  case frontMatterBytes(Int)
  /// A page lists `count` terms in its taxonomy fields `fields` (in file order, up to the one that
  /// crossed the limit), more than ``Limits/termsPerPage``.
  case termsPerPage(fields: [String], count: Int)

  /// The error's words: what the content holds, then the limit.
  package var message: String {
    switch self {
    case .pageBytes(let bytes):
      return "page file has \(bytes) bytes; at most \(Self.size(Limits.pageBytes))"
    case .fileBytes(let bytes):
      return "file has \(bytes) bytes; at most \(Self.size(Limits.fileBytes))"
    case .filesPerSite(let count):
      return "site has \(count) files or more; at most \(Limits.filesPerSite)"
    case .frontMatterBytes(let bytes):
      return "front matter has \(bytes) bytes; at most \(Self.size(Limits.frontMatterBytes))"
    case .termsPerPage(let fields, let count):
      let what = fields.count == 1 ? fields[0] : "terms (\(fields.joined(separator: ", ")) together)"
      return "\(count) \(what) on one page; at most \(Limits.termsPerPage)"
    }
  }

  /// The error at `location`, ready to throw.
  package func error(at location: SourceLocation?) -> DiagnosticError {
    DiagnosticError(.error(message, at: location))
  }

  /// A limit in bytes as the docs write it: `16 MiB (16777216 bytes)`.
  private static func size(_ bytes: Int) -> String {
    "\(bytes >> 20) MiB (\(bytes) bytes)"
  }
}

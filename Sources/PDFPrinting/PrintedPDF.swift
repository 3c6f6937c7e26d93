/// A page printed to PDF, and what it asked for that was refused.
public struct PrintedPDF: Hashable, Sendable {
  /// The PDF file's bytes, with its dates and identifier made from the caller's date.
  public let pdf: [UInt8]
  /// Every URL the page asked for that was not served, once each, in the order asked: other hosts, and
  /// paths not among the files (the caller can warn about them).
  public let refusedURLs: [String]
}

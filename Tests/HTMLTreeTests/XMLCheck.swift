import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Whether XHTML bytes are well-formed as an EPUB reader would read them: the fragment in an
/// XHTML document's body, through Foundation's `XMLParser` (libxml2) with namespaces on.
enum XMLCheck {
  /// The parser's error for `fragment` in a body, or nil when it parses.
  static func error(in fragment: [UInt8]) -> String? {
    let document =
      Array(#"<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>"#.utf8)
      + fragment + Array("</body></html>".utf8)
    let parser = XMLParser(data: Data(document))
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = true
    guard !parser.parse() else { return nil }
    return parser.parserError.map { "\($0)" } ?? "unknown error"
  }
}

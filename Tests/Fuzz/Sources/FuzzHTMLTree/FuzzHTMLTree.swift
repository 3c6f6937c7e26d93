import Foundation
import FuzzSupport
import HTMLTree

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// libFuzzer target: `HTMLTree`, gumbo's HTML5 parse of a page's rendered HTML and the XHTML an
/// EPUB chapter is written in.
///
/// The whole input is the HTML. Properties, beyond no crash, no hang and no ASan report: a parse
/// either gives a tree or throws a limit; the tree's XHTML, in an XHTML document's body, parses
/// with no error as XML with namespaces (Foundation's `XMLParser`, libxml2); and writing the
/// tree twice, as XHTML or HTML, gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = FuzzInput(data, size)
  let fragment: HTMLFragment
  do {
    fragment = try HTMLFragment(parsing: input.bytes, limits: HTMLLimits(maxDepth: 256))
  } catch {
    return 0
  }
  let xhtml = fragment.serialized(as: .xhtml)
  if let problem = xmlError(in: xhtml) {
    FuzzFailure.fail(
      "the XHTML is not well-formed XML (\(problem)): \(FuzzFailure.escaped(xhtml[...]))", input: input.bytes)
  }
  if fragment.serialized(as: .xhtml) != xhtml
    || fragment.serialized(as: .html) != fragment.serialized(as: .html)
  {
    FuzzFailure.fail("the same tree was written as different bytes", input: input.bytes)
  }
  return 0
}

/// The XML parser's error for `fragment` in the body of an XHTML document, or nil.
private func xmlError(in fragment: [UInt8]) -> String? {
  let document =
    Array(#"<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>"#.utf8)
    + fragment + Array("</body></html>".utf8)
  let parser = XMLParser(data: Data(document))
  parser.shouldProcessNamespaces = true
  guard !parser.parse() else { return nil }
  return parser.parserError.map { "\($0)" } ?? "unknown error"
}

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
/// tree twice, as XHTML or HTML, gives the same bytes; and `HTMLMarkup`, which reads the input
/// as tokens when it can vouch that the parser builds the tree its tags say, writes the same
/// bytes as the parsed tree, plainly and through a rewrite that renames, unwraps and removes.
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
  guard let markup = try? HTMLMarkup(parsing: input.bytes, limits: HTMLLimits(maxDepth: 256)) else {
    FuzzFailure.fail("HTMLMarkup refused what the parser took", input: input.bytes)
  }
  for format in [HTMLSerialization.html, .xhtml] {
    for transform in [{ (_: inout HTMLElementEdit) in }, rewrite] {
      let read = markup.rewritten(as: format, transform)
      let parsed = fragment.rewritten(transform).serialized(as: format)
      if read != parsed {
        FuzzFailure.fail(
          "HTMLMarkup (tokens: \(markup.isReadAsTokens)) wrote \(FuzzFailure.escaped(read[...])) where the tree "
            + "gives \(FuzzFailure.escaped(parsed[...]))", input: input.bytes)
      }
    }
  }
  return 0
}

/// A rewrite of the kinds the books make: ids prefixed, an element renamed, one unwrapped,
/// one removed with its children, disclosures opened.
private func rewrite(_ edit: inout HTMLElementEdit) {
  if let id = edit[attribute: "id"] { edit[attribute: "id"] = "c1-" + id }
  if edit.isHTML("img") { edit.name = "span" }
  if edit.isHTML("a") { edit.action = .unwrap }
  if edit.isHTML("del") || edit.isHTML("source") { edit.action = .remove }
  if edit.isHTML("details") { edit[attribute: "open"] = "" }
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

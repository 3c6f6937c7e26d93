import HTMLTree
import SiteContent

/// A chapter's rendered HTML made the book's own: for the print page, where every chapter shares
/// one document, its ids are prefixed with the chapter's anchor (`c3-intro`) and its links into
/// the book lead to those ids; for the EPUB, where each chapter is a file, links into the book
/// lead to the chapter files, links elsewhere in the site become absolute or plain text, images
/// lead to the files packed beside the chapters, and the result is XHTML. In both, scripts,
/// frames, plug-ins and forms are left out with the attributes that run script, and
/// collapsible blocks are open: a book is read without JavaScript, and paper cannot open them.
///
/// The chapter's HTML is Folio's own rendering; it is read as HTML (``HTMLMarkup``: as tokens
/// when it holds only what Folio writes, by an HTML5 parser when it holds raw HTML a site
/// allowed or a partial's markup) rather than edited as a string, so the result is well-formed
/// whatever the chapter holds.
package enum BookHTML {
  /// What the EPUB form of a chapter needs packed beside it.
  package struct EPUBChapter: Sendable {
    /// The chapter's body as XHTML.
    package var xhtml: String
    /// Whether it holds MathML (the manifest says so).
    package var hasMathML = false
    /// Whether it holds SVG.
    package var hasSVG = false
  }

  /// Elements a book never holds: they run script, embed other documents or send data.
  /// Attributes that name ids, which the print page prefixes as it prefixes the ids.
  static let idReferences: HTMLNameSet = [
    "aria-labelledby", "aria-describedby", "aria-controls", "for", "headers",
  ]

  /// Attributes EPUB's HTML does not know (lazy loading, the picture's candidates).
  static let unknownToEPUB: HTMLNameSet = ["loading", "decoding", "fetchpriority", "srcset", "sizes"]

  static let leftOut: HTMLNameSet = [
    "script", "noscript", "iframe", "object", "embed", "form", "template", "button", "dialog", "frame",
    "frameset", "applet", "portal",
  ]

  /// A chapter's rendering read, with the ids it holds (what links into it may name).
  package struct ParsedChapter: Sendable {
    /// The read content.
    package var markup: HTMLMarkup
    /// Every `id` in it.
    package var ids: Set<String> { markup.ids }
  }

  /// `content` read, with its ids.
  package static func parse(_ content: String) throws(HTMLTreeProblem) -> ParsedChapter {
    ParsedChapter(markup: try HTMLMarkup(parsing: Array(content.utf8)))
  }

  /// The chapter `anchor`'s content for the print page.
  package static func printed(_ chapter: ParsedChapter, anchor: String, links: BookLinks) -> String {
    let prefix = anchor + "-"
    let rewritten = chapter.markup.rewritten(as: .html) { element in
      guard common(&element) else { return }
      let isLink = element.isHTML("a") || element.isHTML("area")
      // One pass over the attributes; the list is copied only for an element with one to change.
      for index in element.attributes.indices {
        let attribute = element.attributes[index]
        if attribute.name == "id" {
          element.attributes[index].value = prefix + attribute.value
        } else if idReferences.contains(attribute.name) {
          element.attributes[index].value = attribute.value.split(separator: " ").map { prefix + $0 }
            .joined(separator: " ")
        } else if isLink, attribute.name == "href" {
          let href = attribute.value
          if href.hasPrefix("#") {
            // A fragment that names no element of the chapter leads to the chapter.
            let id = String(href.dropFirst())
            element.attributes[index].value = "#" + (chapter.ids.contains(id) ? prefix + id : anchor)
          } else if let target = links.target(of: href) {
            element.attributes[index].value =
              "#" + target.chapter + (target.fragment.map { "-" + $0 } ?? "")
          }
        }
      }
    }
    return String(decoding: rewritten, as: UTF8.self)
  }

  /// The chapter's content for the EPUB: XHTML, links into the book leading to the chapters'
  /// files, other links of the site absolute (`siteURL` made from a site path, nil when the
  /// site has no base URL: the link is then left out around its text), images leading to the
  /// packed files `image` names (nil: the image is left out, its alt text kept).
  package static func epub(
    _ parsed: ParsedChapter, links: BookLinks, siteURL: (String) -> String?, image: (String) -> String?
  ) -> EPUBChapter {
    var chapter = EPUBChapter(xhtml: "")
    let rewritten = parsed.markup.rewritten(as: .xhtml) { element in
      guard common(&element) else { return }
      if element.namespace == .mathML, element.name == "math" { chapter.hasMathML = true }
      if element.namespace == .svg, element.name == "svg" { chapter.hasSVG = true }
      if element.attributes.contains(where: { unknownToEPUB.contains($0.name) }) {
        element.attributes.removeAll { unknownToEPUB.contains($0.name) }
      }
      if element.isHTML("picture") {
        element.action = .unwrap
        return
      }
      if element.isHTML("source") {
        element.action = .remove
        return
      }
      if element.isHTML("img") {
        guard let source = element[attribute: "src"], let packed = image(source) else {
          element.name = "span"
          let alt = element[attribute: "alt"] ?? ""
          element.attributes = [HTMLAttribute(name: "class", value: "book-missing-image")]
          element.attributes.append(HTMLAttribute(name: "title", value: alt))
          return
        }
        element[attribute: "src"] = packed
      }
      if let href = element[attribute: "href"], element.isHTML("a") || element.isHTML("area") {
        if href.hasPrefix("mailto:") { return }
        if href.hasPrefix("#") {
          // A fragment that names no element of the chapter (EPUB readers and EPUBCheck
          // refuse it) is left out around its text.
          if !parsed.ids.contains(String(href.dropFirst())) { element.action = .unwrap }
          return
        }
        if let target = links.target(of: href) {
          element[attribute: "href"] =
            Book.fileName(ofChapter: target.chapter) + (target.fragment.map { "#" + $0 } ?? "")
        } else if href.hasPrefix("/") {
          if let absolute = siteURL(href) {
            element[attribute: "href"] = absolute
          } else {
            element.action = .unwrap
          }
        } else if !(href.hasPrefix("https://") || href.hasPrefix("http://")) {
          // A relative link (a file beside the page) is no file of the EPUB.
          element.action = .unwrap
        }
      }
    }
    chapter.xhtml = String(decoding: rewritten, as: UTF8.self)
    return chapter
  }

  /// The rules both forms share; false when the element is gone (no more to do with it).
  private static func common(_ element: inout HTMLElementEdit) -> Bool {
    if element.namespace == .html, leftOut.contains(element.name) {
      element.action = .remove
      return false
    }
    // One look at each attribute; the list is copied only when one goes.
    if element.attributes.contains(where: { runsScript($0) }) {
      element.attributes.removeAll { runsScript($0) }
    }
    if element.isHTML("details"), element[attribute: "open"] == nil { element[attribute: "open"] = "" }
    return true
  }

  /// Attributes whose names name URLs.
  private static let urlAttributes: HTMLNameSet = ["href", "src", "xlink:href", "action", "formaction"]

  /// Whether `attribute` runs script: an event handler (`on…`, any case), or a URL attribute
  /// whose URL does.
  private static func runsScript(_ attribute: HTMLAttribute) -> Bool {
    var name = attribute.name.utf8.makeIterator()
    if name.next().map({ $0 | 0x20 }) == UInt8(ascii: "o"),
      name.next().map({ $0 | 0x20 }) == UInt8(ascii: "n")
    {
      return true
    }
    return urlAttributes.contains(attribute.name) && isScriptURL(attribute.value)
  }

  /// Whether `url` runs script when followed (`javascript:`, `vbscript:`, `data:` HTML).
  private static func isScriptURL(_ url: String) -> Bool {
    let scheme = url.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix(12).lowercased()
      .filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    return scheme.hasPrefix("javascript:") || scheme.hasPrefix("vbscript:")
      || scheme.hasPrefix("data:text/html")
  }
}

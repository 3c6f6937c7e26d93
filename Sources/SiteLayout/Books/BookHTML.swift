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
/// The chapter's HTML is Folio's own rendering; it is read with an HTML5 parser (``HTMLTree``)
/// rather than edited as a string, so raw HTML a site allowed is made well-formed too.
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
  static let leftOut: Set<String> = [
    "script", "noscript", "iframe", "object", "embed", "form", "template", "button", "dialog", "frame",
    "frameset", "applet", "portal",
  ]

  /// A chapter's rendering parsed, with the ids it holds (what links into it may name).
  package struct ParsedChapter: Sendable {
    /// The parsed content.
    package var fragment: HTMLFragment
    /// Every `id` in it.
    package var ids: Set<String>
  }

  /// `content` parsed, with its ids.
  package static func parse(_ content: String) throws(HTMLTreeProblem) -> ParsedChapter {
    let fragment = try HTMLFragment(parsing: Array(content.utf8))
    var ids: Set<String> = []
    // Without recursion: a chapter may nest deeply.
    var stack = fragment.nodes[...].reversed().map { $0 }
    while let node = stack.popLast() {
      guard case .element(let element) = node else { continue }
      if let id = element[attribute: "id"] { ids.insert(id) }
      stack.append(contentsOf: element.children.reversed())
    }
    return ParsedChapter(fragment: fragment, ids: ids)
  }

  /// The chapter `anchor`'s content for the print page.
  package static func printed(_ chapter: ParsedChapter, anchor: String, links: BookLinks) -> String {
    let prefix = anchor + "-"
    let rewritten = chapter.fragment.rewritten { element in
      guard common(&element) else { return }
      if let id = element[attribute: "id"] { element[attribute: "id"] = prefix + id }
      for name in ["aria-labelledby", "aria-describedby", "aria-controls", "for", "headers"] {
        if let ids = element[attribute: name] {
          element[attribute: name] = ids.split(separator: " ").map { prefix + $0 }.joined(separator: " ")
        }
      }
      if let href = element[attribute: "href"], element.isHTML("a") || element.isHTML("area") {
        if href.hasPrefix("#") {
          // A fragment that names no element of the chapter leads to the chapter.
          let id = String(href.dropFirst())
          element[attribute: "href"] = "#" + (chapter.ids.contains(id) ? prefix + id : anchor)
        } else if let target = links.target(of: href) {
          element[attribute: "href"] = "#" + target.chapter + (target.fragment.map { "-" + $0 } ?? "")
        }
      }
    }
    return String(decoding: rewritten.serialized(as: .html), as: UTF8.self)
  }

  /// The chapter's content for the EPUB: XHTML, links into the book leading to the chapters'
  /// files, other links of the site absolute (`siteURL` made from a site path, nil when the
  /// site has no base URL: the link is then left out around its text), images leading to the
  /// packed files `image` names (nil: the image is left out, its alt text kept).
  package static func epub(
    _ parsed: ParsedChapter, links: BookLinks, siteURL: (String) -> String?, image: (String) -> String?
  ) -> EPUBChapter {
    var chapter = EPUBChapter(xhtml: "")
    let rewritten = parsed.fragment.rewritten { element in
      guard common(&element) else { return }
      if element.namespace == .mathML, element.name == "math" { chapter.hasMathML = true }
      if element.namespace == .svg, element.name == "svg" { chapter.hasSVG = true }
      // Attributes EPUB's HTML does not know (lazy loading, the picture's candidates).
      for name in ["loading", "decoding", "fetchpriority", "srcset", "sizes"] {
        element[attribute: name] = nil
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
    chapter.xhtml = String(decoding: rewritten.serialized(as: .xhtml), as: UTF8.self)
    return chapter
  }

  /// The rules both forms share; false when the element is gone (no more to do with it).
  private static func common(_ element: inout HTMLElementEdit) -> Bool {
    if element.namespace == .html, leftOut.contains(element.name) {
      element.action = .remove
      return false
    }
    element.attributes.removeAll { $0.name.lowercased().hasPrefix("on") }
    for attribute in ["href", "src", "xlink:href", "action", "formaction"] {
      if let value = element[attribute: attribute], isScriptURL(value) { element[attribute: attribute] = nil }
    }
    if element.isHTML("details"), element[attribute: "open"] == nil { element[attribute: "open"] = "" }
    return true
  }

  /// Whether `url` runs script when followed (`javascript:`, `vbscript:`, `data:` HTML).
  private static func isScriptURL(_ url: String) -> Bool {
    let scheme = url.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix(12).lowercased()
      .filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    return scheme.hasPrefix("javascript:") || scheme.hasPrefix("vbscript:")
      || scheme.hasPrefix("data:text/html")
  }
}

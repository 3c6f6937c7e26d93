/// A quick scan of a page's tags, before gumbo, for how deep its elements nest: gumbo's time is
/// its tags times the depth of its open elements, so 100,000 nested `<div>`s would keep it busy
/// for minutes before the converter's own depth check could refuse them.
///
/// The scan keeps its own stack of open tag names with the parts of HTML's tree construction
/// that close elements: an end tag closes the nearest open element of its name unless a scope
/// boundary (a table, a cell, …) lies between; `<p>`-closing blocks, `<li>`, `<dt>`/`<dd>`,
/// rows and cells close their predecessors; void elements and self-closing foreign ones never
/// open. Where HTML closes less or opens more than that (a misnested formatting element such
/// as `<b>`, which HTML reopens later; the `<tbody>` and `<tr>` it inserts; `</p>` and `</br>`
/// with nothing to close), the scan counts high. It is exact for HTML that closes what it opens
/// and never low for the patterns it models (NestingEstimateTests), but it is not the tree
/// builder: crafted HTML (foster-parented content of tables, say) can still nest deeper than it
/// counts, which the converter's exact check then refuses after gumbo's slower parse. It also
/// counts the start tags that make elements, so a page with more than the node limit is refused
/// before gumbo builds a tree of them all.
struct NestingEstimate {
  /// One open element as the scan sees it.
  private struct Open {
    let name: [UInt8]
    let kind: Kind
    /// In SVG's or MathML's namespace, and not a point where HTML's rules apply again.
    var foreignContent = false
  }

  /// The roles tree construction gives an element that matter to how deep it nests.
  private enum Kind {
    case ordinary
    /// `<b>`, `<i>`, …: closed out of order, HTML reopens them later.
    case formatting
    /// Elements an end tag for an element outside them does not reach past.
    case boundary
    /// HTML's special elements (blocks), which stop `<li>`'s and a formatting end tag's search.
    case special
  }

  let limits: HTMLLimits
  /// The start tags that make an element, each a node of the tree at least.
  private var elements = 0
  private var open: [Open] = []
  /// Formatting elements closed by another element's end tag, which HTML reopens at the next
  /// tag or text: they count until an end tag of their name.
  private var lingering: [[UInt8]] = []

  init(limits: HTMLLimits) {
    self.limits = limits
  }

  /// The limit `bytes` pass, if any: nesting deeper than the depth limit, or more start tags
  /// than the node limit (gumbo's tree holds them all before the converter counts).
  mutating func problem(in bytes: UnsafeBufferPointer<UInt8>) -> HTMLTreeProblem? {
    var index = 0
    let count = bytes.count
    while index < count {
      guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
        index += 1
        continue
      }
      let next = bytes[index + 1]
      if next == UInt8(ascii: "!") {
        index = Self.endOfComment(bytes, from: index + 2)
      } else if next == UInt8(ascii: "?") {
        index = Self.end(of: bytes, from: index + 2).index
      } else if next == UInt8(ascii: "/") {
        guard index + 2 < count, HTMLNames.isASCIILetter(bytes[index + 2]) else {
          index = Self.end(of: bytes, from: index + 2).index
          continue
        }
        let name = Self.name(in: bytes, from: index + 2)
        index = Self.end(of: bytes, from: index + 2 + name.count).index
        if let problem = close(name) { return problem }
      } else if HTMLNames.isASCIILetter(next) {
        let name = Self.name(in: bytes, from: index + 1)
        let end = Self.end(of: bytes, from: index + 1 + name.count)
        index = end.index
        let foreign = isForeign(name)
        if let problem = openElement(name, selfClosing: end.selfClosing, foreign: foreign) { return problem }
        if !foreign,
          HTMLNames.rawTextElements.contains(String(decoding: name, as: UTF8.self))
            || name == Array("textarea".utf8) || name == Array("title".utf8)
        {
          if name == Array("plaintext".utf8) { return nil }
          index = Self.rawTextEnd(bytes, from: index, name: name)
        }
      } else {
        index += 1
      }
    }
    return nil
  }

  /// Whether a start tag `name` makes an SVG or MathML element: `<svg>` and `<math>`, and any
  /// tag in foreign content but those that break out of it (HTML closes the foreign elements
  /// for those; the scan keeps them open, counting high).
  private func isForeign(_ name: [UInt8]) -> Bool {
    if name == Array("svg".utf8) || name == Array("math".utf8) { return true }
    guard let top = open.last, top.foreignContent else { return false }
    return !Self.breakOutOfForeignContent.contains(String(decoding: name, as: UTF8.self))
  }

  /// Opens `name` unless it is void; the problem once the depth or the count passes a limit.
  private mutating func openElement(_ name: [UInt8], selfClosing: Bool, foreign: Bool) -> HTMLTreeProblem? {
    let text = String(decoding: name, as: UTF8.self)
    if Self.ignoredInBody.contains(text) { return nil }
    elements += 1
    if elements > limits.maxNodes { return HTMLTreeProblem(.tooManyNodes(limit: limits.maxNodes)) }
    let void = foreign ? selfClosing : HTMLNames.voidElements.contains(text) || text == "image"
    if void {
      return problem(atDepth: open.count + lingering.count + 1)
    }
    if Self.closesParagraph.contains(text) { closeOpen("p", stoppingAt: { $0.kind == .boundary }) }
    switch text {
    case "li":
      closeOpen("li", stoppingAt: Self.stopsListItem)
    case "dt", "dd":
      closeOpen("dt", stoppingAt: Self.stopsListItem)
      closeOpen("dd", stoppingAt: Self.stopsListItem)
    case "tr":
      closeOpen("tr", stoppingAt: { $0.name == Array("table".utf8) })
      // HTML inserts a <tbody> for a row straight in a table.
      if open.last?.name == Array("table".utf8) {
        open.append(Open(name: Array("tbody".utf8), kind: .special))
      }
    case "td", "th":
      closeOpen("td", stoppingAt: Self.stopsCell)
      closeOpen("th", stoppingAt: Self.stopsCell)
      if let last = open.last?.name, last != Array("tr".utf8) {
        // and a <tbody> and a <tr> for a cell outside a row.
        open.append(Open(name: Array("tbody".utf8), kind: .special))
        open.append(Open(name: Array("tr".utf8), kind: .special))
      }
    case "option", "optgroup":
      if open.last?.name == Array("option".utf8) { open.removeLast() }
    case "h1", "h2", "h3", "h4", "h5", "h6":
      if let last = open.last?.name, last.count == 2, last[0] == UInt8(ascii: "h"),
        (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(last[1])
      {
        open.removeLast()
      }
    default:
      break
    }
    let kind = Self.kind(of: text)
    let integrationPoint = Self.integrationPoints.contains(text)
    open.append(Open(name: name, kind: kind, foreignContent: foreign && !integrationPoint))
    return problem(atDepth: open.count + lingering.count)
  }

  /// The depth problem of an element at `depth`, or nil.
  private func problem(atDepth depth: Int) -> HTMLTreeProblem? {
    depth > limits.maxDepth ? HTMLTreeProblem(.tooDeep(limit: limits.maxDepth)) : nil
  }

  /// An end tag.
  private mutating func close(_ name: [UInt8]) -> HTMLTreeProblem? {
    let text = String(decoding: name, as: UTF8.self)
    let match = open.lastIndex { $0.name == name }
    if text == "br" || (text == "p" && match == nil) {
      // HTML makes `</br>` a <br>, and `</p>` with no <p> open an empty <p>.
      elements += 1
      if elements > limits.maxNodes { return HTMLTreeProblem(.tooManyNodes(limit: limits.maxNodes)) }
      return problem(atDepth: open.count + lingering.count + 1)
    }
    guard let match else {
      if let lingeringIndex = lingering.lastIndex(of: name) { lingering.remove(at: lingeringIndex) }
      return nil
    }
    let between = open[(match + 1)...]
    if Self.formattingElements.contains(text) {
      // A formatting element closed with a block open inside it stays as deep (HTML moves the
      // block out and reopens the formatting element inside it); count it that way.
      if between.contains(where: { $0.kind != .formatting && $0.kind != .ordinary }) { return nil }
    } else if between.contains(where: { $0.kind == .boundary }) {
      return nil
    }
    pop(to: match)
    return nil
  }

  /// Closes the nearest open `name` unless `stop` holds for an element above it.
  private mutating func closeOpen(_ name: String, stoppingAt stop: (Open) -> Bool) {
    let name = Array(name.utf8)
    var index = open.count - 1
    while index >= 0 {
      if open[index].name == name {
        pop(to: index)
        return
      }
      if stop(open[index]) { return }
      index -= 1
    }
  }

  /// Closes the open elements from the top down to the one at `index`, keeping the formatting
  /// elements among those above it as lingering.
  private mutating func pop(to index: Int) {
    for element in open[(index + 1)...] where element.kind == .formatting {
      lingering.append(element.name)
    }
    open.removeSubrange(index...)
  }

  private static func stopsListItem(_ element: Open) -> Bool {
    element.kind == .boundary
      || (element.kind == .special
        && !["address", "div", "p"].contains(String(decoding: element.name, as: UTF8.self)))
  }

  private static func stopsCell(_ element: Open) -> Bool {
    element.name == Array("table".utf8) || element.name == Array("tr".utf8)
  }

  private static func kind(of name: String) -> Kind {
    if formattingElements.contains(name) { return .formatting }
    if boundaries.contains(name) { return .boundary }
    if specialElements.contains(name) { return .special }
    return .ordinary
  }

  /// Where HTML's rules apply again inside SVG and MathML (text and HTML integration points).
  private static let integrationPoints: Set<String> = [
    "mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc", "title",
  ]

  /// Start tags that end foreign content (`<font>` only with some attributes; always, here).
  private static let breakOutOfForeignContent: Set<String> = [
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1",
    "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol",
    "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul",
    "var", "font",
  ]

  private static let formattingElements: Set<String> = [
    "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
  ]

  /// Elements an end tag's search does not pass (scope boundaries, and the foreign roots).
  private static let boundaries: Set<String> = [
    "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "svg", "math",
    "foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml",
  ]

  private static let specialElements: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "dd",
    "dt", "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "h1", "h2", "h3", "h4",
    "h5", "h6", "li", "listing", "main", "menu", "nav", "ol", "p", "pre", "section", "select", "summary",
    "tbody", "tfoot", "thead", "tr", "ul", "button", "colgroup", "textarea", "iframe", "noscript",
  ]

  /// Start tags that close an open `<p>`.
  private static let closesParagraph: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl",
    "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p",
    "section", "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "table",
    "hr", "xmp", "dd", "dt", "li", "plaintext",
  ]

  /// Start tags HTML drops inside a body.
  private static let ignoredInBody: Set<String> = ["html", "head", "body", "frameset"]

  /// HTML's whitespace in tags: tab, line feed, form feed, carriage return and space (other
  /// controls, NUL too, belong to the name).
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
  }

  /// The tag name at `start`, ASCII lowercased, up to whitespace, `/` or `>`.
  private static func name(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [UInt8] {
    var name: [UInt8] = []
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
      name.append(HTMLNames.lowercased(byte))
      index += 1
    }
    return name
  }

  /// The index after the `>` that ends a tag begun before `start` (quoted attribute values
  /// skipped), and whether the tag ended `/>`.
  private static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    index: Int, selfClosing: Bool
  ) {
    var index = start
    var afterEquals = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") {
        return (index + 1, index > start && bytes[index - 1] == UInt8(ascii: "/"))
      }
      if afterEquals, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        var close = index + 1
        while close < bytes.count, bytes[close] != byte { close += 1 }
        index = close + 1
        afterEquals = false
        continue
      }
      if byte == UInt8(ascii: "=") {
        afterEquals = true
      } else if !Self.isWhitespace(byte) {
        afterEquals = false
      }
      index += 1
    }
    return (bytes.count, false)
  }

  /// The index after the `-->` of a comment begun before `start`, or after the `>` of a
  /// `<!doctype>` or other bogus comment.
  private static func endOfComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let isComment =
      start + 1 < bytes.count && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-")
    guard isComment else { return end(of: bytes, from: start).index }
    var index = start
    while index + 2 < bytes.count {
      if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
        bytes[index + 2] == UInt8(ascii: ">")
      {
        return index + 3
      }
      index += 1
    }
    return bytes.count
  }

  /// Where the end tag of the raw-text element `name` starts, from `start`, or the end.
  private static func rawTextEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: [UInt8]) -> Int {
    var index = start
    while index + 1 + name.count < bytes.count {
      if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/") {
        var matches = true
        for (offset, letter) in name.enumerated()
        where HTMLNames.lowercased(bytes[index + 2 + offset]) != letter {
          matches = false
          break
        }
        if matches { return index }
      }
      index += 1
    }
    return bytes.count
  }
}

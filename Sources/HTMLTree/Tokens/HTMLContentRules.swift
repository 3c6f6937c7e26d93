/// The elements ``HTMLTokenReader`` reads without a tree, and where: those Folio's renderer
/// writes, in the places it writes them, where HTML parsing builds exactly the tree the tags
/// say. Anything else (an element HTML parsing treats specially, such as `<script>`, `<svg>`
/// or `<form>`, or a known element where the parser would move, close or reopen elements)
/// sends the fragment to gumbo.
enum HTMLContentRules {
  /// What the reader knows of one element.
  struct Element: Sendable {
    /// Its name, as tokens carry it.
    var name: String
    var traits: Traits
    /// Its own bit among ``parents`` of others (0 when no element needs it as a parent).
    var bit: UInt16 = 0
    /// The bits of the elements one of which must be its parent; 0 for any parent.
    var parents: UInt16 = 0
  }

  /// The kinds an element belongs to.
  struct Traits: OptionSet, Sendable {
    let rawValue: UInt8
    /// It may appear inside `<p>` and headings without closing them.
    static let phrasing = Traits(rawValue: 1)
    /// It holds flow content and closes an open `<p>`: read only outside `<p>` and headings.
    static let flow = Traits(rawValue: 2)
    /// Its content is read as phrasing only: a flow element inside would make the parser
    /// close it.
    static let phrasingOnly = Traits(rawValue: 4)
    /// An HTML void element.
    static let void = Traits(rawValue: 8)
    /// A table or a part of one, whose children may only be the parts below it and whitespace
    /// (the parser moves anything else out of a table).
    static let tablePart = Traits(rawValue: 16)
    /// A MathML element, read inside `<math>`.
    static let mathML = Traits(rawValue: 32)
    /// A MathML element whose content is text only here: inside it a tag would be read as HTML
    /// (text integration points) or would need more of the parser than this reads.
    static let mathText = Traits(rawValue: 64)
  }

  private static let ul: UInt16 = 1
  private static let ol: UInt16 = 2
  private static let dl: UInt16 = 4
  private static let table: UInt16 = 8
  private static let section: UInt16 = 16  // thead, tbody, tfoot
  private static let row: UInt16 = 32

  /// The parent each element must have where the parser is strict about it (a `<tr>` outside a
  /// table section gets a `<tbody>` made for it; an `<li>` closes an open `<li>`).
  private static let elements: [Element] = {
    var elements: [Element] = []
    for name in [
      "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "label",
      "mark", "picture", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ] {
      elements.append(Element(name: name, traits: .phrasing))
    }
    for name in ["br", "img", "input", "source", "wbr"] {
      elements.append(Element(name: name, traits: [.phrasing, .void]))
    }
    for name in [
      "article", "aside", "blockquote", "details", "div", "figcaption", "figure", "footer", "header", "main",
      "nav", "pre", "section", "summary",
    ] {
      elements.append(Element(name: name, traits: .flow))
    }
    elements.append(Element(name: "hr", traits: [.flow, .void]))
    for name in ["p", "h1", "h2", "h3", "h4", "h5", "h6"] {
      elements.append(Element(name: name, traits: [.flow, .phrasingOnly]))
    }
    elements += [
      Element(name: "ul", traits: .flow, bit: ul), Element(name: "ol", traits: .flow, bit: ol),
      Element(name: "dl", traits: .flow, bit: dl), Element(name: "li", traits: .flow, parents: ul | ol),
      Element(name: "dt", traits: .flow, parents: dl), Element(name: "dd", traits: .flow, parents: dl),
      Element(name: "table", traits: [.flow, .tablePart], bit: table),
      Element(name: "thead", traits: [.flow, .tablePart], bit: section, parents: table),
      Element(name: "tbody", traits: [.flow, .tablePart], bit: section, parents: table),
      Element(name: "tfoot", traits: [.flow, .tablePart], bit: section, parents: table),
      Element(name: "tr", traits: [.flow, .tablePart], bit: row, parents: section),
      Element(name: "td", traits: .flow, parents: row), Element(name: "th", traits: .flow, parents: row),
      // <math> goes where phrasing goes, and is a MathML element.
      Element(name: "math", traits: [.phrasing, .mathML]),
    ]
    for name in [
      "maction", "menclose", "merror", "mfenced", "mfrac", "mmultiscripts", "mover", "mpadded", "mphantom",
      "mprescripts", "mroot", "mrow", "mspace", "msqrt", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd",
      "mtr", "munder", "munderover", "none", "semantics",
    ] {
      elements.append(Element(name: name, traits: .mathML))
    }
    for name in ["mi", "mo", "mn", "ms", "mtext", "annotation"] {
      elements.append(Element(name: name, traits: [.mathML, .mathText]))
    }
    // By code, for ``element(code:)``; a name too long for a code is never read.
    return elements.filter { HTMLNameSet.code(of: $0.name.utf8) != nil }
      .sorted { HTMLNameSet.code(of: $0.name.utf8)! < HTMLNameSet.code(of: $1.name.utf8)! }
  }()

  private static let codes = elements.map { HTMLNameSet.code(of: $0.name.utf8)! }

  /// The element whose name has `code` (``HTMLNameSet/code(of:)``), or nil for one not read.
  static func element(code: UInt64) -> Element? {
    HTMLNameSet.index(of: code, in: codes).map { elements[$0] }
  }
}

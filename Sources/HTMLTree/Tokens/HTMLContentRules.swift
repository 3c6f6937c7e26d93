/// The elements ``HTMLTokenReader`` reads without a tree, and where: those Folio's renderer
/// writes, in the places it writes them, where HTML parsing builds exactly the tree the tags
/// say. Anything else (an element HTML parsing treats specially, such as `<script>`, `<svg>`
/// or `<form>`, or a known element where the parser would move, close or reopen elements)
/// sends the fragment to gumbo.
enum HTMLContentRules {
  /// Elements that may appear inside `<p>` and headings without closing them.
  static let phrasing: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i", "img", "input",
    "ins", "kbd", "label", "mark", "picture", "q", "s", "samp", "small", "source", "span", "strong", "sub",
    "sup", "time", "u", "var", "wbr",
  ]

  /// Elements that hold flow content and close an open `<p>`, read only outside `<p>` and
  /// headings.
  static let flow: Set<String> = [
    "article", "aside", "blockquote", "dd", "details", "div", "dl", "dt", "figcaption", "figure", "footer",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
    "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
  ]

  /// Elements whose content is read as phrasing only: a flow element inside them would make
  /// the parser close them.
  static let phrasingOnly: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6"]

  /// The parent each element must have where the parser is strict about it (a `<tr>` outside a
  /// table section gets a `<tbody>` made for it; an `<li>` closes an open `<li>`).
  static let parents: [String: Set<String>] = [
    "li": ["ul", "ol"], "dt": ["dl"], "dd": ["dl"], "thead": ["table"], "tbody": ["table"],
    "tfoot": ["table"], "tr": ["thead", "tbody", "tfoot"], "td": ["tr"], "th": ["tr"],
  ]

  /// Elements whose children may only be the elements above and whitespace (the parser moves
  /// anything else out of a table).
  static let tableParts: Set<String> = ["table", "thead", "tbody", "tfoot", "tr"]

  /// HTML's void elements among those read.
  static let void: Set<String> = ["br", "hr", "img", "input", "source", "wbr"]

  /// MathML elements read inside `<math>`.
  static let mathML: Set<String> = [
    "math", "maction", "annotation", "menclose", "merror", "mfenced", "mfrac", "mi", "mmultiscripts", "mn",
    "mo", "mover", "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mspace", "msqrt", "mstyle",
    "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder", "munderover", "none", "semantics",
  ]

  /// MathML elements whose content is text only here: inside them a tag would be read as HTML
  /// (text integration points) or would need more of the parser than this reads.
  static let mathText: Set<String> = ["mi", "mo", "mn", "ms", "mtext", "annotation"]
}

/// Writes a tree as XHTML or HTML (``HTMLSerialization``) into a byte buffer, with an explicit
/// stack of open elements so that a deep tree does not recurse on the call stack.
struct HTMLSerializer {
  /// An element whose children are being written.
  private struct Frame {
    var children: [HTMLNode]
    var next = 0
    /// The end tag to write after the children; nil for the top level and for an element left
    /// out around its children.
    var endTag: String?
    /// The namespace the children are in unless they say another (XHTML's `xmlns`).
    var namespace: HTMLNamespace
    /// The HTML raw-text element the children are in (`script`, `style`, …), for HTML output.
    var rawText: String?
  }

  let format: HTMLSerialization
  private(set) var output: [UInt8] = []
  /// Set after the start tag of `<pre>`, `<textarea>` or `<listing>` in HTML output, until
  /// what follows it is written: HTML parsing drops one newline right after those tags, so a
  /// first child that is text beginning with one gets another.
  private var protectsNewline = false

  /// A serializer for `format` whose output has room for `capacity` bytes before it grows.
  init(format: HTMLSerialization, capacity: Int = 0) {
    self.format = format
    output.reserveCapacity(capacity)
  }

  mutating func write(_ nodes: [HTMLNode]) {
    var stack = [Frame(children: nodes, endTag: nil, namespace: .html, rawText: nil)]
    while let top = stack.indices.last {
      guard stack[top].next < stack[top].children.count else {
        let done = stack.removeLast()
        if let endTag = done.endTag { close(endTag) }
        continue
      }
      let node = stack[top].children[stack[top].next]
      stack[top].next += 1
      switch node {
      case .comment: continue
      case .text(let text):
        write(text: text, rawText: stack[top].rawText)
      case .element(let element):
        if let frame = start(element, in: stack[top]) { stack.append(frame) }
      }
    }
  }

  /// Writes `element`'s start tag and returns the frame for its children, or nil for a void
  /// element (whose children, had it any, are left out).
  private mutating func start(_ element: HTMLElement, in parent: Frame) -> Frame? {
    switch open(
      element.name, namespace: element.namespace, attributes: element.attributes,
      parentNamespace: parent.namespace)
    {
    case .leftOut:
      return Frame(
        children: element.children, endTag: nil, namespace: parent.namespace, rawText: parent.rawText)
    case .void:
      return nil
    case .opened(let rawText):
      return Frame(
        children: element.children, endTag: element.name, namespace: element.namespace, rawText: rawText)
    }
  }

  /// What ``open(_:namespace:attributes:parentNamespace:)`` wrote.
  enum Opening: Equatable {
    /// Nothing: the name is no name of the format, so the element is left out around its
    /// children, which are written in the parent's namespace.
    case leftOut
    /// A void element's tag: it has no children and no end tag.
    case void
    /// A start tag; the children follow, then ``close(_:)``. `rawText` names the HTML raw-text
    /// element the children are the text of (`script`, `style`, …), nil for any other.
    case opened(rawText: String?)
  }

  /// Writes the start tag of an element in `namespace` inside an element of `parentNamespace`.
  mutating func open(
    _ name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute], parentNamespace: HTMLNamespace
  ) -> Opening {
    // A name with a code (letters, digits, hyphens) is a name of both formats; the code also
    // answers the three questions below without hashing.
    let code = HTMLNameSet.code(of: name.utf8)
    let valid =
      code != nil || (format == .xhtml ? XMLNames.isElementName(name) : HTMLNames.isTagName(name))
    guard valid else { return .leftOut }
    func isHTML(_ set: HTMLNameSet) -> Bool {
      guard namespace == .html else { return false }
      return code.map { set.contains(code: $0) } ?? set.contains(name)
    }
    protectsNewline = false
    append("<")
    append(name)
    switch format {
    case .xhtml: writeXHTMLAttributes(attributes, namespace: namespace, parentNamespace: parentNamespace)
    case .html: writeHTMLAttributes(attributes)
    }
    let isVoid = isHTML(HTMLNames.voidElements)
    if isVoid {
      append(format == .xhtml ? " />" : ">")
      return .void
    }
    append(">")
    protectsNewline = format == .html && isHTML(HTMLNames.newlineDroppingElements)
    let rawText = isHTML(HTMLNames.rawTextElements)
    return .opened(rawText: rawText ? name : nil)
  }

  /// Writes the end tag of the element `name`.
  mutating func close(_ name: String) {
    protectsNewline = false
    append("</", name, ">")
  }

  /// Writes `text` as the content of an element: escaped, or as it is inside the HTML
  /// raw-text element `rawText`.
  mutating func write(text: String, rawText: String?) {
    guard !text.isEmpty else { return }
    if protectsNewline, text.utf8.first == UInt8(ascii: "\n") { append("\n") }
    protectsNewline = false
    if format == .html, let rawText {
      writeRawText(text, in: rawText)
    } else {
      writeText(text)
    }
  }

  private mutating func writeXHTMLAttributes(
    _ attributes: [HTMLAttribute], namespace: HTMLNamespace, parentNamespace: HTMLNamespace
  ) {
    if namespace != parentNamespace {
      append(" xmlns=\"", namespace.uri, "\"")
    }
    // The element's `xmlns` is the one written above (or inherited), whatever the page said.
    var written = WrittenNames()
    _ = written.insert("xmlns")
    var declaresXLink = false
    var usesXLink = false
    for attribute in attributes {
      if attribute.name == "xmlns:xlink" {
        // Only XLink's own URI: another would bind the prefix elsewhere.
        guard !declaresXLink, attribute.value == XMLNames.xlinkNamespace else { continue }
        declaresXLink = true
      } else if attribute.name.utf8.starts(with: "xlink:".utf8) {
        usesXLink = true
      }
      guard HTMLNames.isPlainName(attribute.name) || XMLNames.isAttributeName(attribute.name),
        written.insert(attribute.name)
      else { continue }
      writeAttribute(attribute)
    }
    if usesXLink, !declaresXLink {
      append(" xmlns:xlink=\"", XMLNames.xlinkNamespace, "\"")
    }
  }

  private mutating func writeHTMLAttributes(_ attributes: [HTMLAttribute]) {
    var written = WrittenNames()
    for attribute in attributes
    where (HTMLNames.isPlainName(attribute.name) || HTMLNames.isAttributeName(attribute.name))
      && written.insert(attribute.name)
    {
      writeAttribute(attribute)
    }
  }

  private mutating func writeAttribute(_ attribute: HTMLAttribute) {
    append(" ")
    append(attribute.name)
    append("=\"")
    writeEscaped(attribute.value, inAttribute: true)
    append("\"")
  }

  private mutating func writeText(_ text: String) {
    writeEscaped(text, inAttribute: false)
  }

  /// Escapes `&`, `<` and `>` (and `"` in an attribute); for XHTML also leaves out what XML 1.0
  /// does not allow and writes the characters an XML parser would normalise as references.
  /// Runs of bytes that need nothing are copied at once: a book writes every chapter twice.
  private mutating func writeEscaped(_ text: String, inAttribute: Bool) {
    var text = text
    // Which bytes need a look: & < > everywhere, " in attributes, and in XHTML the C0 controls
    // and the lead byte of U+FFFE and U+FFFF.
    let table = HTMLSerializer.attention[(format == .xhtml ? 2 : 0) + (inAttribute ? 1 : 0)]
    text.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard table[Int(byte)] else {
          index += 1
          continue
        }
        if runStart < index {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        index += 1
        switch byte {
        case UInt8(ascii: "&"): append("&amp;")
        case UInt8(ascii: "<"): append("&lt;")
        case UInt8(ascii: ">"): append("&gt;")
        case UInt8(ascii: "\""): append("&quot;")
        case 0x0D: append("&#13;")
        case 0x09 where inAttribute: append("&#9;")
        case 0x0A where inAttribute: append("&#10;")
        case 0x09, 0x0A: output.append(byte)
        case 0xEF:
          // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
          if index + 1 < bytes.count, bytes[index] == 0xBF, bytes[index + 1] >= 0xBE {
            index += 2
          } else {
            output.append(byte)
          }
        default: break  // the other C0 controls, which XML does not allow
        }
        runStart = index
      }
      if runStart < bytes.count {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
      }
    }
  }

  /// For HTML text, HTML attributes, XHTML text and XHTML attributes: whether each byte needs
  /// more than copying (``writeEscaped(_:inAttribute:)``).
  private static let attention: [[Bool]] = [false, true].flatMap { xml in
    [false, true].map { inAttribute in
      (0..<256).map { byte in
        byte == Int(UInt8(ascii: "&")) || byte == Int(UInt8(ascii: "<")) || byte == Int(UInt8(ascii: ">"))
          || (inAttribute && byte == Int(UInt8(ascii: "\""))) || (xml && (byte < 0x20 || byte == 0xEF))
      }
    }
  }

  /// The text of an HTML raw-text element as it is, but for a `<` that would start its end tag.
  private mutating func writeRawText(_ text: String, in name: String) {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<"), HTMLNames.startsEndTag(of: name, in: bytes, at: index) {
        append("&lt;")
      } else {
        output.append(bytes[index])
      }
      index += 1
    }
  }

  private mutating func append(_ part: String) {
    var part = part
    part.withUTF8 { output.append(contentsOf: $0) }
  }

  private mutating func append(_ first: String, _ second: String, _ third: String) {
    append(first)
    append(second)
    append(third)
  }
}

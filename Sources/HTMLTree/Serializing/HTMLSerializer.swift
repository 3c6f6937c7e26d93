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

  init(format: HTMLSerialization) {
    self.format = format
  }

  mutating func write(_ nodes: [HTMLNode]) {
    var stack = [Frame(children: nodes, endTag: nil, namespace: .html, rawText: nil)]
    while let top = stack.indices.last {
      guard stack[top].next < stack[top].children.count else {
        let done = stack.removeLast()
        if let endTag = done.endTag { append("</", endTag, ">") }
        continue
      }
      let node = stack[top].children[stack[top].next]
      stack[top].next += 1
      switch node {
      case .comment: continue
      case .text(let text):
        if format == .html, let rawText = stack[top].rawText {
          writeRawText(text, in: rawText)
        } else {
          writeText(text)
        }
      case .element(let element):
        if let frame = start(element, in: stack[top]) { stack.append(frame) }
      }
    }
  }

  /// Writes `element`'s start tag and returns the frame for its children, or nil for a void
  /// element (whose children, had it any, are left out).
  private mutating func start(_ element: HTMLElement, in parent: Frame) -> Frame? {
    let valid = format == .xhtml ? XMLNames.isElementName(element.name) : HTMLNames.isTagName(element.name)
    guard valid else {
      return Frame(
        children: element.children, endTag: nil, namespace: parent.namespace, rawText: parent.rawText)
    }
    append("<")
    append(element.name)
    switch format {
    case .xhtml: writeXHTMLAttributes(of: element, parentNamespace: parent.namespace)
    case .html: writeHTMLAttributes(of: element)
    }
    let isVoid = element.namespace == .html && HTMLNames.voidElements.contains(element.name)
    if isVoid {
      append(format == .xhtml ? " />" : ">")
      return nil
    }
    append(">")
    if format == .html, element.namespace == .html, HTMLNames.newlineDroppingElements.contains(element.name),
      case .text(let text) = element.children.first, text.utf8.first == UInt8(ascii: "\n")
    {
      // HTML parsing drops one newline right after <pre>, <textarea> and <listing>.
      append("\n")
    }
    let rawText = element.namespace == .html && HTMLNames.rawTextElements.contains(element.name)
    return Frame(
      children: element.children, endTag: element.name, namespace: element.namespace,
      rawText: rawText ? element.name : nil)
  }

  private mutating func writeXHTMLAttributes(of element: HTMLElement, parentNamespace: HTMLNamespace) {
    if element.namespace != parentNamespace {
      append(" xmlns=\"", element.namespace.uri, "\"")
    }
    // The element's `xmlns` is the one written above (or inherited), whatever the page said.
    var written = WrittenNames()
    _ = written.insert("xmlns")
    var declaresXLink = false
    var usesXLink = false
    for attribute in element.attributes {
      if attribute.name == "xmlns:xlink" {
        // Only XLink's own URI: another would bind the prefix elsewhere.
        guard !declaresXLink, attribute.value == XMLNames.xlinkNamespace else { continue }
        declaresXLink = true
      } else if attribute.name.utf8.starts(with: "xlink:".utf8) {
        usesXLink = true
      }
      guard XMLNames.isAttributeName(attribute.name), written.insert(attribute.name) else { continue }
      writeAttribute(attribute)
    }
    if usesXLink, !declaresXLink {
      append(" xmlns:xlink=\"", XMLNames.xlinkNamespace, "\"")
    }
  }

  private mutating func writeHTMLAttributes(of element: HTMLElement) {
    var written = WrittenNames()
    for attribute in element.attributes
    where HTMLNames.isAttributeName(attribute.name) && written.insert(attribute.name) {
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
  private mutating func writeEscaped(_ text: String, inAttribute: Bool) {
    let xml = format == .xhtml
    var utf8 = text.utf8.makeIterator()
    while let byte = utf8.next() {
      switch byte {
      case UInt8(ascii: "&"): append("&amp;")
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case UInt8(ascii: "\"") where inAttribute: append("&quot;")
      case 0x0D where xml: append("&#13;")
      case 0x09 where xml && inAttribute: append("&#9;")
      case 0x0A where xml && inAttribute: append("&#10;")
      case 0x09, 0x0A, 0x0D: output.append(byte)
      case 0x00..<0x20 where xml: continue
      case 0xEF where xml:
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
        let second = utf8.next()
        let third = utf8.next()
        if second == 0xBF, let third, third >= 0xBE { continue }
        output.append(byte)
        if let second { output.append(second) }
        if let third { output.append(third) }
      default: output.append(byte)
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
    output.append(contentsOf: part.utf8)
  }

  private mutating func append(_ first: String, _ second: String, _ third: String) {
    append(first)
    append(second)
    append(third)
  }
}

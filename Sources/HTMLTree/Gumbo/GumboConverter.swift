internal import CGumbo

/// The only code that sees gumbo: parses a fragment and converts gumbo's tree into
/// ``HTMLNode`` values at once, with an explicit stack, then frees gumbo's allocations.
enum GumboConverter {
  /// An element whose children are being converted.
  private struct Frame {
    let children: UnsafePointer<GumboVector>
    var next: UInt32 = 0
    var element: HTMLElement
  }

  static func parse(_ input: [UInt8], limits: HTMLLimits) throws(HTMLTreeProblem) -> [HTMLNode] {
    let arena = UnsafeMutablePointer<folio_gumbo_arena>.allocate(capacity: 1)
    defer { arena.deallocate() }
    let parsed: Result<[HTMLNode], HTMLTreeProblem> = input.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        // An empty buffer has no base address; gumbo reads none of it.
        let empty: CChar = 0
        return withUnsafePointer(to: empty) { emptyPointer in
          let output = folio_gumbo_parse_fragment(
            arena, characters.baseAddress ?? emptyPointer, characters.count)
          defer { folio_gumbo_free_all(arena) }
          guard let root = output?.pointee.root else { return .success([]) }
          return Result { () throws(HTMLTreeProblem) in try convert(root, limits: limits) }
        }
      }
    }
    return try parsed.get()
  }

  /// The children of gumbo's `<html>` root, which hold the fragment.
  private static func convert(_ root: UnsafeMutablePointer<GumboNode>, limits: HTMLLimits)
    throws(HTMLTreeProblem) -> [HTMLNode]
  {
    guard let rootElement = folio_gumbo_element(root) else { return [] }
    var stack = [Frame(children: folio_gumbo_children(rootElement), element: HTMLElement("div"))]
    var nodeCount = 0
    while let top = stack.indices.last {
      let children = stack[top].children
      guard stack[top].next < children.pointee.length else {
        if top == 0 { break }
        let done = stack.removeLast()
        stack[top - 1].element.children.append(.element(done.element))
        continue
      }
      let index = stack[top].next
      stack[top].next += 1
      guard let node = folio_gumbo_child(children, index) else { continue }
      nodeCount += 1
      if nodeCount > limits.maxNodes { throw HTMLTreeProblem(.tooManyNodes(limit: limits.maxNodes)) }
      switch node.pointee.type {
      case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
        // The top-level nodes are at depth 1, below the frame of gumbo's root.
        if stack.count > limits.maxDepth { throw HTMLTreeProblem(.tooDeep(limit: limits.maxDepth)) }
        guard let gumboElement = folio_gumbo_element(node) else { continue }
        stack.append(
          Frame(children: folio_gumbo_children(gumboElement), element: element(from: gumboElement)))
      case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
        stack[top].element.children.append(.text(string(node.pointee.v.text.text)))
      case GUMBO_NODE_COMMENT:
        stack[top].element.children.append(.comment(string(node.pointee.v.text.text)))
      default:
        continue
      }
    }
    return stack.first?.element.children ?? []
  }

  /// An element's name, namespace and attributes (its children come from the walk).
  private static func element(from element: UnsafePointer<GumboElement>) -> HTMLElement {
    let namespace: HTMLNamespace =
      switch element.pointee.tag_namespace {
      case GUMBO_NAMESPACE_SVG: .svg
      case GUMBO_NAMESPACE_MATHML: .mathML
      default: .html
      }
    var attributes: [HTMLAttribute] = []
    guard let vector = folio_gumbo_attributes(element) else { return HTMLElement("span") }
    attributes.reserveCapacity(Int(vector.pointee.length))
    for index in 0..<vector.pointee.length {
      guard let attribute = folio_gumbo_attribute(vector, index) else { continue }
      attributes.append(
        HTMLAttribute(name: name(of: attribute.pointee), value: string(attribute.pointee.value)))
    }
    return HTMLElement(
      name(of: element.pointee, namespace: namespace), namespace: namespace, attributes: attributes)
  }

  /// The local name: gumbo's for the tags it knows, SVG's own case where gumbo knows it, and
  /// otherwise the name as written, in ASCII lowercase.
  private static func name(of element: GumboElement, namespace: HTMLNamespace) -> String {
    var written = element.original_tag
    if written.length >= 2, let data = written.data {
      // Past `<` or `</`, up to whitespace, `/` or `>`.
      let bytes = UnsafeRawBufferPointer(start: data, count: written.length)
      var start = 1
      if bytes[1] == UInt8(ascii: "/") { start = 2 }
      var end = start
      while end < bytes.count, bytes[end] > 0x20, bytes[end] != UInt8(ascii: "/"),
        bytes[end] != UInt8(ascii: ">")
      {
        end += 1
      }
      written = GumboStringPiece(data: data + start, length: end - start)
      if namespace == .svg, let svgName = gumbo_normalize_svg_tagname(&written) {
        return String(cString: svgName)
      }
      if element.tag == GUMBO_TAG_UNKNOWN {
        let name = UnsafeRawBufferPointer(start: data + start, count: end - start)
        return String(decoding: name.map(HTMLNames.lowercased), as: UTF8.self)
      }
    }
    guard let known = gumbo_normalized_tagname(element.tag) else { return "span" }
    return String(cString: known)
  }

  /// The attribute's name with the prefix of the namespace HTML parsing put it in.
  private static func name(of attribute: GumboAttribute) -> String {
    let local = string(attribute.name)
    switch attribute.attr_namespace {
    case GUMBO_ATTR_NAMESPACE_XLINK: return "xlink:" + local
    case GUMBO_ATTR_NAMESPACE_XML: return "xml:" + local
    case GUMBO_ATTR_NAMESPACE_XMLNS: return local == "xmlns" ? local : "xmlns:" + local
    default: return local
    }
  }

  /// A NUL-terminated UTF-8 string of gumbo's (already valid: gumbo replaces bad sequences).
  private static func string(_ characters: UnsafePointer<CChar>?) -> String {
    guard let characters else { return "" }
    return String(cString: characters)
  }
}

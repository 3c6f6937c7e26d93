/// The walk behind ``HTMLFragment/rewritten(_:)``: an explicit stack of the elements being
/// rebuilt, so a deep tree does not recurse on the call stack.
enum HTMLRewriter {
  /// An element whose children are being rewritten.
  private struct Frame {
    /// The element as edited (its children still the old ones), and what becomes of it.
    var edit: HTMLElementEdit?
    var children: [HTMLNode]
    var next = 0
    var rewritten: [HTMLNode] = []
  }

  static func rewrite(_ nodes: [HTMLNode], _ transform: (inout HTMLElementEdit) -> Void) -> [HTMLNode] {
    var stack = [Frame(edit: nil, children: nodes)]
    while true {
      let top = stack.count - 1
      if stack[top].next < stack[top].children.count {
        let node = stack[top].children[stack[top].next]
        stack[top].next += 1
        guard case .element(let element) = node else {
          stack[top].rewritten.append(node)
          continue
        }
        var edit = HTMLElementEdit(element)
        transform(&edit)
        if edit.action != .remove {
          stack.append(Frame(edit: edit, children: element.children))
        }
        continue
      }
      let done = stack.removeLast()
      guard let edit = done.edit else { return done.rewritten }
      if edit.action == .unwrap {
        stack[stack.count - 1].rewritten += done.rewritten
      } else {
        let element = HTMLElement(
          edit.name, namespace: edit.namespace, attributes: edit.attributes, children: done.rewritten)
        stack[stack.count - 1].rewritten.append(.element(element))
      }
    }
  }
}

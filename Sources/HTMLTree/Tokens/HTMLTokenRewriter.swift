/// Writes tokens (``HTMLToken``) rewritten and serialised, as ``HTMLFragment`` writes the tree
/// the same markup parses to, rewritten with the same transform: the transform sees each
/// element before its children, and the one ``HTMLSerializer`` writes both, so the two ways
/// give the same bytes.
enum HTMLTokenRewriter {
  /// An element whose children are being written.
  private struct Frame {
    /// The end tag to write after the children; nil for the top level and for an element left
    /// out around its children.
    var endTag: String?
    var namespace: HTMLNamespace
    var rawText: String?
  }

  /// The tokens rewritten by `transform` and written as `format`, into an output with room for
  /// `capacity` bytes.
  static func write(
    _ tokens: [HTMLToken], as format: HTMLSerialization, capacity: Int,
    _ transform: (inout HTMLElementEdit) -> Void
  ) -> [UInt8] {
    var serializer = HTMLSerializer(format: format, capacity: capacity)
    var stack = [Frame(endTag: nil, namespace: .html, rawText: nil)]
    var index = 0
    while index < tokens.count {
      switch tokens[index] {
      case .text(let text):
        serializer.write(text: text, rawText: stack[stack.count - 1].rawText)
        index += 1
      case .end:
        if let endTag = stack.removeLast().endTag { serializer.close(endTag) }
        index += 1
      case .start(let tag, let end):
        let parent = stack[stack.count - 1]
        let hasChildren = end != index
        var edit = HTMLElementEdit(name: tag.name, namespace: tag.namespace, attributes: tag.attributes)
        transform(&edit)
        index += 1
        switch edit.action {
        case .remove:
          index = end + 1
        case .unwrap:
          if hasChildren {
            stack.append(Frame(endTag: nil, namespace: parent.namespace, rawText: parent.rawText))
          }
        case .keep:
          switch serializer.open(
            edit.name, namespace: edit.namespace, attributes: edit.attributes,
            parentNamespace: parent.namespace)
          {
          case .leftOut:
            if hasChildren {
              stack.append(Frame(endTag: nil, namespace: parent.namespace, rawText: parent.rawText))
            }
          case .void:
            // A void element has no children: any the element had are left out.
            if hasChildren { index = end + 1 }
          case .opened(let rawText):
            if hasChildren {
              stack.append(Frame(endTag: edit.name, namespace: edit.namespace, rawText: rawText))
            } else {
              serializer.close(edit.name)
            }
          }
        }
      }
    }
    return serializer.output
  }
}

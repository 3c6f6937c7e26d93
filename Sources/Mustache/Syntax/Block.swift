import Diagnostics

/// A block, `{{$name}}…{{/name}}`: a named place in a template that a parent tag's body can fill.
///
/// A block outside a parent tag's body is a place to fill, and its content is the default. A
/// block inside a parent tag's body is an override. Overrides are re-indented: the parser strips
/// the override's own ``indentation`` from each of its lines, and the renderer prepends the
/// place's indentation, so content lines up where it lands.
final class Block: Sendable {
  /// The block's name, in a namespace of its own.
  let name: String
  /// The default content (a place) or the replacement content (an override).
  let nodes: [Node]
  /// The indentation of the block's content: the leading whitespace of the line after a standalone
  /// opening tag, otherwise of the tag's own line.
  let indentation: String
  /// Whether the opening tag stands alone on its line, so the content starts on the next line.
  let isStandalone: Bool
  /// Where the opening tag starts.
  let location: SourceLocation

  /// Creates the node's payload.
  init(name: String, nodes: [Node], indentation: String, isStandalone: Bool, location: SourceLocation) {
    self.name = name
    self.nodes = nodes
    self.indentation = indentation
    self.isStandalone = isStandalone
    self.location = location
  }
}

/// An element: its local name, its namespace, its attributes in document order and its children.
public struct HTMLElement: Sendable, Hashable {
  /// The local name: lowercase for HTML and MathML, SVG's own case for SVG (`foreignObject`).
  public var name: String
  /// The namespace the element is in.
  public var namespace: HTMLNamespace
  /// The attributes in the order they were written, each name once.
  public var attributes: [HTMLAttribute]
  /// The child nodes in document order; for `<template>`, its contents.
  public var children: [HTMLNode]

  /// Creates an element.
  public init(
    _ name: String, namespace: HTMLNamespace = .html, attributes: [HTMLAttribute] = [],
    children: [HTMLNode] = []
  ) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.children = children
  }

  /// The value of the first attribute called `name`, or nil when there is none.
  public subscript(attribute name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Whether this is the HTML element `name` (a void element, say) and not SVG's or MathML's.
  public func isHTML(_ name: String) -> Bool {
    namespace == .html && self.name == name
  }
}

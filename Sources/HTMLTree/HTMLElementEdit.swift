/// One element as a rewrite sees it: its name and attributes to change, and what becomes of it.
public struct HTMLElementEdit: Sendable {
  /// What a rewrite does with the element.
  public enum Action: Sendable, Hashable {
    /// Keeps the element (with the edited name and attributes) and visits its children.
    case keep
    /// Removes the element and everything in it.
    case remove
    /// Removes the element but keeps its children (rewritten) in its place.
    case unwrap
  }

  /// The element's local name; set it to rename the element.
  public var name: String
  /// The element's namespace.
  public let namespace: HTMLNamespace
  /// The attributes in document order; edit them in place.
  public var attributes: [HTMLAttribute]
  /// What becomes of the element; `.keep` unless the rewrite says otherwise.
  public var action: Action = .keep
  init(_ element: HTMLElement) {
    self.init(name: element.name, namespace: element.namespace, attributes: element.attributes)
  }

  init(name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
  }

  /// The value of the first attribute called `name`; setting a value replaces it in place or
  /// appends the attribute, and setting nil removes every attribute of that name.
  public subscript(attribute name: String) -> String? {
    get { attributes.first { $0.name == name }?.value }
    set {
      guard let newValue else {
        // Only when there is one to remove: removing copies attributes the edit still shares.
        if attributes.contains(where: { $0.name == name }) { attributes.removeAll { $0.name == name } }
        return
      }
      if let index = attributes.firstIndex(where: { $0.name == name }) {
        attributes[index].value = newValue
      } else {
        attributes.append(HTMLAttribute(name: name, value: newValue))
      }
    }
  }

  /// Whether this is the HTML element `name`, not an SVG or MathML element of that name.
  public func isHTML(_ name: String) -> Bool {
    namespace == .html && self.name == name
  }
}

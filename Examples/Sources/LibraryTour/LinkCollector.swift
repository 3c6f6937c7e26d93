import RichText

/// Collects the destination of every link, in document order: a visitor implements only the
/// events it needs.
struct LinkCollector: AttributedTextVisitor {
  private(set) var urls: [String] = []

  mutating func enterInline(_ container: InlineIntent.Component) {
    if case .link(let link) = container.kind { urls.append(link.url) }
  }

  /// The link destinations of `text`.
  static func links(in text: AttributedText) -> [String] {
    var collector = LinkCollector()
    text.walk(&collector)
    return collector.urls
  }
}

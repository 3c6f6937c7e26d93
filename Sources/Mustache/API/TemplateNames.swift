/// The names that rendering some templates can look up in its data: every part of every dotted
/// name in their tags (`{{page.meta.jsonLD}}` gives `page`, `meta` and `jsonLD`), through every
/// partial and parent they include.
///
/// A member whose name is not here is never read, whatever object holds it and at whatever depth
/// of the context stack, so a caller may leave it out of the data without changing a byte of
/// output: a site generator need not make a page's structured data for layouts that never show
/// it, as Hugo computes a page's methods only when a template calls them.
///
/// ```swift
/// let names = library.names(usedBy: ["page"])
/// if names.contains("toc") { page["toc"] = tableOfContents() }
/// ```
///
/// A lambda whose result is rendered as a template (``TemplateLambda/init(_:)``) can look up
/// names that no tag holds: data with such lambdas should be made for ``all``.
public struct TemplateNames: Sendable {
  /// The parts of every name, or `nil` for every name there is.
  private let parts: Set<String>?

  /// Every name: what a caller assumes when it does not know which templates will render.
  public static let all = TemplateNames(parts: nil)

  /// The names `parts`; `nil` for every name.
  init(parts: Set<String>?) {
    self.parts = parts
  }

  /// Whether a tag can look up a member called `name`.
  public func contains(_ name: String) -> Bool {
    parts?.contains(name) ?? true
  }
}

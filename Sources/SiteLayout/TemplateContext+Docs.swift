import Mustache
import SiteContent

/// What a documentation page's layout gets (``DocsNavigation``): `page.isDocs`, `page.sidebar`,
/// `page.breadcrumbs` and `page.hasBreadcrumbs`.
extension TemplateContext {
  /// Adds the documentation members to `page` when `job` shows a documentation page or list.
  func addDocs(of job: SiteStructure.Job, language: String, to page: inout [String: TemplateValue]) {
    guard let source = job.page, let tree = site.docs.tree(of: source.url) ?? tree(holding: source) else {
      page["isDocs"] = .bool(false)
      return
    }
    page["isDocs"] = .bool(true)
    page["sidebar"] = .array(tree.items.map { sidebarItem($0, current: source.url).value })
    let crumbs = breadcrumbs(of: source, title: job.title, url: job.url, language: language)
    page["hasBreadcrumbs"] = .bool(crumbs.count > 1)
    page["breadcrumbs"] = .array(
      crumbs.enumerated().map { index, crumb in
        .object([
          "title": .string(crumb.0), "url": href(crumb.1), "isCurrent": .bool(index == crumbs.count - 1),
        ])
      })
  }

  /// The tree of a documentation page that its sidebar does not show (a page with a layout of
  /// its own is still in it; a generated list whose folder the nav leaves out is not).
  private func tree(holding page: Page) -> DocsNavigation.Tree? {
    guard site.docs.isDocs(page.folder) else { return nil }
    return site.docs.trees.first { tree in
      tree.root.language == page.language && DocsNavigation.isBelow(page.folder, tree.root.folder)
    }
  }

  /// One entry of the sidebar: `title`, `url` (null for a group without a page), `isCurrent`,
  /// `isGroup`, `isOpen` (a group holding the current page), `isExternal`, `children` and
  /// `hasChildren`; and whether it holds the current page.
  private func sidebarItem(_ item: DocsNavigation.Item, current: String) -> (value: TemplateValue, open: Bool)
  {
    let children = item.children.map { sidebarItem($0, current: current) }
    let isCurrent = item.page?.url == current
    let open = isCurrent || children.contains { $0.open }
    let url: TemplateValue = item.page.map { href($0.url) } ?? item.externalURL.map { .string($0) } ?? .null
    let value = TemplateValue.object([
      "title": .string(item.title), "url": url, "isCurrent": .bool(isCurrent), "isGroup": .bool(item.isGroup),
      "isOpen": .bool(open), "isExternal": .bool(item.externalURL != nil),
      "children": .array(children.map(\.value)), "hasChildren": .bool(!children.isEmpty),
    ])
    return (value, open)
  }
}

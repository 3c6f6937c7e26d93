import Mustache

/// Which of a page's costlier template members the site's layouts can read, from the names in
/// their tags (``TemplateNames``): a member no tag names is left out of the data, as its absence
/// cannot change a byte of output. The minimal layouts of a site that shows a page's title and
/// content skip its structured data, its table of contents and every list entry.
///
/// Every flag is a plain value, so that the render workers read it without touching a shared
/// reference count.
struct LayoutReads: Sendable {
  /// `page.meta`: the description, OpenGraph and JSON-LD.
  var meta = true
  /// `page.params`: the front matter's own fields.
  var params = true
  /// `list.pages`, the entries of a list; each page's entry is made while the pages are laid out.
  var listPages = true
  /// `list.terms`.
  var terms = true
  /// `list.pagination`.
  var pagination = true
  /// `page.previous` and `page.next`.
  var neighbours = true
  /// `page.section`.
  var section = true
  /// `page.date`, `page.dateText`, `page.dateISO` and `page.tags`, when no list entry is made.
  var date = true
  var dateText = true
  var dateISO = true
  var tags = true
  /// `page.updated`, `page.updatedText` and `page.updatedISO`.
  var updated = true
  /// `page.titleHeading`, `page.body` and `page.hasTitleHeadingBelow`.
  var titleHeading = true
  /// `page.toc` and `page.hasToc`.
  var toc = true
  /// `page.isDocs`, `page.sidebar`, `page.breadcrumbs` and `page.hasBreadcrumbs`.
  var docs = true
  /// `site.menu`.
  var menu = true

  /// Every member: data for layouts not known in advance.
  static let everything = LayoutReads()

  /// The members that layouts using `names` can read.
  init(_ names: TemplateNames) {
    func any(_ candidates: String...) -> Bool { candidates.contains { names.contains($0) } }
    meta = any("meta")
    params = any("params")
    listPages = any("pages")
    terms = any("terms")
    pagination = any("pagination")
    neighbours = any("previous", "next")
    section = any("section")
    date = any("date")
    dateText = any("dateText")
    dateISO = any("dateISO")
    tags = any("tags")
    updated = any("updated", "updatedText", "updatedISO")
    titleHeading = any("titleHeading", "body", "hasTitleHeadingBelow")
    toc = any("toc", "hasToc")
    docs = any("isDocs", "sidebar", "breadcrumbs", "hasBreadcrumbs")
    menu = any("menu")
  }

  /// Every member.
  private init() {}
}

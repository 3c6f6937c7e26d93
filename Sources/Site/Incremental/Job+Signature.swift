import SiteContent
import SiteLayout

extension SiteStructure.Job {
  /// Everything the job's output depends on besides templates and configuration (whose changes
  /// drop every stored output): its own fields and the versions of the pages it shows. A page's
  /// version changes whenever it is read again, so its fields need no hashing of their own;
  /// for the pages it only lists or links (neighbours, its section), what counts is the
  /// version of what lists show of them (``Page/listVersion``).
  func signature(in site: SiteStructure, _ configuration: SiteConfiguration) -> Int {
    var hasher = Hasher()
    hasher.combine(pageNumber)
    // Pager URLs follow from the first one and the count; hashing all of them would cost
    // pages × pages for a long paginated list.
    hasher.combine(pageCount)
    hasher.combine(pagerURLs.first)
    if let own = page {
      hasher.combine(own.version)
      let neighbours = site.neighbours[own.url]
      hasher.combine(neighbours?.previous?.listVersion ?? -1)
      hasher.combine(neighbours?.next?.listVersion ?? -1)
      hasher.combine(site.sections[own.folder]?.listVersion ?? -1)
      // Its own tags' links, which for a section or home page lead to a term's page only while
      // another page is listed under the term.
      if own.kind != .page, !own.terms.isEmpty {
        for url in site.termURLs(of: own, configuration) { hasher.combine(url) }
      }
    } else {
      hasher.combine(layout)
      hasher.combine(url)
      hasher.combine(title)
    }
    for listed in listed { hasher.combine(listed.listVersion) }
    // The alternates and the language switcher show the translations' URLs and titles.
    for translation in site.translations(of: self) { hasher.combine(translation) }
    for term in terms {
      hasher.combine(term.name)
      hasher.combine(term.count)
    }
    // A search page offers one index per language of the shown pages (`site.search`).
    if layout == "search" {
      for language in Set(site.pages.compactMap(\.language)).sorted() { hasher.combine(language) }
    }
    return hasher.finalize()
  }
}

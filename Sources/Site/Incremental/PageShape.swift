import SiteContent

/// The fields of a page that decide where it sits in the site's structure: its URL and folder,
/// what orders it (weight, date, title), whether and where it is listed (kind, draft state,
/// taxonomy terms), what its job looks like (layout) and what else it claims (aliases, last
/// modified date for the sitemap) and, on a multilingual site, its language and translations.
///
/// Two loads of a page with equal shapes leave ``SiteStructure`` as it was except for the page
/// object itself, so a rebuild can swap the new page in instead of organising the site again.
/// Everything else (body, summary, parameters) is read from the page when its jobs
/// are laid out, and those jobs are laid out again because the page's version changed.
struct PageShape: Equatable {
  var kind: Page.Kind
  var folder: String
  var url: String
  var title: String
  var date: String?
  var updated: String?
  var isDraft: Bool
  var weight: Int
  var terms: [String: [String]]
  var layout: String?
  var aliases: [String]
  /// On a multilingual site: which lists show the page, and which pages are its translations.
  var language: String?
  var translationKey: String?

  init(_ page: Page) {
    kind = page.kind
    folder = page.folder
    url = page.url
    title = page.title
    date = page.date
    updated = page.updated
    isDraft = page.isDraft
    weight = page.weight
    terms = page.terms
    layout = page.layout
    aliases = page.aliases
    // Every page of a multilingual site has a translation key and no page of another site has
    // one: there `lang` only changes words, not where the page is listed.
    language = page.translationKey == nil ? nil : page.language
    translationKey = page.translationKey
  }
}

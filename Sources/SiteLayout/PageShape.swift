import Diagnostics
import SiteContent

/// The fields of a page that decide where it sits in the site's structure: its URL and folder,
/// what orders it (weight, date, title), whether and where it is listed (kind, draft state,
/// taxonomy terms), what its job looks like (layout) and what else it claims (aliases, last
/// modified date for the sitemap), its language (on a multilingual site, which lists show it;
/// on any site, the language of its redirects and which indexes the search page offers) and
/// its translations.
///
/// The structure stage's key, one per page: two loads of a page with equal shapes leave
/// ``SiteStructure`` as it was except for the page object itself, so a rebuild swaps the new
/// page in (``SiteStructure/replace(_:)``, which checks the shapes) instead of organising the
/// site again. A field the structure reads belongs here, next to the stage that reads it; the
/// generated-edit test (`GeneratedEditTests`) finds one that is missing.
/// Everything else (body, summary, parameters) is read from the page when its jobs
/// are laid out, and those jobs are laid out again where what they show of it changed (their
/// keys, ``LayoutStage``).
package struct PageShape: Equatable {
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
  /// Where each alias is written: the structure's warnings about an alias point there, so an
  /// edit that moves the line (a field added above it) organises the site again.
  var aliasLocations: [SourceLocation?]
  var language: String?
  /// On a multilingual site: which pages are the page's translations.
  var translationKey: String?

  /// The shape of `page`.
  package init(_ page: Page) {
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
    aliasLocations = page.aliasLocations
    language = page.language
    translationKey = page.translationKey
  }
}

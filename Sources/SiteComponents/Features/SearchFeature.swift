import SiteContent
import SiteSearch

/// Site search (`SiteSearch`): its folio.yaml section (`search:`) and each page's search
/// document, tokenised as the page is rendered. The index is written by the build from the
/// documents (the session's search step, which a preview server defers past the reload), and
/// the `/search/` pages are jobs of the site's structure.
struct SearchFeature: SiteFeature {
  var settingsSection: (any SettingsSection.Type)? { SearchSettings.self }

  /// The page as the index reads it: title, headings and body text from the model, hidden
  /// blocks (directives) left out.
  func finish(_ page: inout PagePass) {
    guard let settings = page.configuration.search else { return }
    let configuration = page.configuration
    page.searchDocument = SearchDocument(
      url: configuration.href(page.page.url), title: page.page.title, date: page.page.date,
      language: SearchIndex.language(ofPage: page.page.language, site: configuration.language),
      text: SearchText(
        title: page.page.title, text: page.text, includesCode: settings.includesCode,
        hidden: page.decorations.hiddenBlocks))
  }
}

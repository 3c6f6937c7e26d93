/// Link cards (`markdown.linkCards` in folio.yaml): a paragraph that is only a URL, and
/// `@[card](url)`, written as a card (``LinkCard``) with the title the link cache of `folio
/// check --external` gives it (``BuildContext/linkTitles``).
struct LinkCardFeature: SiteFeature {
  /// The page's cards, by paragraph, for the block writer; their links are then left out of the
  /// text's links (the card writes its own).
  func prepare(_ page: inout PagePass) throws {
    guard page.configuration.linkCards else { return }
    page.components.linkCards = LinkCard.find(
      in: page.text, topLevel: page.topLevel, titles: page.context.linkTitles)
  }
}

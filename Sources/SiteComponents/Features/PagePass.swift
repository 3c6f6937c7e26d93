import Diagnostics
import Foundation
import HTMLRendering
import RichText
import SiteContent
import SiteSearch

/// One page's rendering as the features see it (``SiteFeature/prepare(_:)`` before the HTML is
/// written, ``SiteFeature/finish(_:)`` after): the page, what it is rendered with, and what the
/// features add to it.
package struct PagePass {
  /// The page.
  package let page: Page
  /// Its parsed text.
  package let text: AttributedText
  /// The text's top-level blocks, in order.
  let topLevel: [TopLevelBlock]
  /// The site's settings.
  package let configuration: SiteConfiguration
  /// The run's choices (the math renderer, the link cache's titles).
  package let context: BuildContext
  /// What the renderer does besides writing cmark-gfm's HTML (heading ids, hidden blocks,
  /// formulas; the links' destinations are added after the passes).
  package var decorations: RenderDecorations
  /// Folio's block writers (components, highlighted code).
  var components: FolioComponents
  /// The warnings found on the page so far, in order.
  package var warnings: [Diagnostic]
  /// The page as the search index reads it (``SearchFeature``); nil when search is off.
  package var searchDocument: SearchDocument? = nil
  /// Whether the content holds a Mermaid diagram (``DiagramFeature``).
  package var hasDiagrams = false
}

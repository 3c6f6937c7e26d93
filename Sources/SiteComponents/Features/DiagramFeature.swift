import RichText

/// Mermaid diagrams (a `mermaid` code block): written as the diagram's source for the site's
/// `mermaid.min.js` (``WritingBlocks``); the page notes that it holds one, so that its layout
/// loads the script.
struct DiagramFeature: SiteFeature {
  func finish(_ page: inout PagePass) {
    page.hasDiagrams = page.text.blockRecords.contains { record in
      if case .codeBlock("mermaid", _, _) = record.kind { true } else { false }
    }
  }
}
